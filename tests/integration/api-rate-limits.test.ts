import { beforeAll, describe, expect, it } from 'vitest';
import { apiRateLimitMessage } from '../../server/http/api-rate-limit';
import type { AppDeps } from '../../server/deps';
import { takeTokens } from '../../server/rate-limit';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { getTestDatabase } from '../helpers/db';
import { checkedAgainstOpenApi } from '../helpers/openapi';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

async function world(env: Record<string, string>) {
  const { app, deps } = await buildTestApp({ env });
  const owner = await createAccount(deps);
  return { app: await checkedAgainstOpenApi(app), deps, owner, key: () => createKey(deps, owner.organizationId, 'admin') };
}

/**
 * Fills the API buckets of an organization and its keys and stops their refill (a refill time in the
 * future counts no time): a slow machine cannot earn a token back between a test's requests.
 */
async function frozenBuckets(deps: AppDeps, organizationId: string, capacities: { organization: number; key: number }) {
  const keys = await deps.database.db.selectFrom('api_keys').select('id').where('organization_id', '=', organizationId).execute();
  const rows = [{ name: `api:org:${organizationId}`, tokens: capacities.organization }, ...keys.map((k) => ({ name: `api:key:${k.id}`, tokens: capacities.key }))];
  await deps.database.db
    .insertInto('rate_buckets')
    .values(rows.map((row) => ({ ...row, refilled_at: new Date(Date.now() + 3_600_000) })))
    .execute();
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe('token buckets (server/rate-limit/token-bucket.ts)', () => {
  it('100 simultaneous takes from a bucket of 20 that refills once an hour: exactly 20 pass', async () => {
    const { deps } = await buildTestApp();
    const bucket = { name: `test:${crypto.randomUUID()}`, capacity: 20, refillPerSecond: 1 / 3600 };
    const verdicts = await Promise.all(Array.from({ length: 100 }, () => takeTokens(deps.database.db, [bucket])));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(20);
    expect(
      verdicts
        .filter((v) => v.ok)
        .map((v) => v.remaining)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const refused = verdicts.find((v) => !v.ok)!;
    expect(refused).toMatchObject({ limit: 20, remaining: 0 });
    // One token takes an hour to come back; the bucket is full after twenty.
    expect(refused.retryAfter).toBeGreaterThan(3500);
    expect(refused.resetSeconds).toBeGreaterThan(20 * 3600 - 100);
  });

  it('takes from every bucket or from none, and refills with time', async () => {
    const { deps } = await buildTestApp();
    const db = deps.database.db;
    const roomy = { name: `test:${crypto.randomUUID()}`, capacity: 10, refillPerSecond: 1 / 3600 };
    const tight = { name: `test:${crypto.randomUUID()}`, capacity: 1, refillPerSecond: 1 / 3600 };
    expect((await takeTokens(db, [roomy, tight])).ok).toBe(true);
    expect(await takeTokens(db, [roomy, tight])).toMatchObject({ ok: false, limit: 1, remaining: 0 });
    // The refusal spent nothing from the roomy bucket: 9 left, then 8 after this take.
    expect(await takeTokens(db, [roomy])).toMatchObject({ ok: true, limit: 10, remaining: 8 });

    // An hour later the tight bucket holds a token again.
    await db
      .updateTable('rate_buckets')
      .set({ refilled_at: new Date(Date.now() - 3_600_000) })
      .where('name', '=', tight.name)
      .execute();
    expect((await takeTokens(db, [roomy, tight])).ok).toBe(true);
  });
});

describe('/api/v1 rate limits per API key and per organization (issue #19)', () => {
  it('of 100 simultaneous requests with one key, the limit passes and the rest are 429 with Retry-After; every answer says where the caller stands', async () => {
    const { app, key } = await world({ API_RATE_LIMIT: '20', API_RATE_LIMIT_ORGANIZATION: '1000' });
    const authorization = `Bearer ${await key()}`;
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 100 }, () => app.request('/api/v1/contacts?limit=1', { headers: { authorization } })));
    // A token comes back every 3 s (20 a minute): a slow machine may earn one back during the burst.
    const refilled = Math.floor(((Date.now() - started) / 1000) * (20 / 60));
    const passed = responses.filter((r) => r.status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(20);
    expect(passed).toBeLessThanOrEqual(20 + refilled);
    expect(statuses(responses).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    for (const response of responses) {
      expect(response.headers.get('ratelimit-limit')).toBe('20');
      expect(Number(response.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const text = apiRateLimitMessage(20, retryAfter);
    expect(await refused.json()).toEqual({ type: 'https://switchboard.dev/problems/too-many-requests', title: 'Too many requests', status: 429, detail: text, errors: [], message: text });
  });

  it('another key has its own bucket; the organization’s bucket counts all its keys and sessions', async () => {
    const { app, key, owner, deps } = await world({ API_RATE_LIMIT: '3', API_RATE_LIMIT_ORGANIZATION: '5' });
    const [first, second] = [`Bearer ${await key()}`, `Bearer ${await key()}`];
    await frozenBuckets(deps, owner.organizationId, { organization: 5, key: 3 });
    const get = (headers: Record<string, string>) => app.request('/api/v1/contacts?limit=1', { headers });
    const firstKey = [await get({ authorization: first }), await get({ authorization: first }), await get({ authorization: first }), await get({ authorization: first })];
    expect(firstKey.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(firstKey.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    // The second key has its own 3, but the organization only 2 left (5 − the first key's 3): the headers speak of the tighter.
    const secondKey = await get({ authorization: second });
    expect(secondKey.status).toBe(200);
    expect([secondKey.headers.get('ratelimit-limit'), secondKey.headers.get('ratelimit-remaining')]).toEqual(['5', '1']);
    const session = await get(browser(owner.cookie));
    expect(session.status).toBe(200);
    expect(session.headers.get('ratelimit-limit')).toBe('5');
    expect(session.headers.get('ratelimit-remaining')).toBe('0');
    expect((await get({ authorization: second })).status).toBe(429);
  });

  it('a refused POST claims no Idempotency-Key and creates nothing', async () => {
    const { app, key, deps, owner } = await world({ API_RATE_LIMIT: '1', API_RATE_LIMIT_ORGANIZATION: '1000' });
    const headers = { authorization: `Bearer ${await key()}`, 'content-type': 'application/json' };
    await frozenBuckets(deps, owner.organizationId, { organization: 1000, key: 1 });
    expect((await app.request('/api/v1/contacts?limit=1', { headers })).status).toBe(200);
    const post = await app.request('/api/v1/contacts', { method: 'POST', headers: { ...headers, 'idempotency-key': 'once' }, body: JSON.stringify({ firstName: 'Rate', lastName: 'Limited' }) });
    expect(post.status).toBe(429);
    expect(await deps.database.db.selectFrom('idempotency_keys').select('key').where('organization_id', '=', owner.organizationId).execute()).toEqual([]);
    expect(await deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', owner.organizationId).where('last_name', '=', 'Limited').execute()).toEqual([]);
  });

  it('refuses a limit that is not a whole number in range, naming the variable', async () => {
    await expect(buildTestApp({ env: { API_RATE_LIMIT: '0' } })).rejects.toThrow(/API_RATE_LIMIT must be between 1 and 1000000/);
    await expect(buildTestApp({ env: { API_RATE_LIMIT_ORGANIZATION: 'many' } })).rejects.toThrow(/API_RATE_LIMIT_ORGANIZATION must be a number/);
  });
});
