import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { checkedTestApp } from '../helpers/openapi';
import { testDatabaseKind } from '../helpers/db';

describe('GET /api/health', () => {
  it('answers 200 with the database kind and version', async () => {
    const { app, deps } = await checkedTestApp();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, database: testDatabaseKind, version: deps.config.version });
  });

  it('answers 503 with a reason when the database is unreachable', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.close();
    const { app } = await checkedTestApp({ database });
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { ok: boolean; reason: string };
    expect(body.ok).toBe(false);
    expect(body.reason).toMatch(/^Database unreachable: /);
  });

  it('answers 503 when a Postgres server does not answer', async () => {
    // Nothing listens on port 1: the connection is refused.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', maxConnections: 1 });
    const { app } = await checkedTestApp({ database });
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { database: string; reason: string }).database).toBe('postgres');
    await database.close();
  });

  it('is also a tRPC query', async () => {
    const { caller } = await checkedTestApp();
    expect(await caller().health.get()).toMatchObject({ ok: true, database: testDatabaseKind });
  });
});
