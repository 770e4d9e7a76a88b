import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError, errorBody, fieldError } from '../errors';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { onError } from '../http/errors';
import { createTrpcContext, type TrpcContext } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { procedureCatalog, type JsonSchema, type ProcedureCatalog } from './procedures';
import { V1_ACTIONS, V1_RESOURCES, type V1Action, type V1Resource } from './resources';
import { openApiDocument } from './openapi';
import { apiReferencePage } from './docs';
import { batchRoutes, type RequestCaller } from './batch';

/** A caller of the app router for one request's context. */
type CreateCaller = (ctx: TrpcContext) => unknown;

/** A body as JSON, unparsed: the procedure's own input schema parses it once, after its permission check, as on /trpc. */
const ZJsonBody = z.unknown();

/**
 * A caller of the procedures for this request: same context, auth (cookie or API key) and guards as
 * /trpc, one context for every call (a batch's records). `done` hands the headers they set to the answer.
 */
function requestCaller(createCaller: CreateCaller, c: Context<AppEnv>): RequestCaller {
  const resHeaders = new Headers();
  const caller = createCaller(createTrpcContext({ deps: c.var.deps, req: c.req.raw, requestId: c.var.requestId, meta: c.var.meta, resHeaders }));
  return {
    call: (path, input) => (path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>)(input),
    done: () => resHeaders.forEach((value, key) => c.header(key, value, { append: true })),
  };
}

/** Runs a procedure for this request. */
async function invokeWith(createCaller: CreateCaller, c: Context<AppEnv>, path: string, input: unknown): Promise<unknown> {
  const caller = requestCaller(createCaller, c);
  try {
    return await caller.call(path, input);
  } finally {
    caller.done();
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

function resourceRoutes(catalog: ProcedureCatalog, createCaller: CreateCaller, resource: V1Resource) {
  const { procedures } = resource;
  const listSchema = catalog.inputJsonSchema(procedures.list);
  const invoke = (c: Context<AppEnv>, path: string, input: unknown) => invokeWith(createCaller, c, path, input);
  return new Hono<AppEnv>()
    .route(
      '/',
      batchRoutes(catalog, (c) => requestCaller(createCaller, c), resource),
    )
    .get('/', async (c) => c.json(await invoke(c, procedures.list, queryToInput(c.req.queries(), listSchema))))
    .post('/', async (c) => {
      const created = await invoke(c, procedures.create, await readBody(c, ZJsonBody));
      c.header('Location', `/api/v1/${resource.name}/${(created as { id: string }).id}`);
      return c.json(created, 201);
    })
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

/** A POST's or PATCH's body as the input beside the path's fields: a JSON object, or nothing for an action that takes none. */
async function actionBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if ((await c.req.text()).trim() === '') return {};
  const body = await readBody(c, ZJsonBody);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fieldError('body', 'must be a JSON object');
  return body as Record<string, unknown>;
}

/** `/api/v1/custom-fields/{id}` filled from the answer's fields. */
const locationOf = (template: string, answer: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(answer[key])));

/** The actions (resources.ts): the path's parameters as the input fields they name, then the query or the body, then one procedure. */
function actionRoutes(catalog: ProcedureCatalog, createCaller: CreateCaller, actions: V1Action[]) {
  const routes = new Hono<AppEnv>();
  for (const action of actions) {
    const inputSchema = catalog.inputJsonSchema(action.procedure);
    const route = action.path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1');
    routes.on(action.method.toUpperCase(), route, async (c) => {
      const fromPath = Object.fromEntries(Object.entries(c.req.param() as Record<string, string>).map(([name, value]) => [action.params?.[name] ?? name, value]));
      const rest = action.method === 'get' || action.method === 'delete' ? queryToInput(c.req.queries(), inputSchema) : await actionBody(c);
      const answer = (await invokeWith(createCaller, c, action.procedure, { ...rest, ...fromPath })) as Record<string, unknown>;
      if (action.status === 204) return c.body(null, 204);
      if (action.location) c.header('Location', locationOf(action.location, answer));
      return c.json(answer, (action.status ?? 200) as 200 | 201 | 202);
    });
  }
  return routes;
}

/** /api/v1 over the app router (handed in by the assembly): the resources, served by its procedures. */
export function apiV1Routes(router: AnyTRPCRouter) {
  const catalog = procedureCatalog(router);
  const createCaller = createCallerFactory(router);
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
  v1.route('/', actionRoutes(catalog, createCaller, V1_ACTIONS));
  for (const resource of V1_RESOURCES) v1.route(`/${resource.name}`, resourceRoutes(catalog, createCaller, resource));
  return v1;
}

/** The OpenAPI 3.1 document of /api/v1 and a readable reference. */
export function apiDocsRoutes(router: AnyTRPCRouter) {
  const catalog = procedureCatalog(router);
  let document: ReturnType<typeof openApiDocument> | undefined;
  const doc = (c: Context<AppEnv>) => (document ??= openApiDocument(catalog, c.var.deps.config.publicUrl, c.var.deps.config.version));
  return new Hono<AppEnv>().get('/openapi.json', (c) => c.json(doc(c))).get('/docs', (c) => c.html(apiReferencePage(doc(c))));
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type DocumentedOperation = { parameters?: { name?: string; in?: string }[] };

/**
 * Unknown query parameters refused on every /api/v1 operation, whatever its method (issue #19): the
 * parameters an operation takes are the ones the OpenAPI document lists for that method — from the
 * list schema of a resource, the query schema of a door (doors.ts), an action's DELETE input — so one
 * rule covers the resources and every domain's doors, and a write that documents none (most) takes
 * none: `DELETE …?bogus=1` is refused, never run. A request naming others is answered 400 naming each
 * (`errors[].field`) before any door runs. A path without the method is left to the fallback's 404 or 405.
 */
export function knownQueryParameters(router: AnyTRPCRouter): MiddlewareHandler<AppEnv> {
  const catalog = procedureCatalog(router);
  let operations: { method: string; pattern: RegExp; literal: number; known: Set<string> }[] | undefined;
  return async (c, next) => {
    if (!c.req.url.includes('?')) return next();
    operations ??= Object.entries(openApiDocument(catalog, c.var.deps.config.publicUrl, c.var.deps.config.version).paths)
      .flatMap(([template, byMethod]) =>
        HTTP_METHODS.filter((method) => method in (byMethod as object)).map((method) => ({
          method,
          pattern: pathPattern(template),
          literal: template.replace(/\{[^}]+\}/g, '').length, // `/workflows/templates` before `/workflows/{id}`
          known: new Set(((byMethod as Record<string, DocumentedOperation>)[method]!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name!)),
        })),
      )
      .sort((a, b) => b.literal - a.literal);
    const method = c.req.method === 'HEAD' ? 'get' : c.req.method.toLowerCase();
    const operation = operations.find((o) => o.method === method && o.pattern.test(c.req.path));
    if (!operation) return next(); // no such method here: the fallback's 404 or 405
    const unknown = Object.keys(c.req.queries()).filter((key) => !operation.known.has(key));
    if (unknown.length > 0) {
      const issues = unknown.map((key) => ({ path: key, message: UNKNOWN_QUERY_PARAMETER }));
      throw new DomainError('VALIDATION', `${unknown.join(', ')}: ${UNKNOWN_QUERY_PARAMETER}`, { issues });
    }
    return next();
  };
}

export const UNKNOWN_QUERY_PARAMETER = 'is not a known query parameter';

/**
 * The answer for an /api path that no route took: when the OpenAPI document has the path under
 * other methods, 405 with `Allow` naming them (an OPTIONS request gets them with 204); else 404.
 * The document is the one list of the doors and their methods.
 */
export function apiFallback(router: AnyTRPCRouter) {
  const catalog = procedureCatalog(router);
  let paths: { pattern: RegExp; methods: string[] }[] | undefined;
  return (c: Context<AppEnv>) => {
    paths ??= Object.entries(openApiDocument(catalog, c.var.deps.config.publicUrl, c.var.deps.config.version).paths).map(([template, operations]) => ({
      pattern: pathPattern(template),
      methods: HTTP_METHODS.filter((m) => m in (operations as object)).flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])),
    }));
    const allowed = [...new Set(paths.filter((p) => p.pattern.test(c.req.path)).flatMap((p) => p.methods))];
    if (allowed.length === 0 || allowed.includes(c.req.method)) return c.json({ message: `No API route ${c.req.method} ${c.req.path}` }, 404);
    c.header('Allow', allowed.join(', '));
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return c.json({ message: `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(', ')}` }, 405);
  };
}

/** An OpenAPI path template as a pattern of the paths it stands for (`{id}`: one segment). */
export const pathPattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
