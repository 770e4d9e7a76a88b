import { TRPCError } from '@trpc/server';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { batchItemError, DomainError, parseInput } from '../errors';
import { authOf } from '../http/auth';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { problemOf } from '../http/problem';
import { assertPermission, requireOrgAuth } from '../kernel/access';
import type { Permission } from '../kernel/permissions';
import { BATCH_MAX, ZBatchInput, type ZBatchItemError } from '../records/schema';
import type { JsonSchema, ProcedureCatalog } from './procedures';
import type { V1BatchOperation, V1Resource } from './resources';

/*
 * Batches on /api/v1 (issue #19, docs/decisions/036): POST /api/v1/<resource>/batch/create|update|
 * upsert|delete with `{ inputs: [...] }` (at most BATCH_MAX), answered 200 with one result per
 * input in order — `{ index, status, record }` or `{ index, status, error }` (problem details) — so
 * one bad record does not refuse the others. A resource with a set-based procedure (contacts) runs
 * the lot in one transaction; the others run each record through its single procedure, which parses
 * it with the single door's schema under the same permissions.
 */

export type RequestCaller = { call: (path: string, input: unknown) => Promise<unknown>; done: () => void };

const ZJsonBody = z.unknown();
const SINGLE: Record<Exclude<V1BatchOperation, 'upsert'>, 'create' | 'update' | 'delete'> = { create: 'create', update: 'update', delete: 'delete' };
/** The status the single door answers a record with. */
const OK_STATUS = { create: 201, update: 200, delete: 200 } as const;

type ItemError = z.output<typeof ZBatchItemError>;
type ItemResult = { index: number; created?: boolean; record: unknown } | { index: number; error: ItemError };

/** The operations a resource offers: create, update and delete always; upsert with its set-based procedure. */
export function batchOperations(resource: V1Resource): V1BatchOperation[] {
  return (['create', 'update', 'upsert', 'delete'] as const).filter((op) => op !== 'upsert' || resource.batch?.upsert);
}

/** A refused record of the answer: its status and problem details, fields named `inputs.<index>.<field>`. */
function answerOf(result: ItemResult, operation: V1BatchOperation) {
  if (!('error' in result)) {
    if (operation === 'upsert') return { index: result.index, status: result.created ? 201 : 200, created: result.created, record: result.record };
    return { index: result.index, status: OK_STATUS[operation], record: result.record };
  }
  const { status, message, issues } = result.error;
  return { index: result.index, status, error: problemOf(status, { message, ...(issues ? { issues } : {}) }) };
}

/** Each record through its single procedure (its schema, permission, scoping and transaction); a refusal stays the record's. */
async function eachRecord(caller: RequestCaller, path: string, inputs: unknown[]): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const [index, input] of inputs.entries()) {
    try {
      results.push({ index, record: await caller.call(path, input) });
    } catch (error) {
      const cause = error instanceof TRPCError ? error.cause : error;
      if (!(cause instanceof DomainError)) throw error;
      results.push({ index, error: batchItemError(`inputs.${index}`, cause) });
    }
  }
  return results;
}

export function batchRoutes(catalog: ProcedureCatalog, callerOf: (c: Context<AppEnv>) => RequestCaller, resource: V1Resource) {
  const routes = new Hono<AppEnv>();
  for (const operation of batchOperations(resource)) {
    routes.post(`/batch/${operation}`, async (c) => {
      const body = await readBody(c, ZJsonBody);
      const caller = callerOf(c);
      try {
        const setBased = resource.batch?.[operation];
        if (setBased) {
          const { results } = (await caller.call(setBased, body)) as { results: ItemResult[] };
          return c.json({ results: results.map((r) => answerOf(r, operation)) });
        }
        const single = resource.procedures[SINGLE[operation as Exclude<V1BatchOperation, 'upsert'>]];
        // The whole call is refused when the caller may not do it at all, rather than each record.
        const permission = catalog.procedureMeta(single).permission as Permission | undefined;
        const auth = requireOrgAuth(await authOf(c));
        if (permission) assertPermission(auth, permission);
        const { inputs } = parseInput(ZBatchInput, body);
        const results = await eachRecord(caller, single, inputs);
        return c.json({ results: results.map((r) => answerOf(r, operation)) });
      } finally {
        caller.done();
      }
    });
  }
  const { upsert } = resource;
  if (upsert)
    routes.post('/upsert', async (c) => {
      const caller = callerOf(c);
      try {
        const answer = (await caller.call(upsert, await readBody(c, ZJsonBody))) as { created: boolean; record: { id: string } };
        if (answer.created) c.header('Location', `/api/v1/${resource.name}/${answer.record.id}`);
        return c.json(answer, answer.created ? 201 : 200);
      } finally {
        caller.done();
      }
    });
  return routes;
}

// ——— The OpenAPI document's batch paths ———

const PROBLEM = { $ref: '#/components/schemas/Problem' };

function withoutProperty(schema: JsonSchema, name: string): JsonSchema {
  const properties = { ...schema.properties };
  delete properties[name];
  return { ...schema, properties, required: (schema.required ?? []).filter((k) => k !== name) };
}

/** The record a batch answers per input: the set-based procedure's, else the single procedure's. */
function recordSchema(catalog: ProcedureCatalog, resource: V1Resource, operation: V1BatchOperation): JsonSchema {
  const setBased = resource.batch?.[operation];
  if (!setBased) return catalog.outputJsonSchema(resource.procedures[SINGLE[operation as Exclude<V1BatchOperation, 'upsert'>]]);
  const item = catalog.outputJsonSchema(setBased).properties!.results!.items!;
  return item.anyOf!.find((s) => s.properties?.record)!.properties!.record!;
}

/** What one input of a batch is: the single door's body (an update's with its `id`; an upsert's without `idProperty`). */
function inputSchema(catalog: ProcedureCatalog, resource: V1Resource, operation: V1BatchOperation): JsonSchema {
  if (operation === 'upsert') return withoutProperty(catalog.inputJsonSchema(resource.upsert!), 'idProperty');
  return catalog.inputJsonSchema(resource.procedures[SINGLE[operation]]);
}

const VERBS: Record<V1BatchOperation, string> = { create: 'Create', update: 'Update', upsert: 'Upsert', delete: 'Delete' };

export function batchPaths(catalog: ProcedureCatalog, resource: V1Resource, common: { errors: Record<string, unknown>; idempotency: Record<string, unknown>; parameters: unknown[] }) {
  const { name, noun } = resource;
  const paths: Record<string, unknown> = {};
  for (const operation of batchOperations(resource)) {
    const permissionPath = resource.batch?.[operation] ?? resource.procedures[SINGLE[operation as Exclude<V1BatchOperation, 'upsert'>]];
    const permission = catalog.procedureMeta(permissionPath).permission;
    const request: JsonSchema =
      operation === 'upsert' ? withoutProperty(catalog.inputJsonSchema(resource.batch!.upsert!), 'inputs') : { type: 'object', properties: {}, required: [], additionalProperties: false };
    request.properties = { ...request.properties, inputs: { type: 'array', minItems: 1, maxItems: BATCH_MAX, items: inputSchema(catalog, resource, operation) } };
    request.required = [...(request.required ?? []), 'inputs'];
    const ok = {
      type: 'object',
      additionalProperties: false,
      required: ['index', 'status', 'record'],
      properties: {
        index: { type: 'integer', description: 'The input’s position in `inputs`' },
        status: { type: 'integer', description: 'What the single door would have answered (201 created, 200 updated or deleted)' },
        ...(operation === 'upsert' ? { created: { type: 'boolean', description: 'true: no contact held the key and one was created; false: the one holding it was updated' } } : {}),
        record: recordSchema(catalog, resource, operation),
      },
    };
    const refused = {
      type: 'object',
      additionalProperties: false,
      required: ['index', 'status', 'error'],
      properties: { index: { type: 'integer' }, status: { type: 'integer', description: 'The single door’s status for this record (400, 404, 409 …)' }, error: PROBLEM },
    };
    paths[`/api/v1/${name}/batch/${operation}`] = {
      post: {
        tags: [name],
        operationId: `batch_${operation}_${name}`,
        summary: `${VERBS[operation]} up to ${BATCH_MAX} ${name}`,
        description: `${batchDescription(operation, noun)}${permission ? ` Requires the \`${permission}\` permission.` : ''}`,
        parameters: common.parameters,
        requestBody: { required: true, content: { 'application/json': { schema: request } } },
        responses: {
          '200': {
            description: 'A result per input, in order',
            content: {
              'application/json': { schema: { type: 'object', additionalProperties: false, required: ['results'], properties: { results: { type: 'array', items: { anyOf: [ok, refused] } } } } },
            },
          },
          ...common.errors,
          ...common.idempotency,
        },
      },
    };
  }
  if (resource.upsert) {
    const answer = catalog.outputJsonSchema(resource.upsert);
    paths[`/api/v1/${name}/upsert`] = {
      post: {
        tags: [name],
        operationId: `upsert_${noun}`,
        summary: `Create or update a ${noun} by e-mail or phone`,
        description: `The ${noun} holding \`email\` (or \`phone\`, compared in E.164 after normalizing with the organization’s country) as its primary or other value, the oldest if several, is updated with the fields given; when none does, one is created (201, \`Location\`). \`created\` says which.${permissionNote(catalog, resource.upsert)}`,
        parameters: common.parameters,
        requestBody: { required: true, content: { 'application/json': { schema: catalog.inputJsonSchema(resource.upsert) } } },
        responses: {
          '200': { description: 'Updated', content: { 'application/json': { schema: answer } } },
          '201': { description: 'Created', content: { 'application/json': { schema: answer } } },
          ...common.errors,
          ...common.idempotency,
        },
      },
    };
  }
  return paths;
}

const permissionNote = (catalog: ProcedureCatalog, path: string) => {
  const { permission } = catalog.procedureMeta(path);
  return permission ? ` Requires the \`${permission}\` permission.` : '';
};

function batchDescription(operation: V1BatchOperation, noun: string): string {
  const each = {
    create: `Each input is the body \`POST\` takes.`,
    update: `Each input is the body \`PATCH\` takes, with the ${noun}’s \`id\`.`,
    upsert: `Each input is the body \`POST\` takes and must hold the \`idProperty\` field (\`email\`, or \`phone\` compared in E.164): the ${noun} holding it (primary or other, the oldest if several) is updated with the fields given, else one is created.`,
    delete: `Each input is \`{ "id": … }\`; an id of no ${noun} you can see (another organization’s too) is refused 404 in its result.`,
  }[operation];
  return `${each} At most ${BATCH_MAX} inputs (more: 400 naming \`inputs\`). Every input is checked on its own: the answer has one result per input, in order — its record, or its refusal as problem details with the status the single door would answer and \`errors\` naming \`inputs.<index>.<field>\`; a refused input does not stop the others. Contacts are written together in one transaction with their events; deals, tasks and appointments each in their own.`;
}
