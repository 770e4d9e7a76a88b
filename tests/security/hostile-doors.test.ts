import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { procedureCatalog } from '../../server/api-v1/procedures';
import { openApiDocument } from '../../server/api-v1/openapi';
import { UNKNOWN_QUERY_PARAMETER } from '../../server/api-v1/rest';
import { appRouter } from '../../server/assembly';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';
import { listProcedures } from '../helpers/procedures';
import type { FieldKind, HostileDoor, HostileWorld, ProbeModule, RestProbe } from './probes/types';

/**
 * Doors probed with hostile input, one field at a time (the doors each probe module lists in
 * `hostileDoors`): organization B calls over HTTP, as a browser does, with its own records in the
 * input and one field made hostile — a NUL, a lone surrogate, an oversized or blank string, the wrong
 * type, a number out of range, an invalid UUID, an id of organization A, SQL and HTML meant to
 * escape — and with unknown fields, organization A's id as `organizationId`, a body that is no object
 * and a JSON bomb. Each must be a 4xx naming the field (never a 5xx) that changed no row of either
 * organization in the door's tables; an injection string the door accepts is stored as given; an
 * answer never shows A's ids. Last, B's input unchanged must be accepted: the refusals were the
 * hostile field's. hostile-input.test.ts sweeps every door for 5xx with generated values; this suite
 * says what each of these answers.
 */

const modules = Object.values(import.meta.glob<ProbeModule>('./probes/*.ts', { eager: true }));
const DOORS: Record<string, HostileDoor> = Object.assign({}, ...modules.map((m) => m.hostileDoors ?? {}));
/** A record of organization A for each REST route with a path parameter (the cross-tenant probes). */
const REST_PROBES: Record<string, RestProbe> = Object.assign({}, ...modules.map((m) => m.restProbes ?? {}));

/** Every /api/v1 operation of the OpenAPI document that is not a GET (GETs: tests/integration/api-v1.test.ts), as `METHOD /api/v1/route/:id`. */
const V1_WRITES = Object.entries(openApiDocument(procedureCatalog(appRouter), 'http://localhost:3000', 'test').paths as Record<string, Record<string, unknown>>)
  .filter(([template]) => template.startsWith('/api/v1/'))
  .flatMap(([template, operations]) => Object.keys(operations).flatMap((method) => (method === 'get' ? [] : [`${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`])));

/** Refused (4xx, naming the field, nothing written); either refused or stored as given; refused, or answered showing and changing nothing of A. */
type Expect = 'refused' | 'stored' | 'isolated' | 'control';
/** `text`: the value also travels as text in a path or a query string (a wrong JSON type cannot). */
type Value = { name: string; value: unknown; expect?: Expect; text?: boolean };

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

/** Meant to escape a SQL string, an HTML attribute or a template; short enough for every name. */
const INJECTIONS = ["'; DROP TABLE pipelines; --", "Robert'); DELETE FROM campaign_lists;--", "' OR '1'='1", '<img src=x onerror=alert(1)>', "{{constructor.constructor('x')()}}", '__proto__'];

const TEXT: Value[] = [
  { name: 'a NUL', value: 'a\u0000b', text: true },
  { name: 'a lone surrogate', value: 'a\uD800b' },
  { name: '100,001 characters', value: 'x'.repeat(100_001), text: true },
  { name: 'blank', value: '   ', text: true },
  ...INJECTIONS.map((value): Value => ({ name: `the injection ${value}`, value, expect: 'stored', text: true })),
];
const WRONG_TYPES: Value[] = [
  { name: 'a number', value: 12345 },
  { name: 'a boolean', value: true },
  { name: 'an object', value: {} },
  { name: 'null', value: null },
  { name: 'nested 40 deep', value: nested(40) },
];
const BAD_IDS: Value[] = [
  { name: 'not a UUID', value: 'not-a-uuid', text: true },
  { name: 'a UUID with a NUL', value: `${randomUUID().slice(0, -1)}\u0000`, text: true },
  { name: 'SQL in an id', value: "' OR '1'='1", text: true },
  { name: 'a UUID with a trailing space', value: `${randomUUID()} `, text: true },
  { name: 'the nil UUID', value: '00000000-0000-0000-0000-000000000000', text: true },
  { name: 'an unknown UUID', value: randomUUID(), text: true },
];
const NUMBERS: Value[] = [
  ...[-1, 0.5, 2 ** 31, 2 ** 63, 1e308, -1e308].map((value): Value => ({ name: String(value), value, text: true })),
  { name: 'not a number', value: 'abc', text: true },
  { name: 'a number as text', value: '7' },
];
const BOOLEANS: Value[] = [
  { name: 'true as text', value: 'true' },
  { name: 'one', value: 1 },
];
const ENUMS: Value[] = [
  { name: 'an unknown value', value: 'bogus', text: true },
  { name: 'the wrong case', value: 'OPEN', text: true },
  { name: 'empty', value: '', text: true },
];

/** The values tried in one field, by its kind; `valid` is B's value of it, `foreign` an id of A's of the same kind. */
function valuesFor(kind: FieldKind, valid: unknown, foreign: string | undefined, ignored: boolean, nullable: boolean): Value[] {
  const values = valuesOfKind(kind, valid, foreign, ignored);
  return nullable ? values.map((v) => (v.value === null ? { ...v, expect: 'isolated' } : v)) : values;
}

function valuesOfKind(kind: FieldKind, valid: unknown, foreign: string | undefined, ignored: boolean): Value[] {
  const ofA: Value[] = foreign
    ? [
        { name: "organization A's", value: foreign, text: true },
        { name: "organization A's, in capitals", value: foreign.toUpperCase(), text: true },
      ]
    : [];
  const foreignExpect: Expect = ignored ? 'isolated' : 'refused';
  switch (kind) {
    case 'text':
      return [...TEXT, ...WRONG_TYPES];
    case 'id':
      return [...BAD_IDS, ...ofA, ...WRONG_TYPES.filter((v) => v.name !== 'a boolean'), { name: 'a list of ids', value: [randomUUID()] }];
    case 'ids': {
      const first = (valid as string[])[0]!;
      return [
        { name: 'empty', value: [] },
        { name: 'an invalid UUID among them', value: [first, 'not-a-uuid'] },
        { name: '10,001 of them', value: Array.from({ length: 10_001 }, () => randomUUID()) },
        ...(foreign
          ? [
              { name: "organization A's", value: [foreign], expect: foreignExpect },
              { name: "B's and then organization A's", value: [first, foreign], expect: foreignExpect },
            ]
          : []),
        { name: 'one id, not a list', value: first },
        ...WRONG_TYPES.filter((v) => v.name !== 'null'),
      ];
    }
    case 'int':
      return [...NUMBERS, ...WRONG_TYPES.filter((v) => v.name !== 'a number')];
    case 'bool':
      return [...BOOLEANS, ...WRONG_TYPES.filter((v) => v.name !== 'a boolean')];
    case 'enum':
      return [...ENUMS, ...WRONG_TYPES];
  }
}

// ——— Calling a door as organization B ———

type Answer = { status: number; message: string; fields: string[]; text: string };

/** Every byte percent-encoded (a lone surrogate's UTF-8 is U+FFFD's, as a browser sends it). */
const percent = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const PROCEDURE_TYPES = new Map(listProcedures().map((p) => [p.path, p.type]));

/** What travels as text at a door: its path parameters, and the whole input of a GET or DELETE REST route. */
function textFields(door: string, spec: HostileDoor): Set<string> {
  if (door.startsWith('tRPC ')) return new Set();
  const [method] = door.split(' ');
  return method === 'GET' || method === 'DELETE' ? new Set(Object.keys(spec.fields)) : new Set(Object.values(spec.params ?? {}));
}

type World = { app: Awaited<ReturnType<typeof buildTestApp>>['app'] } & HostileWorld;

/** Sends `input` to the door as B; `raw` is sent as the body (or tRPC's `input` text) as it is, `extra` goes in a REST body beside the fields the path did not take. */
async function call(w: World, door: string, spec: HostileDoor, input: unknown, { raw, extra }: { raw?: string; extra?: Record<string, unknown> } = {}): Promise<Answer> {
  const headers = browser(w.b.cookie, { 'content-type': 'application/json' });
  let res: Response;
  if (door.startsWith('tRPC ')) {
    const path = door.slice('tRPC '.length);
    const json = raw ?? JSON.stringify(input) ?? '';
    res =
      PROCEDURE_TYPES.get(path) === 'query' ? await w.app.request(`/trpc/${path}?input=${percent(json)}`, { headers }) : await w.app.request(`/trpc/${path}`, { method: 'POST', headers, body: json });
  } else {
    const [method, route] = door.split(' ') as [string, string];
    const fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : undefined;
    let path = route;
    for (const [param, field] of Object.entries(spec.params ?? {})) {
      path = path.replace(`:${param}`, percent(asText(fields?.[field])));
      if (fields) delete fields[field];
    }
    if (method === 'GET' || method === 'DELETE') {
      const query = Object.entries(fields ?? {})
        .map(([k, v]) => `${percent(k)}=${percent(asText(v))}`)
        .join('&');
      res = await w.app.request(query ? `${path}?${query}` : path, { method, headers });
    } else {
      res = await w.app.request(path, { method, headers, body: raw ?? JSON.stringify(fields ? { ...fields, ...extra } : input) ?? '' });
    }
  }
  return answerOf(res);
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let message = '';
  let fields: string[] = [];
  try {
    type Issues = { issues?: { path: string }[] };
    const body = JSON.parse(text) as { message?: string; error?: { message?: string; data?: Issues } } & Issues;
    message = body.error?.message ?? body.message ?? '';
    // A conflict names its field among its issues (a sentence for its message).
    fields = (body.issues ?? body.error?.data?.issues ?? []).map((i) => i.path);
  } catch {
    message = text.slice(0, 200);
  }
  return { status: res.status, message, fields, text };
}

/** The door's tables, each organization's rows as text, sorted. */
async function snapshot(w: World, tables: string[]): Promise<Record<'a' | 'b', string[]>> {
  const rows = { a: [] as string[], b: [] as string[] };
  for (const table of tables) {
    const { rows: found } = await sql<{ organization_id: string; row: string }>`select organization_id, to_jsonb(${sql.table(table)})::text as row from ${sql.table(table)}
      where organization_id in (${w.a.organizationId}, ${w.b.organizationId})`.execute(w.deps.database.db);
    for (const r of found) rows[r.organization_id === w.a.organizationId ? 'a' : 'b'].push(`${table} ${r.row}`);
  }
  return { a: rows.a.sort(), b: rows.b.sort() };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const short = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} characters)` : text);

type Probe = { name: string; input?: unknown; raw?: string; extra?: Record<string, unknown>; field?: string; expect: Expect; stored?: string };

/** The door's cases: each field's hostile values, its own cases, then the door-wide ones. */
function casesOf(door: string, spec: HostileDoor, { input: valid, foreign, cases: own = [] }: Awaited<ReturnType<HostileDoor['prepare']>>, w: World): Probe[] {
  const travelsAsText = textFields(door, spec);
  const cases: Probe[] = [];
  for (const [field, kind] of Object.entries(spec.fields)) {
    for (const value of valuesFor(kind, valid[field], foreign[field], spec.foreignIgnored?.includes(field) ?? false, spec.nullable?.includes(field) ?? false)) {
      if (travelsAsText.has(field) && !value.text) continue;
      const expect = value.expect ?? 'refused';
      cases.push({ name: `${field} ${value.name}`, input: { ...valid, [field]: value.value }, field, expect, ...(expect === 'stored' ? { stored: value.value as string } : {}) });
    }
  }
  for (const c of own) cases.push({ name: c.name, input: c.input, field: c.field, expect: c.accepted ? 'isolated' : 'refused' });
  const whole: Expect = spec.noInput ? 'isolated' : 'refused';
  cases.push({ name: 'an unknown field', input: { ...valid, bogus: 1 }, field: 'bogus', expect: whole });
  cases.push({ name: "organization A's id as organizationId", input: { ...valid, organizationId: w.a.organizationId }, field: 'organizationId', expect: whole });
  const [method] = door.split(' ');
  if (method !== 'GET' && method !== 'DELETE') {
    for (const [name, value] of [
      ['a string', 'x'],
      ['an array', [valid]],
      ['a number', 42],
      ['null', null],
    ] as const)
      cases.push({ name: `the input is ${name}`, input: valid, raw: JSON.stringify(value), expect: whole });
    // No body is no fields: refused naming a required one (the door's own cases say which), else taken as `{}`; never a 5xx.
    cases.push({ name: 'the body is empty', input: valid, raw: '', expect: 'isolated' });
    // Built as text: JSON.stringify itself would overflow the stack.
    const depth = 100_000;
    cases.push({ name: `a JSON bomb ${depth} deep`, input: valid, raw: `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`, expect: whole });
  }
  // B's input as it is must be accepted: the refusals were the hostile fields'.
  cases.push({ name: "B's own input", input: valid, expect: 'control' });
  // A path's field given again in the body, naming A's record: the path's wins.
  if (!door.startsWith('tRPC ') && method !== 'GET' && method !== 'DELETE') {
    for (const field of Object.values(spec.params ?? {})) {
      if (foreign[field]) cases.push({ name: `the body names A's ${field} beside the path's`, input: valid, extra: { [field]: foreign[field] }, expect: 'isolated' });
    }
  }
  return cases;
}

describe('hostile input at each door: a 4xx naming the field, nothing of another organization, nothing half-written', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp({ env: { JOBS_ENABLED: 'false' } });
  }, 120_000);

  it('names only doors the app has', () => {
    const routes = new Set(built.app.routes.map((r) => `${r.method} ${r.path}`));
    const missing = Object.keys(DOORS).filter((door) => (door.startsWith('tRPC ') ? !PROCEDURE_TYPES.has(door.slice(5)) : !routes.has(door)));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(DOORS))(
    '%s',
    async (door) => {
      const spec = DOORS[door]!;
      const a = await createAccount(built.deps, 'hostile-a');
      const b = await createAccount(built.deps, 'hostile-b');
      const w: World = { app: built.app, deps: built.deps, a, b, apiA: built.caller(browser(a.cookie)), apiB: built.caller(browser(b.cookie)) };
      const prepared = await spec.prepare(w);
      const { foreign } = prepared;
      const ofA = [a.organizationId, ...Object.values(foreign)].map((id) => id.toLowerCase());
      const problems: string[] = [];

      for (const probe of casesOf(door, spec, prepared, w)) {
        const before = await snapshot(w, spec.tables);
        const answer = await call(w, door, spec, probe.input, probe);
        check(probe, answer, before, await snapshot(w, spec.tables));
      }

      function check(probe: Probe, answer: Answer, before: Record<'a' | 'b', string[]>, after: Record<'a' | 'b', string[]>) {
        const what = `${probe.name}: ${answer.status} ${short(answer.message)}`;
        if (answer.status >= 500) return problems.push(`${what} (a 5xx)`);
        if (probe.expect === 'control') return answer.status < 300 || problems.push(`${what} (refused)`);
        const accepted = answer.status < 400;
        if (!accepted) {
          const names = new RegExp(`^${escapeRegExp(probe.field ?? '')}(\\.\\S+)?(: |$)`);
          if (probe.field && !names.test(answer.message) && !answer.fields.some((f) => names.test(f))) problems.push(`${what} (does not name ${probe.field})`);
          if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${what} (refused, yet rows changed)`);
          return;
        }
        if (probe.expect === 'refused') return problems.push(`${what} (accepted)`);
        if (JSON.stringify(after.a) !== JSON.stringify(before.a)) problems.push(`${what} (organization A's rows changed)`);
        if (ofA.some((id) => answer.text.toLowerCase().includes(id))) problems.push(`${what} (the answer shows organization A's ids)`);
        if (probe.stored !== undefined && !after.b.some((row) => row.includes(JSON.stringify(probe.stored).slice(1, -1)))) problems.push(`${what} (accepted, not stored as given)`);
      }

      expect(problems).toEqual([]);
    },
    120_000,
  );

  /** Every row of the organization, in every table that has an organization_id, as text, sorted. */
  async function organizationRows(organizationId: string): Promise<string[]> {
    const db = built.deps.database.db;
    const { rows: tables } = await sql<{ name: string }>`select c.table_name as name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'organization_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by 1`.execute(db);
    const rows = sql.join(
      tables.map(({ name }) => sql`select ${name}::text || ' ' || to_jsonb(t)::text as row from ${sql.table(name)} t where organization_id = ${organizationId}`),
      sql` union all `,
    );
    return (await sql<{ row: string }>`${rows}`.execute(db)).rows.map((r) => r.row).sort();
  }

  it('has writes under /api/v1 to probe', () => expect(V1_WRITES.length).toBeGreaterThan(50));

  // Most writes document no query parameter, so any is refused; a DELETE's that document one (moving a
  // pipeline's deals) take only it. The refusal comes before the door runs: on the organization's own
  // record, with a body it would accept, nothing changes and a DELETE's record is still there.
  // One organization for every case: each compares its rows just before and after its own request.
  let queryAccount: Awaited<ReturnType<typeof createAccount>> | undefined;
  it.each(V1_WRITES)('%s?bogus=1 is refused naming bogus, and changes nothing', async (operation) => {
    const [method, route] = operation.split(' ') as [string, string];
    const a = (queryAccount ??= await createAccount(built.deps, 'query-a'));
    const probe = route.includes('/:') ? await REST_PROBES[operation]?.(built.deps, a, built.caller(browser(a.cookie))) : undefined;
    if (route.includes('/:')) expect(probe, `a REST probe for ${operation}`).toBeDefined();
    const { id, body } = typeof probe === 'string' ? { id: probe, body: {} } : (probe ?? { id: undefined, body: {} });
    const before = await organizationRows(a.organizationId);
    const res = await built.app.request(`${id ? route.replace(/:\w+/, id) : route}?bogus=1`, {
      method,
      headers: browser(a.cookie, { 'content-type': 'application/json' }),
      ...(method === 'DELETE' ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as { errors?: { field: string; message: string }[] };
    expect({ status: res.status, errors: answer.errors }).toEqual({ status: 400, errors: [{ field: 'bogus', message: UNKNOWN_QUERY_PARAMETER }] });
    const after = await organizationRows(a.organizationId);
    expect(after).toEqual(before);
    if (method === 'DELETE')
      expect(
        after.some((row) => row.includes(id!)),
        `${operation}: the record is still there`,
      ).toBe(true);
  });
});
