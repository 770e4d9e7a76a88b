import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_STREAMS_FOR_CONVERSATION, TOO_MANY_STREAMS_FROM_ADDRESS } from '../../server/chat/rest';
import { CHAT_STREAM_LIMITS } from '../../server/chat/schema';
import { startServer, type RunningServer } from '../../server/server';
import { buildTestDeps, testConfig, TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount } from '../helpers/factories';

const newVisitorId = () => randomBytes(32).toString('base64url');

describe('open chat streams', () => {
  let server: RunningServer;
  let address = 0;
  /** A client address of its own for each test (the server trusts X-Forwarded-For here). */
  const newAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    const owner = await createAccount(await buildTestDeps(), 'site-owner');
    const env = { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true' };
    server = await startServer(testConfig({ PORT: '0', PUBLIC_URL: TEST_ORIGIN, ...env }), { database: await getTestDatabase(), clientDir: false });
  });
  afterAll(() => server?.close());

  /** Opens a stream and waits for its first bytes (the ready event) or its refusal. */
  async function open(visitorId: string, ip: string) {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/chat/stream?visitorId=${visitorId}`, { headers: { 'x-forwarded-for': ip }, signal: controller.signal });
    if (response.ok) await response.body!.getReader().read();
    return {
      status: response.status,
      body: response.ok ? null : ((await response.json()) as { message: string }),
      close: () => controller.abort(),
    };
  }

  it('caps the open streams of one conversation, and a closed stream gives its slot back', async () => {
    const visitorId = newVisitorId();
    const ip = newAddress();
    const streams = [];
    for (let i = 0; i < CHAT_STREAM_LIMITS.perConversation; i++) streams.push(await open(visitorId, ip));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await open(visitorId, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_STREAMS_FOR_CONVERSATION });
    // Another conversation from the same address is not affected.
    const other = await open(newVisitorId(), ip);
    expect(other.status).toBe(200);
    other.close();

    streams.pop()!.close();
    const reopened = await vi.waitFor(async () => {
      const attempt = await open(visitorId, ip);
      expect(attempt.status).toBe(200);
      return attempt;
    });
    reopened.close();
    for (const s of streams) s.close();
  });

  it('caps the open streams of one client address', async () => {
    const ip = newAddress();
    const streams = [];
    for (let i = 0; i < CHAT_STREAM_LIMITS.perIp; i++) streams.push(await open(newVisitorId(), ip));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await open(newVisitorId(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_STREAMS_FROM_ADDRESS });
    expect(TOO_MANY_STREAMS_FROM_ADDRESS).toBe(`Too many open chat streams from this address (at most ${CHAT_STREAM_LIMITS.perIp}); close some and try again`);
    // Another address still gets a stream.
    const elsewhere = await open(newVisitorId(), newAddress());
    expect(elsewhere.status).toBe(200);
    elsewhere.close();
    for (const s of streams) s.close();
    // Once closed, every slot of the address is free again.
    await vi.waitFor(async () => {
      const attempt = await open(newVisitorId(), ip);
      attempt.close();
      expect(attempt.status).toBe(200);
    });
    await vi.waitFor(() => expect(server.deps.events.subscriberCount()).toBe(0));
  });

  it('answers a bad visitor id with 400 without taking a slot', async () => {
    const response = await fetch(`${server.url}/api/chat/stream?visitorId=short`, { headers: { 'x-forwarded-for': newAddress() } });
    expect(response.status).toBe(400);
  });
});
