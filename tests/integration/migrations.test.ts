import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { MigrationFailedError, migrateToLatest } from '../../server/db/migrate';

function migrationsDir(files: Record<string, string>): string {
  // Inside the project so the migrations resolve 'kysely' as real ones do.
  const parent = path.resolve('node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'sb-migrations-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}

const createTable = (table: string) => `
import { sql } from 'kysely';
export async function up(db) { await sql\`create table ${table} (id int primary key)\`.execute(db); }
export async function down(db) { await sql\`drop table ${table}\`.execute(db); }
`;

describe('migrations', () => {
  it('apply in name order and only once', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const dir = migrationsDir({ '2026_01_01_001_a.mjs': createTable('a'), '2026_01_02_001_b.mjs': createTable('b') });
    const first = await migrateToLatest(database.db, dir);
    expect(first.map((r) => r.migrationName)).toEqual(['2026_01_01_001_a', '2026_01_02_001_b']);
    expect(await migrateToLatest(database.db, dir)).toEqual([]);
    await database.close();
  });

  it('stop with the failing migration name and the database error', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const dir = migrationsDir({
      '2026_01_01_001_ok.mjs': createTable('ok'),
      '2026_01_02_001_broken.mjs': `import { sql } from 'kysely'; export async function up(db) { await sql\`create table broken (id nosuchtype)\`.execute(db); }`,
    });
    const failure = migrateToLatest(database.db, dir);
    await expect(failure).rejects.toBeInstanceOf(MigrationFailedError);
    await expect(failure).rejects.toThrow(/^Migration "2026_01_02_001_broken" failed: type "nosuchtype" does not exist$/);
    await database.close();
  });
});

describe('server start-up', () => {
  it('refuses a bad setting with one line naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: 'eighty', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  });
});
