import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_RATE_LIMIT } from '../../server/chat/schema';
import { sendVisitorMessage } from '../../server/chat/service';
import { LEAD_RATE_LIMIT } from '../../server/leads/schema';
import { pruneExpiredHits, takeSlots, type RateLimit } from '../../server/rate-limit';
import { SITE_ANALYTICS_LIMITS } from '../../server/site-analytics/schema';
import { buildTestApp } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount } from '../helpers/factories';
import { leadEmail, leadsWorld, randomIp, shortPayload } from './leads-helpers';

// The worker's database (migrated once) is made ready in a hook, outside the first test's time.
beforeAll(async () => {
  await getTestDatabase();
});

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();
const count = (values: unknown[], value: unknown) => values.filter((v) => v === value).length;

describe('the rate-limit kernel', () => {
  it('lets exactly max through when requests arrive at once, per key, and says when a place frees up', async () => {
    const db = (await getTestDatabase()).db;
    const limit: RateLimit = { bucket: `test.${randomBytes(4).toString('hex')}`, max: 7, windowSeconds: 60 };
    const verdicts = await Promise.all(Array.from({ length: 25 }, () => takeSlots(db, [{ limit, key: 'a' }])));
    expect(
      count(
        verdicts.map((v) => v.ok),
        true,
      ),
    ).toBe(7);
    const refused = verdicts.find((v) => !v.ok);
    expect(refused).toMatchObject({ ok: false });
    expect(refused!.ok === false && refused!.retryAfter).toBeGreaterThan(0);
    expect(refused!.ok === false && refused!.retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same limit has its own count.
    expect(await takeSlots(db, [{ limit, key: 'b' }])).toEqual({ ok: true });
  });

  it('takes a place in every limit named or in none', async () => {
    const db = (await getTestDatabase()).db;
    const tag = randomBytes(4).toString('hex');
    const narrow: RateLimit = { bucket: `test.narrow.${tag}`, max: 1, windowSeconds: 60 };
    const wide: RateLimit = { bucket: `test.wide.${tag}`, max: 3, windowSeconds: 60 };
    expect(
      await takeSlots(db, [
        { limit: narrow, key: 'x' },
        { limit: wide, key: 'k' },
      ]),
    ).toEqual({ ok: true });
    // narrow is full: the request is refused and takes no place in wide either.
    for (let i = 0; i < 3; i++)
      expect(
        (
          await takeSlots(db, [
            { limit: narrow, key: 'x' },
            { limit: wide, key: 'k' },
          ])
        ).ok,
      ).toBe(false);
    expect(await takeSlots(db, [{ limit: wide, key: 'k' }])).toEqual({ ok: true });
    expect(await takeSlots(db, [{ limit: wide, key: 'k' }])).toEqual({ ok: true });
    expect((await takeSlots(db, [{ limit: wide, key: 'k' }])).ok).toBe(false);
  });

  it('counts a hit only until its window has passed', async () => {
    const db = (await getTestDatabase()).db;
    const limit: RateLimit = { bucket: `test.window.${randomBytes(4).toString('hex')}`, max: 2, windowSeconds: 60 };
    for (let i = 0; i < 2; i++) expect((await takeSlots(db, [{ limit, key: 'k' }])).ok).toBe(true);
    expect((await takeSlots(db, [{ limit, key: 'k' }])).ok).toBe(false);
    await db
      .updateTable('rate_limit_hits')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('bucket', '=', limit.bucket)
      .execute();
    expect((await takeSlots(db, [{ limit, key: 'k' }])).ok).toBe(true);
    // Hits that no longer count are pruned; the live one stays.
    await pruneExpiredHits(db);
    expect(await db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', limit.bucket).execute()).toHaveLength(1);
  });
});

describe('public limits under simultaneous requests', () => {
  it(`lets exactly ${LEAD_RATE_LIMIT.max} of 30 simultaneous lead submissions from one address through`, async () => {
    const world = await leadsWorld();
    const responses = await Promise.all(Array.from({ length: 30 }, () => world.post(shortPayload(leadEmail('burst')))));
    const codes = statuses(responses);
    expect(count(codes, 200)).toBe(LEAD_RATE_LIMIT.max);
    expect(count(codes, 429)).toBe(30 - LEAD_RATE_LIMIT.max);
    const submissions = await world.deps.database.db.selectFrom('form_submissions').select('id').where('organization_id', '=', world.owner.organizationId).where('email', 'like', 'burst-%').execute();
    expect(submissions).toHaveLength(LEAD_RATE_LIMIT.max);
  });

  it(`lets exactly ${CHAT_RATE_LIMIT.perVisitor} simultaneous messages of one visitor and ${CHAT_RATE_LIMIT.perIp} of one address through`, async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'chat-owner');
    const ctx = { db: deps.database.db, organizationId: owner.organizationId, ip: randomIp() };
    const visitorId = randomBytes(32).toString('base64url');
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => sendVisitorMessage(ctx, { visitorId, text: `Hello ${i}`, language: 'en' })));
    expect(
      count(
        outcomes.map((o) => o.status),
        'fulfilled',
      ),
    ).toBe(CHAT_RATE_LIMIT.perVisitor);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });

    // The address has room for perIp - perVisitor more, from any number of visitors at once.
    const office = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => sendVisitorMessage(ctx, { visitorId: randomBytes(32).toString('base64url'), text: `From the office ${i}`, language: 'en' })),
    );
    expect(
      count(
        office.map((o) => o.status),
        'fulfilled',
      ),
    ).toBe(CHAT_RATE_LIMIT.perIp - CHAT_RATE_LIMIT.perVisitor);
    const stored = await deps.database.db.selectFrom('chat_messages').select('id').where('organization_id', '=', owner.organizationId).where('sender', '=', 'visitor').execute();
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.perIp);
  }, 60_000);

  it(`counts analytics batches in the database: ${SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp} a minute per address across two server processes`, async () => {
    const first = await buildTestApp();
    const owner = await createAccount(first.deps, 'site');
    // Two apps over one database stand for two server processes behind a load balancer.
    const env = { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true' };
    const [a, b] = [await buildTestApp({ env }), await buildTestApp({ env })];
    const ip = randomIp();
    const batch = JSON.stringify({ visitorId: 'v', events: [{ name: 'page_view', path: '/', params: {}, at: new Date().toISOString() }] });
    const post = (app: typeof a.app) => app.request('/api/analytics/events', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: batch });
    const extra = 10;
    const responses = await Promise.all(Array.from({ length: SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp + extra }, (_, i) => post(i % 2 ? a.app : b.app)));
    const codes = statuses(responses);
    expect(count(codes, 202)).toBe(SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp);
    expect(count(codes, 429)).toBe(extra);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});
