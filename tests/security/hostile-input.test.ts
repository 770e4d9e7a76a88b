import type { AnyTRPCProcedure } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { sessionManager } from '../../server/auth/session';
import { appRouter, registerJobHandlers } from '../../server/assembly';
import { createJobQueue } from '../../server/jobs/queue';
import { buildTestApp } from '../helpers/app';
import { browser, cookieFrom, createAccount, type Account } from '../helpers/factories';

/**
 * Property: no door answers a 5xx to hostile input. Every tRPC procedure (over HTTP, as the client
 * sends it) and every REST route gets generated values shaped after its input schema where it has
 * one — objects with the keys it declares, nested as it nests them — whose leaves are hostile: NUL
 * characters, lone surrogates, huge and unsafe numbers, numbers as text, far and impossible dates,
 * long strings, deep nesting. Runs on both databases (integration:pglite, integration:postgres).
 * The named cases of the hardening issue are pinned in hostile-input-cases.test.ts.
 */

const RUNS_PER_DOOR = 8;
const META = { ip: '127.0.0.1', userAgent: 'vitest' };

// ——— Hostile leaves ———

const hostileString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'a\uD800b',
    '\uDC00',
    '\uD83D',
    '9999999999',
    '-9999999999',
    '1e308',
    'NaN',
    '+275760-09-13',
    '+275760-09-13T00:00:00Z',
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '2026-02-30',
    '-000001-01-01T00:00:00Z',
    'x'.repeat(100_000),
    '%00',
    "'; drop table contacts; --",
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.string({ maxLength: 20 }).map((s) => `${s}\uD800`),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(9_999_999_999, -9_999_999_999, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 2 ** 63, -(2 ** 63), 1e308, -1e308, 5e-324, 0.5, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map((d) => nested(d, 'x')) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

// ——— Shapes from the zod schemas ———

type Def = {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  valueType?: ZodType;
  left?: ZodType;
  right?: ZodType;
};
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values shaped after a schema: declared keys and nesting, each leaf either hostile or (rarely) left out. */
function shaped(schema: ZodType | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileLeaf;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shaped(def.innerType, depth);
    case 'pipe':
      return shaped(def.in, depth);
    case 'intersection':
      return fc.oneof(shaped(def.left, depth), shaped(def.right, depth));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => shaped(o, depth)));
    case 'object': {
      const keys = Object.keys(def.shape ?? {});
      if (keys.length === 0) return fc.oneof(hostileLeaf, fc.dictionary(hostileString, hostileLeaf, { maxKeys: 3 }));
      const field = (k: string) => fc.oneof({ weight: 3, arbitrary: hostileLeaf }, { weight: 2, arbitrary: shaped(def.shape![k], depth + 1) });
      // One hostile field alone reaches deepest (nothing else fails its schema first); several at once too.
      const single = fc.constantFrom(...keys).chain((k) => field(k).map((v) => ({ [k]: v })));
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, field(k)])), { requiredKeys: [] });
      return fc.oneof({ weight: 4, arbitrary: single }, { weight: 3, arbitrary: record }, { weight: 1, arbitrary: hostileLeaf });
    }
    case 'array':
      return fc.oneof(fc.array(shaped(def.element, depth + 1), { maxLength: 4 }), hostileLeaf);
    case 'record':
      return fc.oneof(fc.dictionary(hostileString, shaped(def.valueType, depth + 1), { maxKeys: 4 }), hostileLeaf);
    default:
      return hostileLeaf;
  }
}

/** The object behind wrappers (optional, default, pipe…), if the schema is one. */
function objectShape(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  for (let current = schema, i = 0; current && i < 8; i++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape;
    current = def.innerType ?? def.in;
  }
  return undefined;
}

/** Every key path the schema declares, two levels deep ([['firstName'], ['attribution', 'source'], …]). */
function keyPaths(schema: ZodType | undefined, depth = 0): string[][] {
  const shape = objectShape(schema);
  if (!shape || depth > 1) return [];
  return Object.entries(shape).flatMap(([key, child]) => [[key], ...keyPaths(child, depth + 1).map((rest) => [key, ...rest])]);
}

/** The sharpest values, each alone in one declared field: nothing else fails its schema first. */
const SHARP = ['a\u0000b', 'a\uD800b', 9_999_999_999, '9999999999', '0000-01-01', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'];
function sharpExamples(schema: ZodType | undefined): [unknown][] {
  return keyPaths(schema).flatMap((path) => SHARP.map((value): [unknown] => [path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value)]));
}

function procedureSchema(procedure: AnyTRPCProcedure): ZodType | undefined {
  return (procedure._def as unknown as { inputs: ZodType[] }).inputs[0];
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>).map(([path, procedure]) => ({
  path,
  type: (procedure._def as unknown as { type: 'query' | 'mutation' | 'subscription' }).type,
  schema: procedureSchema(procedure),
}));

/** Keys the REST doors' bodies and queries read (their schemas are not attached to the routes): every procedure's top-level keys and the spec doors' own. */
const REST_KEYS = [
  ...new Set([
    ...procedures.flatMap((p) => (p.schema && defOf(p.schema).type === 'object' ? Object.keys(defOf(p.schema).shape ?? {}) : [])),
    ...[
      'email',
      'name',
      'password',
      'organizationName',
      'text',
      'visitorId',
      'page',
      'language',
      'after',
      'to',
      'message',
      'recipients',
      'templateId',
      'variables',
      'amount',
      'metadata',
      'plan',
      'interval',
      'token',
      'formId',
      'tags',
      'company',
      'events',
      'q',
      'cursor',
      'format',
      'view',
      'from',
      'to',
      'lastEventId',
      'input',
    ],
  ]),
];
const restObject = fc.dictionary(fc.constantFrom(...REST_KEYS), hostileLeaf, { minKeys: 1, maxKeys: 6 });
const restBody = fc.oneof({ weight: 5, arbitrary: restObject }, { weight: 1, arbitrary: hostileLeaf });

// ——— The doors ———

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const first = await buildTestApp();
  const owner = await createAccount(first.deps, 'hostile-owner');
  // The public doors (leads, chat, analytics) serve this organization; jobs are only enqueued.
  const built = await buildTestApp({ env: { LEADS_ORGANIZATION_ID: owner.organizationId, JOBS_ENABLED: 'false' } });
  // As the server does: every domain's jobs registered and the queue taking them (a door that sends
  // a message or starts an import enqueues its job), while this process runs none of them — in a
  // pg-boss schema of its own, so no other test's worker on this database picks those jobs up.
  built.deps.jobs = createJobQueue({ database: built.deps.database, logger: built.deps.logger, workers: false, schema: 'pgboss_hostile_input' });
  registerJobHandlers(built.deps);
  await built.deps.jobs.start();
  return { ...built, owner };
}

/** A fresh session of the owner: a door that signs out or switches organization does not blind the others. */
async function freshCookie(world: World, owner: Account): Promise<string> {
  const { setCookie } = await sessionManager(world.deps.database.db, world.deps.config).create(owner.userId, { organizationId: owner.organizationId, ...META });
  return cookieFrom(setCookie);
}

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate; its UTF-8 is U+FFFD's, as a browser sends it). */
const percent = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function toQuery(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `value=${percent(JSON.stringify(value) ?? '')}`;
  return Object.entries(value)
    .map(([k, v]) => `${percent(k)}=${percent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
}

/**
 * A 5xx is a failure, except 502/503 from the error table (BAD_GATEWAY, UNAVAILABLE): those say the
 * server's configuration (payments not configured here) or a provider is unavailable, whatever the input.
 */
function expectNot5xx(status: number, body: string, what: string) {
  const unavailable = (status === 502 || status === 503) && /not configured/.test(body);
  if (!unavailable) expect(status, `${what} answered ${status}: ${body}`).toBeLessThan(500);
}

async function statusOf(response: Response): Promise<{ status: number; body: string }> {
  const streaming = response.headers.get('content-type')?.includes('text/event-stream');
  if (streaming) {
    await response.body?.cancel();
    return { status: response.status, body: '(stream)' };
  }
  return { status: response.status, body: (await response.text()).slice(0, 300) };
}

const describeInput = (input: unknown) => {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

describe('hostile input never answers 5xx', () => {
  let world: World;
  afterAll(() => world.deps.jobs.stop({ timeoutMs: 1000 }));
  beforeAll(async () => {
    world = await buildWorld();
  }, 120_000);

  // Subscriptions are streams: their inputs are the same schemas, refused before the stream opens
  // (realtime.events' own route is among the REST routes below).
  const calls = procedures.filter((p) => p.type !== 'subscription');

  it.each(calls.map((p) => [p.path, p] as const))('tRPC %s', async (_path, procedure) => {
    const cookie = await freshCookie(world, world.owner);
    await fc.assert(
      fc.asyncProperty(shaped(procedure.schema), async (input) => {
        const headers = browser(cookie, { 'content-type': 'application/json' });
        const response =
          procedure.type === 'query'
            ? await world.app.request(`/trpc/${procedure.path}?input=${encodeURIComponent(JSON.stringify(input) ?? '')}`, { headers })
            : await world.app.request(`/trpc/${procedure.path}`, { method: 'POST', headers, body: JSON.stringify(input) ?? '' });
        const { status, body } = await statusOf(response);
        expectNot5xx(status, body, `${procedure.path} with ${describeInput(input)}`);
      }),
      { numRuns: RUNS_PER_DOOR, examples: sharpExamples(procedure.schema) },
    );
  });

  it('REST: every route, with hostile path parameters, queries and bodies', async () => {
    const routes = [...new Set(world.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
    expect(routes.length).toBeGreaterThan(20);
    const cookie = await freshCookie(world, world.owner);
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      await fc.assert(
        fc.asyncProperty(hostileString, restObject, restBody, async (param, query, body) => {
          const path = pattern.replace(/:[^/]+/g, percent(param)).replace(/\*$/, percent(param));
          const init: RequestInit = { method, headers: browser(cookie, { 'content-type': 'application/json' }) };
          if (method !== 'GET' && method !== 'HEAD') init.body = JSON.stringify(body) ?? '';
          const url = `${path}?${toQuery(query)}`;
          const { status, body: answer } = await statusOf(await world.app.request(url, init));
          expectNot5xx(status, answer, `${route} as ${url.slice(0, 200)} with ${describeInput(init.body)}`);
        }),
        { numRuns: RUNS_PER_DOOR },
      );
    }
  }, 120_000);
});
