import type { JsonSchema, ProcedureCatalog } from './procedures';
import { V1_RESOURCES, type V1Resource } from './resources';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const COMMON_ERRORS = {
  '400': errorResponse('Invalid input: `message` names the field and the rule; `issues` lists every field'),
  '401': errorResponse('Not authenticated, or an invalid or revoked API key'),
  '403': errorResponse("The key's or member's role lacks the permission named in `message`"),
};
const NOT_FOUND = { '404': errorResponse('No such record in your organization') };

function withoutId(schema: JsonSchema): JsonSchema {
  const properties = { ...schema.properties };
  delete properties.id;
  return { ...schema, properties, required: (schema.required ?? []).filter((k) => k !== 'id') };
}

function permissionNote(catalog: ProcedureCatalog, path: string): string {
  const { permission } = catalog.procedureMeta(path);
  return permission ? ` Requires the \`${permission}\` permission.` : '';
}

function resourcePaths(catalog: ProcedureCatalog, resource: V1Resource) {
  const { inputJsonSchema, outputJsonSchema } = catalog;
  const { name, noun, procedures } = resource;
  const tag = name;
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: `The ${noun}'s id` };
  const listSchema = inputJsonSchema(procedures.list);
  const answer = (description: string, path: string) => ({ description, content: { 'application/json': { schema: outputJsonSchema(path) } } });
  return {
    [`/api/v1/${name}`]: {
      get: {
        tags: [tag],
        operationId: `list_${name}`,
        summary: `List ${name}`,
        description: `Answers a page of ${name} (\`items\`, \`total\`, …).${permissionNote(catalog, procedures.list)}`,
        parameters: Object.entries(listSchema.properties ?? {}).map(([key, schema]) => ({
          name: key,
          in: 'query',
          required: (listSchema.required ?? []).includes(key),
          schema,
          ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
        })),
        responses: { '200': answer(`A page of ${name}`, procedures.list), ...COMMON_ERRORS },
      },
      post: {
        tags: [tag],
        operationId: `create_${noun}`,
        summary: `Create a ${noun}`,
        description: `Answers the created ${noun} with status 201.${permissionNote(catalog, procedures.create)}`,
        requestBody: { required: true, content: { 'application/json': { schema: inputJsonSchema(procedures.create) } } },
        responses: { '201': answer(`The created ${noun}`, procedures.create), ...COMMON_ERRORS },
      },
    },
    [`/api/v1/${name}/{id}`]: {
      get: {
        tags: [tag],
        operationId: `get_${noun}`,
        summary: `Get a ${noun}`,
        description: permissionNote(catalog, procedures.get).trim(),
        parameters: [idParam],
        responses: { '200': answer(`The ${noun}`, procedures.get), ...COMMON_ERRORS, ...NOT_FOUND },
      },
      patch: {
        tags: [tag],
        operationId: `update_${noun}`,
        summary: `Update a ${noun}`,
        description: `Send only the fields to change.${permissionNote(catalog, procedures.update)}`,
        parameters: [idParam],
        requestBody: { required: true, content: { 'application/json': { schema: withoutId(inputJsonSchema(procedures.update)) } } },
        responses: { '200': answer(`The updated ${noun}`, procedures.update), ...COMMON_ERRORS, ...NOT_FOUND },
      },
      delete: {
        tags: [tag],
        operationId: `delete_${noun}`,
        summary: `Delete a ${noun}`,
        description: permissionNote(catalog, procedures.delete).trim(),
        parameters: [idParam],
        responses: { '204': { description: 'Deleted' }, ...COMMON_ERRORS, ...NOT_FOUND },
      },
    },
  };
}

/** OpenAPI 3.1 for /api/v1, generated from the procedures' own input and output schemas. */
export function openApiDocument(catalog: ProcedureCatalog, publicUrl: string, version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API',
      version,
      description:
        'Contacts, deals, tasks and appointments of your organization. Authenticate with `Authorization: Bearer <API key>` (create keys in Settings → API keys; a key carries the permissions of its role) or a browser session. JSON bodies use camelCase.',
    },
    servers: [{ url: publicUrl }],
    security: [{ apiKey: [] }, { session: [] }],
    tags: V1_RESOURCES.map((r) => ({ name: r.name, description: r.description })),
    paths: Object.assign({}, ...V1_RESOURCES.map((resource) => resourcePaths(catalog, resource))),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: sb_…' },
        session: { type: 'apiKey', in: 'cookie', name: 'sb_session' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            issues: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
