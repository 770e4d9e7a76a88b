import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError, errorBody, fieldError } from '../errors';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { onError } from '../http/errors';
import { createTrpcContext } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { appRouter } from '../trpc/router';
import { inputJsonSchema, type JsonSchema } from './procedures';
import { V1_RESOURCES, type V1Resource } from './resources';
import { openApiDocument } from './openapi';
import { apiReferencePage } from './docs';

const createCaller = createCallerFactory(appRouter);

/** A body as JSON, unparsed: the procedure's own input schema parses it once, after its permission check, as on /trpc. */
const ZJsonBody = z.unknown();

/** Runs a procedure for this request: same context, auth (cookie or API key) and guards as /trpc. */
async function invoke(c: Context<AppEnv>, path: string, input: unknown): Promise<unknown> {
  const resHeaders = new Headers();
  const caller = createCaller(createTrpcContext({ deps: c.var.deps, req: c.req.raw, requestId: c.var.requestId, meta: c.var.meta, resHeaders }));
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    return await fn(input);
  } finally {
    resHeaders.forEach((value, key) => c.header(key, value, { append: true }));
  }
}

/** Query strings are text: read each parameter as the type the list schema declares. */
export function queryToInput(query: Record<string, string[]>, schema: JsonSchema): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(query)) {
    const property = schema.properties?.[key];
    if (!property) {
      input[key] = values.at(-1); // unknown keys reach the schema, which names them
      continue;
    }
    const types = [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean);
    if (types.includes('array')) input[key] = values.flatMap((v) => v.split(',')).filter((v) => v !== '');
    else if (types.includes('integer') || types.includes('number')) input[key] = values.at(-1) === '' ? undefined : Number(values.at(-1));
    else if (types.includes('boolean')) input[key] = values.at(-1) === 'true' ? true : values.at(-1) === 'false' ? false : values.at(-1);
    else input[key] = values.at(-1);
  }
  return input;
}

function resourceRoutes(resource: V1Resource) {
  const { procedures } = resource;
  const listSchema = inputJsonSchema(procedures.list);
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await invoke(c, procedures.list, queryToInput(c.req.queries(), listSchema))))
    .post('/', async (c) => c.json(await invoke(c, procedures.create, await readBody(c, ZJsonBody)), 201))
    .get('/:id', async (c) => c.json(await invoke(c, procedures.get, { id: c.req.param('id') })))
    .patch('/:id', async (c) => {
      const body = await readBody(c, ZJsonBody);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fieldError('body', 'must be a JSON object');
      return c.json(await invoke(c, procedures.update, { ...body, id: c.req.param('id') }));
    })
    .delete('/:id', async (c) => {
      await invoke(c, procedures.delete, { id: c.req.param('id') });
      return c.body(null, 204);
    });
}

/** /api/v1: the resources, their OpenAPI 3.1 document and a readable reference. */
export function apiV1Routes() {
  const v1 = new Hono<AppEnv>();
  // The procedures' errors keep their meaning: status from the one error table, the same body as every door.
  v1.onError((err, c) => {
    if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
      const status = getHTTPStatusCodeFromError(err) as ContentfulStatusCode;
      const body = err.cause instanceof DomainError ? errorBody(err.cause) : { message: err.message };
      return c.json(body, status);
    }
    return onError(err instanceof TRPCError && err.cause instanceof Error ? err.cause : err, c);
  });
  for (const resource of V1_RESOURCES) v1.route(`/${resource.name}`, resourceRoutes(resource));
  return v1;
}

export function apiDocsRoutes() {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const doc = (c: Context<AppEnv>) => (document ??= openApiDocument(c.var.deps.config.publicUrl, c.var.deps.config.version));
  return new Hono<AppEnv>().get('/openapi.json', (c) => c.json(doc(c))).get('/docs', (c) => c.html(apiReferencePage(doc(c))));
}
