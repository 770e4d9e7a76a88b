/**
 * `npm run db:move -- --to postgres://…`: copies the embedded database (DATA_DIR) into an empty
 * Postgres database — the schema by the migrations, pg-boss's by pg-boss, then every table's rows in
 * foreign-key order, the sequences, and a row count per table, all in one transaction of the target.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, type DatabaseConnection, type Dialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import { openPGlite } from '../../server/db';
import { claimEmbeddedDatabase } from '../../server/db/embedded-lock';
import { knownMigrations, migrateToLatest } from '../../server/db/migrate';
import { configuredDataDir, isMain, requireEmbeddedDatabase, runScript, ScriptError } from './cli';

export type MovedTable = { table: string; rows: number };

/** Heap pages read per COPY from PGlite (8 KB each): what the copy holds in memory at a time. */
const PAGES_PER_BATCH = 1024;
/** Made on the target by the migrations and pg-boss themselves, and counted rather than copied. */
const NOT_COPIED = new Set(['public.kysely_migration', 'public.kysely_migration_lock', 'pgboss.version', 'pgboss.queue']);

export async function moveEmbeddedDatabase({ dataDir, to, log = () => {} }: { dataDir: string; to: string; log?: (line: string) => void }): Promise<MovedTable[]> {
  requireEmbeddedDatabase(dataDir, 'move');
  const release = claimEmbeddedDatabase(dataDir, 'npm run db:move');
  const target = postgres(to, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await refuseNonEmpty(target);
    const source = await openPGlite(dataDir);
    try {
      const migrations = (await source.query<{ name: string }>('select name from kysely_migration')).rows.map((r) => r.name);
      if (migrations.sort().join() !== (await knownMigrations()).sort().join()) {
        throw new ScriptError("The embedded database is not at this version's schema: start the server on it once (it migrates at start) and stop it, then move.");
      }
      const moved = await moveInto(source, target, to, log);
      log(`Done: ${moved.length} tables in ${databaseName(to)}, each with as many rows as the embedded one.`);
      return moved;
    } finally {
      await source.close();
    }
  } finally {
    await target.end();
    release();
  }
}

/**
 * Everything after the checks, in one transaction of the target: the migrations, pg-boss's schema and
 * every row. A failure anywhere rolls all of it back, so the target is left as empty as it was found
 * (the move refused it otherwise) and the move can simply run again.
 */
async function moveInto(source: PGlite, target: postgres.Sql, to: string, log: (line: string) => void): Promise<MovedTable[]> {
  const jobsVersion = await pgBossVersion(source);
  try {
    return await target.begin(async (tx) => {
      await migrateToLatest(new Kysely({ dialect: inTransaction(tx) }));
      if (jobsVersion !== undefined) {
        await tx.unsafe(jobQueueSchema());
        // pg-boss bounds its own transaction's idle time; this one reads the embedded database between statements.
        await tx.unsafe(`set local idle_in_transaction_session_timeout = 0`);
        const made = (await tx<{ version: number }[]>`select version from pgboss.version`)[0]?.version;
        if (jobsVersion !== made) {
          throw new ScriptError(`The embedded job queue's schema (pg-boss version ${jobsVersion}) is not this version's (${made}): start the server on it once and stop it, then move.`);
        }
      }
      return copyRows(source, tx, jobsVersion !== undefined, log);
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScriptError(`${reason}\nNothing was written to ${databaseName(to)}: the move runs in one transaction, which was rolled back. It can run again as it is.`, { cause: error });
  }
}

/**
 * pg-boss's DDL without its own BEGIN and COMMIT, so that it is part of the move's transaction (its
 * advisory lock and local settings hold until the move commits).
 */
function jobQueueSchema(): string {
  const plans = PgBoss.getConstructionPlans('pgboss');
  const body = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(plans)?.[1];
  if (body === undefined) throw new ScriptError('pg-boss changed the shape of its schema script (no BEGIN … COMMIT around it): db:move needs updating for this version.');
  return body;
}

/**
 * A Kysely dialect over the move's open transaction, for the migrator: every query runs in it, and
 * the migrator's own transaction becomes a savepoint, so a failed migration is rolled back to it and
 * reported as itself (the migrator still releases its lock) before the whole move rolls back.
 */
function inTransaction(tx: postgres.TransactionSql): Dialect {
  const connection = { unsafe: (query: string, parameters?: unknown[]) => tx.unsafe(query, parameters as never), release: () => {} };
  const postgresLike = Object.assign(() => Promise.reject(new Error('only reserve() is used')), { reserve: async () => connection, end: async () => {} });
  const base = new PostgresJSDialect({ postgres: postgresLike as unknown as postgres.Sql });
  const savepoint = (statement: string) => (c: DatabaseConnection) => c.executeQuery(CompiledQuery.raw(statement)).then(() => {});
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => {
      const driver = base.createDriver();
      return {
        init: () => driver.init(),
        acquireConnection: () => driver.acquireConnection(),
        releaseConnection: (c) => driver.releaseConnection(c),
        beginTransaction: savepoint('savepoint db_move_migrations'),
        commitTransaction: savepoint('release savepoint db_move_migrations'),
        rollbackTransaction: savepoint('rollback to savepoint db_move_migrations'),
        // The move ends its connection itself.
        destroy: async () => {},
      };
    },
  };
}

/** A database that holds anything of its own is refused, naming what it found. */
async function refuseNonEmpty(target: postgres.Sql): Promise<void> {
  const found = await target<{ name: string }[]>`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by 1 limit 6`.catch((error: unknown) => {
    throw new ScriptError(`Cannot reach the target database: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  if (found.length === 0) return;
  const named = found.slice(0, 5).map((r) => r.name);
  throw new ScriptError(
    `The target database is not empty (it has ${named.join(', ')}${found.length > 5 ? ', …' : ''}). db:move copies into an empty database only: create one (createdb) and try again.`,
  );
}

async function pgBossVersion(source: PGlite): Promise<number | undefined> {
  const { rows } = await source.query<{ present: boolean }>(`select to_regclass('pgboss.version') is not null as present`);
  if (!rows[0]?.present) return undefined;
  return (await source.query<{ version: number }>(`select version from pgboss.version`)).rows[0]?.version;
}

type Table = { name: string; oid: number };

async function copyRows(source: PGlite, tx: postgres.TransactionSql, withJobs: boolean, log: (line: string) => void): Promise<MovedTable[]> {
  if (withJobs) await createQueues(source, tx);
  const tables = await copyOrder(source);
  // The copy writes rows as they were: the tables' own triggers (counters, notifications) stay off, and
  // forced row-level security is lifted for the owner — for every table before the first row, because
  // a table cannot be altered while a deferred key of its rows waits to be checked.
  const suspended = [];
  for (const table of tables) suspended.push({ table, ...(await suspendTableRules(tx, table.name)) });
  // Deferrable keys (a cycle such as a page and its live version) are checked once every row is in.
  await tx.unsafe('set constraints all deferred');
  const moved: MovedTable[] = [];
  for (const table of tables) {
    const columns = await copiedColumns(tx, table.name);
    const sourceColumns = (await source.query<{ name: string }>(COLUMNS, [table.name])).rows.map((r) => r.name);
    if ([...sourceColumns].sort().join() !== [...columns].sort().join()) throw new ScriptError(`The columns of ${table.name} differ between the embedded database and the target.`);
    await copyTable(source, tx, table, columns.map(quoteIdent).join(', '));
    moved.push({ table: table.name, rows: await checkCount(source, tx, table.name) });
    log(`${table.name}: ${moved.at(-1)!.rows} rows`);
  }
  await tx.unsafe('set constraints all immediate');
  for (const { table, triggers, forced } of suspended) {
    for (const trigger of triggers) await tx.unsafe(`alter table ${table.name} enable trigger ${quoteIdent(trigger)}`);
    if (forced) await tx.unsafe(`alter table ${table.name} force row level security`);
  }
  for (const table of NOT_COPIED) if (withJobs || !table.startsWith('pgboss.')) moved.push({ table, rows: await checkCount(source, tx, table) });
  const sequences = await copySequences(source, tx);
  log(`${sequences} sequences set`);
  return moved;
}

/**
 * The table's rows, batch by batch: each batch `COPY`ed as text into a temporary table of the same
 * columns (no constraints, so nothing there refuses a row), then inserted into the table by one
 * statement. A row the table refuses (a check, a key, a foreign key) fails that statement with
 * Postgres's own message — postgres.js never settles a `COPY FROM STDIN` the server refuses after the
 * end of its data, and the reason is lost (porsager/postgres#1173).
 */
async function copyTable(source: PGlite, tx: postgres.TransactionSql, table: Table, list: string): Promise<void> {
  await tx.unsafe(`create temporary table db_move_rows on commit drop as select ${list} from ${table.name} with no data`);
  for await (const batch of batches(source, table, list)) {
    const writable = await tx.unsafe(`copy pg_temp.db_move_rows (${list}) from stdin`).writable();
    await pipeline(Readable.from([batch]), writable);
    await tx.unsafe(`insert into ${table.name} (${list}) overriding system value select ${list} from pg_temp.db_move_rows`);
    await tx.unsafe(`truncate pg_temp.db_move_rows`);
  }
  await tx.unsafe(`drop table pg_temp.db_move_rows`);
}

/** Reads the table a range of heap pages at a time (a TID range scan), each as COPY text. */
async function* batches(source: PGlite, table: Table, list: string): AsyncGenerator<Buffer> {
  const { rows } = await source.query<{ pages: number }>(`select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`, [table.name]);
  const pages = rows[0]?.pages ?? 0;
  for (let from = 0; from < pages; from += PAGES_PER_BATCH) {
    const result = await source.query(`copy (select ${list} from ${table.name} where ctid >= '(${from},0)'::tid and ctid < '(${from + PAGES_PER_BATCH},0)'::tid) to '/dev/blob'`);
    if (result.blob) yield Buffer.from(await result.blob.arrayBuffer());
  }
}

/** Every table of the app and the job queue, parents before the tables whose (not deferrable) foreign keys point at them. */
async function copyOrder(source: PGlite): Promise<Table[]> {
  const { rows: tables } = await source.query<Table>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'pgboss') order by 1`,
  );
  const { rows: keys } = await source.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid and not condeferrable`,
  );
  let pending = tables.filter((t) => !NOT_COPIED.has(t.name));
  const copied = new Set(pending.map((t) => t.oid));
  const ordered: Table[] = [];
  const done = new Set<number>();
  while (pending.length > 0) {
    // A key to a table made on the target before the copy (pg-boss's queues) is already satisfied.
    const ready = pending.filter((t) => keys.every((k) => k.child !== t.oid || done.has(k.parent) || !copied.has(k.parent)));
    if (ready.length === 0) throw new ScriptError(`Foreign keys form a cycle between ${pending.map((t) => t.name).join(', ')}; db:move cannot order them.`);
    for (const t of ready) done.add(t.oid);
    ordered.push(...ready);
    pending = pending.filter((t) => !ready.includes(t));
  }
  return ordered;
}

/** Stored columns (generated ones are computed again on the target). */
const COLUMNS = `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`;

async function copiedColumns(tx: postgres.TransactionSql, table: string): Promise<string[]> {
  const rows = await tx.unsafe<{ name: string }[]>(COLUMNS, [table]);
  if (rows.length === 0) throw new ScriptError(`The target has no table ${table} after its migrations.`);
  return rows.map((r) => r.name);
}

async function suspendTableRules(tx: postgres.TransactionSql, table: string): Promise<{ triggers: string[]; forced: boolean }> {
  const triggers = (await tx.unsafe<{ name: string }[]>(`select tgname as name from pg_trigger where tgrelid = $1::regclass and not tgisinternal and tgenabled <> 'D'`, [table])).map((r) => r.name);
  for (const trigger of triggers) await tx.unsafe(`alter table ${table} disable trigger ${quoteIdent(trigger)}`);
  const forced = Boolean((await tx.unsafe<{ forced: boolean }[]>(`select relforcerowsecurity as forced from pg_class where oid = $1::regclass`, [table]))[0]?.forced);
  if (forced) await tx.unsafe(`alter table ${table} no force row level security`);
  return { triggers, forced };
}

async function checkCount(source: PGlite, tx: postgres.TransactionSql, table: string): Promise<number> {
  const expected = Number((await source.query<{ n: number }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  const copied = Number((await tx.unsafe<{ n: string }[]>(`select count(*) as n from ${table}`))[0]?.n);
  if (copied !== expected) throw new ScriptError(`${table}: ${copied} rows on the target, ${expected} in the embedded database.`);
  return copied;
}

/**
 * The queues through pg-boss's own function, which also makes each queue's job partition (the same
 * name on both sides); a dead-letter queue before the queues that point at it.
 */
async function createQueues(source: PGlite, tx: postgres.TransactionSql): Promise<void> {
  const { rows } = await source.query<{ name: string; dead_letter: string | null; options: string; created_on: string }>(
    `select name, dead_letter, created_on::text, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay, 'retryBackoff', retry_backoff,
       'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes, 'deadLetter', dead_letter)::text as options from pgboss.queue`,
  );
  const created = new Set<string>();
  let pending = rows;
  while (pending.length > 0) {
    const ready = pending.filter((q) => q.dead_letter === null || created.has(q.dead_letter) || q.dead_letter === q.name);
    if (ready.length === 0) throw new ScriptError(`The job queues' dead letters form a cycle: ${pending.map((q) => q.name).join(', ')}.`);
    for (const q of ready) {
      await tx`select pgboss.create_queue(${q.name}, ${q.options}::json)`;
      await tx`update pgboss.queue set created_on = ${q.created_on}::timestamptz where name = ${q.name}`;
      created.add(q.name);
    }
    pending = pending.filter((q) => !created.has(q.name));
  }
}

/** Each sequence where the embedded one is (at or past its column's highest value), so new rows get fresh ids. */
async function copySequences(source: PGlite, tx: postgres.TransactionSql): Promise<number> {
  const { rows } = await source.query<{ name: string; value: number }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value as value from pg_sequences where schemaname in ('public', 'pgboss') and last_value is not null`,
  );
  for (const { name, value } of rows) await tx`select setval(${name}::regclass, ${value}::bigint)`;
  return rows.length;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The target's database name, never its URL (which may hold a password). */
function databaseName(url: string): string {
  return `the database "${decodeURIComponent(new URL(url).pathname.slice(1))}"`;
}

if (isMain(import.meta.url)) {
  await runScript(async () => {
    const { values } = parseArgs({ options: { to: { type: 'string' } } });
    if (!values.to || !/^postgres(ql)?:\/\/.+/.test(values.to)) throw new ScriptError('usage: npm run db:move -- --to postgres://user:password@host:5432/database (an empty database)');
    const dataDir = await configuredDataDir();
    console.log(`Moving the embedded database at ${dataDir} …`);
    await moveEmbeddedDatabase({ dataDir, to: values.to, log: (line) => console.log(`  ${line}`) });
    console.log('Set DATABASE_URL to the new database and start the server; keep DATA_DIR until you have checked it.');
  });
}
