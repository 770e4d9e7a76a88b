import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db';

/** Anything that runs a compiled query: the app's Kysely instance or a transaction of it. */
export type QueryRunner = Pick<Kysely<Database>, 'executeQuery'>;

/** What pg-boss calls for every statement it runs (its `db` constructor and send options). */
export type PgBossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss over our own connection: every statement goes through Kysely, so on PGlite it shares the
 * driver's one serialized connection and on Postgres the app's pool.
 *
 * - Parameterized statements run as they are (`CompiledQuery.raw(text, values)`; `sql.raw` would
 *   not bind parameters). Values are converted as node-postgres (pg-boss's own driver) would
 *   for the types pg-boss binds: arrays (uuid[] of ids) to Postgres array literals, dates to ISO
 *   text; objects are left to the driver, which encodes them for their json/jsonb parameter.
 * - pg-boss's schema creation and maintenance are multi-statement scripts without parameters
 *   (`BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …; COMMIT;`). PGlite's `query()` — what
 *   the Kysely dialect calls — uses the extended protocol, which refuses several commands in one
 *   string. So such a script is split into statements (aware of quotes, dollar-quoted function
 *   bodies and comments) and run in order on ONE reserved connection, with a ROLLBACK if a
 *   statement fails so the connection is never handed back inside an aborted transaction. The same
 *   path runs on Postgres, so both databases execute pg-boss identically.
 */
export function pgBossDb(runner: QueryRunner, root?: Kysely<Database>): PgBossDb {
  return {
    async executeSql(text, values = []) {
      if (root && values.length === 0) {
        const statements = splitStatements(text);
        if (statements.length > 1) return runScript(root, statements);
      }
      const result = await runner.executeQuery(CompiledQuery.raw(text, values.map(toParameter)));
      return { rows: result.rows as unknown[] };
    },
  };
}

async function runScript(db: Kysely<Database>, statements: string[]): Promise<{ rows: unknown[] }> {
  return db.connection().execute(async (connection) => {
    let rows: unknown[] = [];
    try {
      for (const statement of statements) rows = (await connection.executeQuery(CompiledQuery.raw(statement))).rows as unknown[];
    } catch (error) {
      if (/^begin\b/i.test(statements[0] ?? '')) await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    }
    return { rows };
  });
}

/**
 * A pg-boss statement (its text with $n placeholders and their values) as a Kysely fragment: for a
 * caller that runs it inside a statement of its own (a part of a data-modifying WITH), its values
 * bound as executeSql binds them.
 */
export function pgBossStatement(text: string, values: unknown[] = []): RawBuilder<unknown> {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(
    pieces.map((piece, i) => (i % 2 === 0 ? sql.raw(piece) : sql.val(toParameter(values[Number(piece) - 1])))),
    sql.raw(''),
  );
}

function toParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'bigint') return value.toString();
  // Objects stay objects: both drivers serialize them for the json/jsonb parameter the statement
  // declares (postgres.js would JSON-encode a pre-stringified value a second time).
  return value;
}

function arrayLiteral(items: unknown[]): string {
  const quoted = items.map((item) => (item === null || item === undefined ? 'NULL' : `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${quoted.join(',')}}`;
}

/** Splits a SQL script on top-level semicolons; quotes, dollar quotes and comments are kept whole. */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const statement = script.slice(start, end).trim();
    if (statement) statements.push(statement);
  };
  while (i < script.length) {
    const ch = script[i]!;
    const next = script[i + 1];
    if (ch === "'" || ch === '"') {
      // '' and "" inside are escapes: the scan simply re-enters the quote.
      const close = script.indexOf(ch, i + 1);
      i = close === -1 ? script.length : close + 1;
    } else if (ch === '-' && next === '-') {
      const close = script.indexOf('\n', i);
      i = close === -1 ? script.length : close + 1;
    } else if (ch === '/' && next === '*') {
      const close = script.indexOf('*/', i + 2);
      i = close === -1 ? script.length : close + 2;
    } else if (ch === '$') {
      // $tag$ … $tag$ (not $1, a parameter).
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i));
      if (tag) {
        const close = script.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? script.length : close + tag[0].length;
      } else {
        i++;
      }
    } else if (ch === ';') {
      push(i);
      start = ++i;
    } else {
      i++;
    }
  }
  push(script.length);
  return statements;
}
