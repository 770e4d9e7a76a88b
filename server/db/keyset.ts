import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { DomainError } from '../errors';
import { textIssue } from '../input/guard';
import { isWithinDateRange, MAX_INT } from '../input/schema';

/**
 * Keyset paging for every list (issue #19): a page continues strictly after the last row of the
 * previous one in a total order, so rows inserted or deleted meanwhile never repeat or skip a row
 * the way an offset does. A sort is a list of keys ending with the id; its cursor carries the last
 * row's key values as text, with the sort and direction it was made for.
 */
export type SortKey = { expr: RawBuilder<unknown>; type: 'text' | 'integer' | 'bigint' | 'date' | 'timestamptz' | 'boolean' | 'uuid'; dir: 'asc' | 'desc' };

export function orderByKeys(keys: SortKey[]): RawBuilder<unknown> {
  return sql`${sql.join(keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)}`))}`;
}

/** The key values of a row as text, selected alongside it to build the next cursor. */
export function keyValues(keys: SortKey[]): RawBuilder<string[]> {
  return sql<string[]>`array[${sql.join(keys.map((k) => sql`(${k.expr})::text`))}]`;
}

/** Rows strictly after the cursor's key values in the sort order. */
export function afterCursor(keys: SortKey[], values: string[]): Expression<SqlBool> {
  // The value is bound as text and cast in SQL, so no driver converts it on the way.
  const value = (k: SortKey, v: string) => sql`cast(cast(${v} as text) as ${sql.raw(k.type)})`;
  // Keys all in one direction: a row comparison, which an index on the keys reads as a range
  // (the expanded form below makes a deep page walk every row before the cursor).
  if (keys.every((k) => k.dir === keys[0]!.dir)) {
    return sql<SqlBool>`(${sql.join(keys.map((k) => k.expr))}) ${sql.raw(keys[0]!.dir === 'asc' ? '>' : '<')} (${sql.join(keys.map((k, i) => value(k, values[i]!)))})`;
  }
  const parts = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((kj, j) => sql`${kj.expr} = ${value(kj, values[j]!)}`);
    const beyond = sql`${k.expr} ${sql.raw(k.dir === 'asc' ? '>' : '<')} ${value(k, values[i]!)}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

type Cursor = { s: string; d: 'asc' | 'desc'; k: string[] };

export function encodeCursor(sort: string, dir: 'asc' | 'desc', values: string[]): string {
  return Buffer.from(JSON.stringify({ s: sort, d: dir, k: values } satisfies Cursor)).toString('base64url');
}

/** A timestamptz as Postgres writes it as text ('2026-11-25 10:53:53.123456+00'), a real instant within the doors' date range. */
const TIMESTAMPTZ_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::[0-5]\d){0,2}$/;
function isTimestamptzText(v: string): boolean {
  const m = TIMESTAMPTZ_TEXT.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s, offset] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const exists = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
  return exists && offset <= 15 && isWithinDateRange(`${m[1]}-${m[2]}-${m[3]}`);
}

function isDateText(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.getUTCDate() === Number(m[3]) && at.getUTCMonth() === Number(m[2]) - 1 && isWithinDateRange(v);
}

/**
 * What each key's text must look like before it is cast in SQL: a crafted cursor is a 400
 * ('cursor: is not a valid cursor'), never a cast error (out-of-range integer or date, NUL in text).
 */
const VALUE_FORMAT: Record<SortKey['type'], (v: string) => boolean> = {
  text: (v) => textIssue(v) === undefined,
  integer: (v) => /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= MAX_INT,
  bigint: (v) => /^-?\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v)),
  date: isDateText,
  timestamptz: isTimestamptzText,
  boolean: (v) => v === 'true' || v === 'false',
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};

export function decodeCursor(raw: string, sort: string, dir: 'asc' | 'desc', keys: SortKey[]): string[] {
  let cursor: Cursor | undefined;
  try {
    cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
  } catch {
    cursor = undefined;
  }
  const invalid = (message: string) => new DomainError('VALIDATION', `cursor: ${message}`, { issues: [{ path: 'cursor', message }] });
  if (!cursor || typeof cursor !== 'object') throw invalid('is not a valid cursor');
  if (cursor.s !== sort || cursor.d !== dir) throw invalid('belongs to another sort; start again from the first page');
  const values = cursor.k;
  if (!Array.isArray(values) || values.length !== keys.length || !values.every((v, i) => typeof v === 'string' && VALUE_FORMAT[keys[i]!.type](v))) {
    throw invalid('is not a valid cursor');
  }
  return values;
}

/** Where a list's page starts: after a cursor of this sort, else at a page number. */
export type PagePosition = { sort: string; dir: 'asc' | 'desc'; cursor?: string | undefined; page: number; limit: number };

/**
 * A list query as one page in the sort's order: its rows carry their key values (`sort_keys`), one
 * more than the page is read (so keysetPage knows whether a next page exists), after the cursor
 * when there is one, else at the page's offset.
 */
export function pageQuery<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, keys: SortKey[], at: PagePosition) {
  const page = query
    .select(keyValues(keys).as('sort_keys'))
    .orderBy(orderByKeys(keys))
    .limit(at.limit + 1);
  return at.cursor ? page.where(afterCursor(keys, decodeCursor(at.cursor, at.sort, at.dir, keys))) : page.offset((at.page - 1) * at.limit);
}

/**
 * One keyset page: `rows` fetched with `limit + 1` after the cursor; the extra row only says there
 * is a next page, whose cursor is the last shown row's keys.
 */
export function keysetPage<R extends { sort_keys: string[] }>(rows: R[], limit: number, sort: string, dir: 'asc' | 'desc') {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(sort, dir, last.sort_keys) : null };
}
