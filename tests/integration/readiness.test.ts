import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { migrateToLatest, MigrationFailedError } from '../../server/db/migrate';
import { startServer } from '../../server/server';
import { checkedTestApp } from '../helpers/openapi';
import { testConfig } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';

describe('GET /api/health/ready', () => {
  it('answers 200 while the process serves and its database answers', async () => {
    const { app } = await checkedTestApp();
    const res = await app.request('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ready: true });
  });

  it('answers 503 with the reason while draining, and when the database is unreachable', async () => {
    const { app, deps } = await checkedTestApp();
    deps.lifecycle.enter('draining');
    const draining = await app.request('/api/health/ready');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ ready: false, reason: 'Shutting down: finishing the requests in flight' });

    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.close();
    const unreachable = await checkedTestApp({ database });
    const res = await unreachable.app.request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { reason: string }).reason).toMatch(/^Database unreachable: /);
  });
});

describe('a schema ahead of the code', () => {
  it('is refused: migrating names the unknown migrations, and the server does not start', async () => {
    const database = await createTestDatabase();
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_000_from_a_newer_version', now()::text)`.execute(database.db);
      const refused = migrateToLatest(database.db);
      await expect(refused).rejects.toBeInstanceOf(MigrationFailedError);
      await expect(refused).rejects.toThrow(/schema is ahead of this version of Switchboard: it has migration "2099_01_01_000_from_a_newer_version"/);
      await expect(startServer(testConfig({ PORT: '0' }), { database, clientDir: false })).rejects.toThrow(/ahead of this version/);
    } finally {
      await database.close();
    }
  });
});
