import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import type { AppRouter } from '../../server/assembly';
import { testConfig } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';

describe('tRPC subscriptions over SSE through the Hono server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(testConfig({ PORT: '0' }), { database: await getTestDatabase(), clientDir: false });
  });
  afterAll(() => server.close());

  it('streams events to httpSubscriptionLink until the client unsubscribes', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url: `${server.url}/trpc`, EventSource })],
    });
    const received: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      const sub = client.health.watch.subscribe(
        { intervalMs: 1000 },
        {
          onData(data) {
            received.push(data);
            if (received.length === 2) {
              sub.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({ ok: true });
  });

  it('answers with an event stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/trpc/health.watch?input=${encodeURIComponent(JSON.stringify({ intervalMs: 1000 }))}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/data: /);
    controller.abort();
  });
});
