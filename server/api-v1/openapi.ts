import { DOOR_TAGS, REST_DOORS, type DoorAnswer, type RestDoor } from './doors';
import { jsonSchemaOf, type JsonSchema, type ProcedureCatalog } from './procedures';
import { V1_ACTION_TAGS, V1_ACTIONS, V1_RESOURCES, type V1Action, type V1Resource } from './resources';
import { batchPaths } from './batch';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, ZWebhookEvent } from '../webhooks/schema';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
/** Every error answer under /api/v1: RFC 9457 problem details (server/http/problem.ts). */
const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const COMMON_ERRORS = {
  '400': problemResponse('Invalid input: `message` names the field and the rule; `issues` lists every field'),
  '401': problemResponse('Not authenticated, or an invalid or revoked API key'),
  '403': problemResponse("The key's or member's role lacks the permission named in `message`"),
  '429': problemResponse('Rate limit reached (per API key or per organization): retry after `Retry-After` seconds'),
  default: problemResponse('Any other refusal (413, 500, 503 …), with its status'),
};
const NOT_FOUND = { '404': problemResponse('No such record in your organization') };
/** A POST with an Idempotency-Key (server/http/idempotency.ts): the key is still running, or was used with another request. */
const IDEMPOTENCY_ERRORS = {
  '409': problemResponse('A request with this Idempotency-Key is still running: retry after `Retry-After` seconds'),
  '422': problemResponse('This Idempotency-Key was used with a different request within 24 hours'),
};
/** Writes refused by billing: the plan's limit is reached, or the organization is read-only (trial ended, unpaid). */
const PAYMENT_REQUIRED = { '402': problemResponse("The plan's limit is reached or the organization is read-only; `message` says which and what to do") };

function withoutId(schema: JsonSchema): JsonSchema {
  const properties = { ...schema.properties };
  delete properties.id;
  return { ...schema, properties, required: (schema.required ?? []).filter((k) => k !== 'id') };
}

function permissionNote(catalog: ProcedureCatalog, path: string): string {
  const { permission } = catalog.procedureMeta(path);
  return permission ? ` Requires the \`${permission}\` permission.` : '';
}

/** A query schema's properties as query parameters (lists comma-separated). */
function queryParameters(schema: JsonSchema) {
  return Object.entries(schema.properties ?? {}).map(([key, property]) => ({
    name: key,
    in: 'query',
    required: (schema.required ?? []).includes(key),
    schema: property,
    ...(property.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
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
        parameters: queryParameters(listSchema),
        responses: { '200': answer(`A page of ${name}`, procedures.list), ...COMMON_ERRORS },
      },
      post: {
        tags: [tag],
        operationId: `create_${noun}`,
        summary: `Create a ${noun}`,
        description: `Answers the created ${noun} with status 201.${permissionNote(catalog, procedures.create)}`,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        requestBody: { required: true, content: { 'application/json': { schema: inputJsonSchema(procedures.create) } } },
        responses: { '201': answer(`The created ${noun}`, procedures.create), ...COMMON_ERRORS, ...PAYMENT_REQUIRED, ...IDEMPOTENCY_ERRORS },
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
        responses: { '200': answer(`The updated ${noun}`, procedures.update), ...COMMON_ERRORS, ...NOT_FOUND, ...PAYMENT_REQUIRED },
      },
      delete: {
        tags: [tag],
        operationId: `delete_${noun}`,
        summary: `Delete a ${noun}`,
        description: permissionNote(catalog, procedures.delete).trim(),
        parameters: [idParam],
        responses: { '204': { description: 'Deleted' }, ...COMMON_ERRORS, ...NOT_FOUND, ...PAYMENT_REQUIRED },
      },
    },
  };
}

/** A schema without the fields the path fills. */
function without(schema: JsonSchema, fields: string[]): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([key]) => !fields.includes(key)));
  return { ...schema, properties, required: (schema.required ?? []).filter((key) => !fields.includes(key)) };
}

/** An action (resources.ts) from its procedure's input and output schemas. */
function actionOperation(catalog: ProcedureCatalog, action: V1Action) {
  const pathNames = [...action.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const filled = pathNames.map((name) => action.params?.[name] ?? name);
  const input = without(catalog.inputJsonSchema(action.procedure), filled);
  const pathParameters = pathNames.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }));
  const fromQuery = action.method === 'get' || action.method === 'delete';
  const hasBody = !fromQuery && Object.keys(input.properties ?? {}).length > 0;
  const status = String(action.status ?? 200);
  const answered = action.status === 204 ? { description: 'Done: no body' } : { description: action.summary, content: { 'application/json': { schema: catalog.outputJsonSchema(action.procedure) } } };
  const write = action.method !== 'get';
  return {
    tags: [action.tag],
    operationId: `${action.method}_${action.path.replace(/^\/api\//, '').replace(/[^\w]+/g, '_')}`,
    summary: action.summary,
    description: `${action.description ?? ''}${permissionNote(catalog, action.procedure)}`.trim(),
    parameters: [...pathParameters, ...(fromQuery ? queryParameters(input) : []), ...(action.method === 'post' ? [IDEMPOTENCY_KEY_PARAMETER] : [])],
    ...(hasBody ? { requestBody: { required: !(action.method === 'post' && (input.required ?? []).length === 0), content: { 'application/json': { schema: input } } } } : {}),
    responses: {
      [status]: action.location ? { ...answered, headers: { Location: { description: 'Where the new record is read', schema: { type: 'string' } } } } : answered,
      ...COMMON_ERRORS,
      ...(pathNames.length ? NOT_FOUND : {}),
      ...(write ? { '409': problemResponse('The change conflicts with the record’s state or another record (`message` says which)'), ...PAYMENT_REQUIRED } : {}),
      ...(action.method === 'post' ? IDEMPOTENCY_ERRORS : {}),
    },
  };
}

function actionPaths(catalog: ProcedureCatalog): Record<string, Record<string, ReturnType<typeof actionOperation>>> {
  const paths: Record<string, Record<string, ReturnType<typeof actionOperation>>> = {};
  for (const action of V1_ACTIONS) (paths[action.path] ??= {})[action.method] = actionOperation(catalog, action);
  return paths;
}

/** Every POST under /api/v1 that acts for an organization takes it (server/http/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = { $ref: '#/components/parameters/IdempotencyKey' };

const ACCESS_NOTES: Record<RestDoor['access'], string> = {
  public: 'Public: no session or key needed.',
  user: 'Needs a signed-in browser session.',
  member: 'Needs an API key or a session in an organization.',
  signature: 'Called by the provider; its signature is the authentication.',
};

function doorAnswer({ description, schema, mediaType }: DoorAnswer) {
  if (schema) return { description, content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } } };
  if (mediaType) return { description, content: { [mediaType]: { schema: { type: 'string' } } } };
  return { description };
}

function doorOperation(door: RestDoor) {
  // A record's {id} is a UUID; other parameters (the inbound e-mail secret) are plain strings.
  const pathParameters = [...door.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: name === 'id' ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  const refusal = door.refusal
    ? { description: 'Refused: the status of the problem', content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/Error' }, jsonSchemaOf(door.refusal, 'output')] } } } }
    : door.path.startsWith('/api/v1/')
      ? problemResponse('Refused: problem details with the status of the problem (400 bad input naming the field in `errors`, 401, 402, 403, 404, 409, 413, 422, 429, 503 …)')
      : errorResponse('Refused: the status of the problem (400 bad input naming the field, 401, 402, 403, 404, 413, 429, 503 …)');
  const requestBody = door.body
    ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(door.body, 'input') } } }
    : door.rawBody
      ? { required: true, description: door.rawBody.description, content: { [door.rawBody.mediaType]: { schema: { type: 'string' } } } }
      : undefined;
  const idempotent = door.method === 'post' && door.path.startsWith('/api/v1/') && door.access === 'member';
  const parameters = [...pathParameters, ...(door.query ? queryParameters(jsonSchemaOf(door.query, 'input')) : []), ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
  return {
    tags: [door.tag],
    operationId: `${door.method}_${door.path.replace(/^\/api\//, '').replace(/[^\w]+/g, '_')}`,
    summary: door.summary,
    description: [door.description, ACCESS_NOTES[door.access], door.permission ? `Requires the \`${door.permission}\` permission.` : ''].filter(Boolean).join(' '),
    ...(door.access === 'public' || door.access === 'signature' ? { security: [] } : door.access === 'user' ? { security: [{ session: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...Object.fromEntries(Object.entries(door.answers).map(([status, answer]) => [status, doorAnswer(answer)])), default: refusal },
  };
}

function doorPaths(): Record<string, Record<string, ReturnType<typeof doorOperation>>> {
  const paths: Record<string, Record<string, ReturnType<typeof doorOperation>>> = {};
  for (const door of REST_DOORS) (paths[door.path] ??= {})[door.method] = doorOperation(door);
  return paths;
}

/** The `webhooks` section: each public event type, POSTed to the endpoints that chose it. */
function webhookOperations() {
  const body = jsonSchemaOf(ZWebhookEvent, 'output');
  const headers = {
    'webhook-id': 'The event id (the body’s `id`): the same on every retry and redelivery, to drop duplicates',
    'webhook-timestamp': 'Seconds since the epoch when this attempt was signed',
    'webhook-signature': 'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` (two during a secret rotation’s overlap)',
  };
  const operation = (type: string, description: string) => ({
    post: {
      operationId: `webhook_${type.replace(/\W+/g, '_')}`,
      summary: type,
      description: `${description}. Signed per Standard Webhooks; answer 2xx within 10 s. Timeouts, 5xx and 429 (with Retry-After) are retried with exponential backoff for 24 hours, then the endpoint is disabled. At least once, in order per record.`,
      parameters: Object.entries(headers).map(([name, text]) => ({ name, in: 'header', required: true, description: text, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: { '200': { description: 'Any 2xx: delivered' } },
    },
  });
  return Object.fromEntries([
    ...Object.entries(WEBHOOK_EVENT_TYPES).map(([type, rule]) => [type, operation(type, rule.description)]),
    [WEBHOOK_TEST_EVENT_TYPE, operation(WEBHOOK_TEST_EVENT_TYPE, 'A test event sent from Settings → Webhooks or POST /api/v1/webhook-endpoints/{id}/test')],
  ]);
}

/** OpenAPI 3.1 for /api/v1 and the other REST doors, generated from their own input and output schemas. */
export function openApiDocument(catalog: ProcedureCatalog, publicUrl: string, version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API',
      version,
      description:
        'Contacts, deals, tasks and appointments of your organization. Authenticate with `Authorization: Bearer <API key>` (create keys in Settings → API keys; a key carries the permissions of its role) or a browser session. JSON bodies use camelCase. Requests are rate limited per API key and per organization (token buckets: bursts up to the limit, refilled evenly over a minute); every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the bucket is full), and a request over the limit is answered 429 with `Retry-After`.',
    },
    servers: [{ url: publicUrl }],
    security: [{ apiKey: [] }, { session: [] }],
    tags: [...V1_RESOURCES.map((r) => ({ name: r.name, description: r.description })), ...V1_ACTION_TAGS, ...DOOR_TAGS],
    paths: Object.assign(
      {},
      ...V1_RESOURCES.map((resource) => ({
        ...resourcePaths(catalog, resource),
        ...batchPaths(catalog, resource, { errors: { ...COMMON_ERRORS, ...PAYMENT_REQUIRED }, idempotency: IDEMPOTENCY_ERRORS, parameters: [IDEMPOTENCY_KEY_PARAMETER] }),
      })),
      actionPaths(catalog),
      doorPaths(),
    ),
    webhooks: webhookOperations(),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: sb_…' },
        session: { type: 'apiKey', in: 'cookie', name: 'sb_session' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
          description:
            'Makes a retried POST safe: for 24 hours, a request with the same key and the same body answers the first success again (with `Idempotent-Replayed: true`) without doing anything twice; the same key with another body is refused 422, and 409 while the first is still running. An error answer releases the key.',
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          description:
            'RFC 9457 problem details: every error answer under /api/v1 (`application/problem+json`). `type` names the error code (`https://switchboard.dev/problems/validation`, `…/not-found`, …; `about:blank` for a bare HTTP status); `errors` lists each field refused. `message` (the same text as `detail`) and `issues` are kept for clients written before.',
          required: ['type', 'title', 'status', 'detail', 'errors', 'message'],
          properties: {
            type: { type: 'string', format: 'uri' },
            title: { type: 'string' },
            status: { type: 'integer', minimum: 400, maximum: 599 },
            detail: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
            message: { type: 'string' },
            issues: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } } },
            details: { type: 'object' },
            requestId: { type: 'string' },
          },
        },
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
