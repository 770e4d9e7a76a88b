import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupEmbeddedDatabase } from '../../scripts/db/backup';
import { ScriptError } from '../../scripts/db/cli';
import { moveEmbeddedDatabase } from '../../scripts/db/move';
import { restoreEmbeddedDatabase } from '../../scripts/db/restore';
import { login } from '../../server/auth/service';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { claimEmbeddedDatabase, EmbeddedDatabaseInUseError, embeddedLockFile } from '../../server/db/embedded-lock';
import { DEMO_EMAIL } from '../../server/demo/demo';
import { startServer } from '../../server/server';
import { testConfig } from '../helpers/app';
import { testDatabaseKind } from '../helpers/db';

const META = { ip: '127.0.0.1', userAgent: 'vitest' };

/** Rows of every table of the app and the job queue, counted from the catalog (not from the move's own list). */
async function tableCounts({ db }: DatabaseHandle): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ('public', 'pgboss') order by 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) counts[name] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.raw(name)}`.execute(db)).rows[0]!.n);
  return counts;
}

// The demo workspace on an embedded database as `npm start` leaves it: seeded, the job queue's schema and queues made.
let root: string;
let dataDir: string;
let password: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'sb-dbmove-'));
  dataDir = path.join(root, 'pglite');
  const printed: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true));
  try {
    const server = await startServer(testConfig({ PORT: '0', DATA_DIR: root }), { clientDir: false });
    try {
      await server.ready;
      // The running server holds the database: every db: script is refused.
      expect(() => claimEmbeddedDatabase(dataDir, 'a test')).toThrow(new RegExp(`in use by process ${process.pid} \\(a Switchboard server\\)`));
    } finally {
      await server.close();
    }
  } finally {
    write.mockRestore();
  }
  // …and gives it back when it stops.
  expect(existsSync(embeddedLockFile(dataDir))).toBe(false);
  password = /password: (\S+)/.exec(printed.join(''))![1]!;
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(testDatabaseKind !== 'postgres')('db:move', () => {
  const admin = () => postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  let url: string;
  let name: string;

  beforeAll(async () => {
    name = `sb_move_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const sqlAdmin = admin();
    await sqlAdmin.unsafe(`create database "${name}"`);
    await sqlAdmin.end();
    const target = new URL(process.env.TEST_DATABASE_URL!);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterAll(async () => {
    const sqlAdmin = admin();
    await sqlAdmin.unsafe(`drop database if exists "${name}" with (force)`);
    await sqlAdmin.end();
  });

  /** What a database holds beyond the server's built-ins: schemas, extensions, and the relations, functions and types of every schema but the system's. */
  async function catalogOf(databaseUrl: string) {
    const target = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const names = async (query: string) => (await target.unsafe<{ name: string }[]>(query)).map((r) => r.name);
      const own = `not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
      return {
        schemas: await names(`select nspname as name from pg_namespace n where n.nspname ${own} order by 1`),
        extensions: await names(`select extname as name from pg_extension order by 1`),
        relations: await names(`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname ${own} order by 1`),
        functions: await names(`select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${own} order by 1`),
        types: await names(`select n.nspname || '.' || t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname ${own} order by 1`),
        defaultPrivileges: await names(`select defaclobjtype::text as name from pg_default_acl order by 1`),
      };
    } finally {
      await target.end();
    }
  }

  it('rolls back everything it made when the target refuses a row midway: the database is left as empty as it was, and the move runs again', { timeout: 120_000 }, async () => {
    const before = await catalogOf(url);
    expect(before.relations).toEqual([]);
    // A copy of the demo database with one row Postgres will refuse: a step outcome its check constraint does not allow.
    const brokenDir = path.join(root, 'broken');
    cpSync(dataDir, brokenDir, { recursive: true });
    const broken = await openDatabase({ kind: 'pglite', dataDir: brokenDir });
    try {
      const { rows: checks } = await sql<{ name: string }>`select conname as name from pg_constraint where conrelid = 'workflow_run_steps'::regclass and contype = 'c'`.execute(broken.db);
      for (const { name: check } of checks) await sql`alter table workflow_run_steps drop constraint ${sql.id(check)}`.execute(broken.db);
      const changed = await sql`update workflow_run_steps set outcome = 'exploded' where id = (select min(id::text)::uuid from workflow_run_steps)`.execute(broken.db);
      expect(Number(changed.numAffectedRows)).toBe(1);
    } finally {
      await broken.close();
    }

    const lines: string[] = [];
    const move = moveEmbeddedDatabase({ dataDir: brokenDir, to: url, log: (line) => lines.push(line) });
    await expect(move).rejects.toThrow(ScriptError);
    await expect(move).rejects.toThrow(/workflow_run_steps_outcome_check[\s\S]*Nothing was written to the database "sb_move_\w+": the move runs in one transaction, which was rolled back/);
    // It failed midway: tables before it had been copied, in the transaction that was rolled back.
    expect(lines.filter((line) => /^public\.\w+: \d+ rows$/.test(line)).length).toBeGreaterThan(10);
    expect(lines.some((line) => line.startsWith('public.workflow_run_steps:'))).toBe(false);

    expect(await catalogOf(url)).toEqual(before);
  });

  it('copies every table, the sequences and the job queue into an empty Postgres database, where the demo owner signs in', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const moved = await moveEmbeddedDatabase({ dataDir, to: url, log: (line) => lines.push(line) });
    expect(lines.at(-1)).toMatch(/^Done: \d+ tables in the database "sb_move_\w+", each with as many rows/);

    const source = await openDatabase({ kind: 'pglite', dataDir });
    const target: DatabaseHandle = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    try {
      const counts = await tableCounts(source);
      expect(await tableCounts(target)).toEqual(counts);
      expect(Object.fromEntries(moved.map((m) => [m.table, m.rows]))).toEqual(counts);
      // The demo's data came along, and the job queue with it.
      expect(counts['public.contacts']).toBeGreaterThan(10);
      expect(counts['public.workflow_runs']).toBeGreaterThan(0);
      expect(counts['pgboss.queue']).toBeGreaterThan(0);
      const contact = (db: DatabaseHandle) => db.db.selectFrom('contacts').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
      expect(await contact(target)).toEqual(await contact(source));
      const run = (db: DatabaseHandle) => db.db.selectFrom('workflow_runs').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
      expect(await run(target)).toEqual(await run(source));

      const signed = await login({ database: target, config: testConfig() }, { email: DEMO_EMAIL, password }, META);
      expect(signed.payload.organization).toMatchObject({ name: 'Demo Company' });

      // Serial ids continue past the copied rows.
      const { rows: serials } = await sql<{ table: string; column: string; quoted: string }>`
        select quote_ident(c.relname) as "table", a.attname as "column", quote_ident(a.attname) as quoted from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`.execute(target.db);
      expect(serials.length).toBeGreaterThan(3);
      for (const { table, column, quoted } of serials) {
        const { rows } = await sql<{ next: number; highest: number | null }>`
          select nextval(pg_get_serial_sequence(${table}, ${column})) as next, (select max(${sql.raw(quoted)}) from ${sql.raw(table)}) as highest`.execute(target.db);
        expect(Number(rows[0]!.next), table).toBeGreaterThan(Number(rows[0]!.highest ?? 0));
      }

      // The copy's suspensions are undone: row-level security forced as before, no trigger left off.
      const forced = async (db: DatabaseHandle) => (await sql<{ name: string }>`select relname as name from pg_class where relforcerowsecurity order by 1`.execute(db.db)).rows;
      expect(await forced(target)).toEqual(await forced(source));
      expect((await sql`select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`.execute(target.db)).rows).toEqual([]);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses a target that is not empty, naming what it holds', { timeout: 60_000 }, async () => {
    await expect(moveEmbeddedDatabase({ dataDir, to: url })).rejects.toThrow(/^The target database is not empty \(it has \w+\.\w+/);
  });

  it('refuses while a server holds the embedded database', async () => {
    const release = claimEmbeddedDatabase(dataDir, 'a Switchboard server');
    try {
      await expect(moveEmbeddedDatabase({ dataDir, to: url })).rejects.toThrow(EmbeddedDatabaseInUseError);
    } finally {
      release();
    }
  });
});

describe.skipIf(testDatabaseKind !== 'pglite')('db:backup and db:restore', () => {
  it('restore a backup into a new data directory with the same rows, and replace an existing one only with --force', { timeout: 120_000 }, async () => {
    const out = path.join(root, 'backup.tar.gz');
    const { bytes } = await backupEmbeddedDatabase({ dataDir, out });
    expect(bytes).toBeGreaterThan(0);
    await expect(backupEmbeddedDatabase({ dataDir, out })).rejects.toThrow(/exists already/);

    const restoredDir = path.join(root, 'restored');
    expect(await restoreEmbeddedDatabase({ dataDir: restoredDir, from: out })).toEqual({ setAside: undefined });
    const source = await openDatabase({ kind: 'pglite', dataDir });
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const counts = await tableCounts(source);
      expect(counts['public.contacts']).toBeGreaterThan(10);
      expect(await tableCounts(restored)).toEqual(counts);
    } finally {
      await source.close();
      await restored.close();
    }

    const refused = restoreEmbeddedDatabase({ dataDir: restoredDir, from: out });
    await expect(refused).rejects.toThrow(ScriptError);
    await expect(refused).rejects.toThrow(/There is an embedded database at .* already\. Restoring replaces it: pass --force/);
    const { setAside } = await restoreEmbeddedDatabase({ dataDir: restoredDir, from: out, force: true });
    expect(setAside && existsSync(path.join(setAside, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(restoredDir, 'PG_VERSION'))).toBe(true);
  });

  it('refuses to back up or restore while a server holds the embedded database', async () => {
    const release = claimEmbeddedDatabase(dataDir, 'a Switchboard server');
    try {
      await expect(backupEmbeddedDatabase({ dataDir, out: path.join(root, 'refused.tar.gz') })).rejects.toThrow(/in use by process \d+ \(a Switchboard server\)/);
      await expect(restoreEmbeddedDatabase({ dataDir, from: path.join(root, 'backup.tar.gz'), force: true })).rejects.toThrow(EmbeddedDatabaseInUseError);
    } finally {
      release();
    }
    expect(existsSync(path.join(root, 'refused.tar.gz'))).toBe(false);
  });
});
