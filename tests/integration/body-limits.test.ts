import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimitFor } from '../../server/body-limits';
import { bodyTooLargeMessage } from '../../server/http/body-limit';
import type { AppRouter } from '../../server/assembly';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';

beforeAll(async () => {
  await getTestDatabase();
});

const CHUNK = 64 * 1024;

/** A body of `total` bytes produced only as it is read; `pulled()` says how many bytes were asked for. */
function lazyBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const size = Math.min(CHUNK, total - pulled);
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

async function postStream(app: Awaited<ReturnType<typeof buildTestApp>>['app'], path: string, total: number, headers: Record<string, string> = {}) {
  const body = lazyBody(total);
  const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body.stream, duplex: 'half' } as RequestInit);
  return { res, pulled: body.pulled() };
}

const FIFTY_MB = 50 * 1024 * 1024;

describe('request body limits', () => {
  it('limits each route: JSON 1 MB, the analytics batch 64 KB, webhooks, CSV uploads and tRPC imports larger', () => {
    expect(bodyLimitFor('/api/auth/login')).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor('/api/v1/contacts')).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor('/trpc/leads.submit')).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor('/api/analytics/events')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/sms/webhooks/inbound')).toBe(BODY_LIMITS.twilioWebhook);
    expect(bodyLimitFor('/api/stripe/webhook')).toBe(BODY_LIMITS.stripeWebhook);
    expect(bodyLimitFor('/api/contacts/imports/preview')).toBe(BODY_LIMITS.csvUpload);
    expect(bodyLimitFor('/api/email/inbound')).toBe(BODY_LIMITS.inboundEmail);
    expect(bodyLimitFor('/api/email/inbound/a-secret')).toBe(BODY_LIMITS.inboundEmail);
    expect(bodyLimitFor('/trpc/imports.start')).toBe(BODY_LIMITS.csvJson);
    // A list's CSV import has the same size at both doors.
    expect(bodyLimitFor('/trpc/campaigns.listImport')).toBe(BODY_LIMITS.listCsvJson);
    expect(bodyLimitFor('/api/v1/campaigns/lists/import')).toBe(BODY_LIMITS.listCsvJson);
    // A batch gets the larger limit only when every call in it has it.
    expect(bodyLimitFor('/trpc/imports.preview,imports.start')).toBe(BODY_LIMITS.csvJson);
    expect(bodyLimitFor('/trpc/imports.start,leads.submit')).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor('/trpc/imports.start%2Cleads.submit')).toBe(BODY_LIMITS.json);
  });

  it('refuses a streamed body over the limit with 413 as soon as it passes it, on public and signed-in routes alike', async () => {
    const { app } = await buildTestApp();
    const paths = [
      '/api/convertkit/subscribe',
      '/api/auth/login',
      '/api/chat/messages',
      '/api/v1/contacts',
      '/api/sms/bulk-send',
      '/trpc/leads.submit',
      '/trpc/leads.submit,chat.send?batch=1',
      '/api/stripe/webhook',
    ];
    for (const path of paths) {
      const { res, pulled } = await postStream(app, path, FIFTY_MB);
      expect(res.status, path).toBe(413);
      expect(await res.json(), path).toMatchObject({ message: bodyTooLargeMessage(BODY_LIMITS.json) });
      // /api/v1 answers problem details (its `message` kept); the other paths their `{ message }`.
      expect(res.headers.get('content-type'), path).toBe(path.startsWith('/api/v1/') ? 'application/problem+json' : 'application/json');
      expect(bodyTooLargeMessage(BODY_LIMITS.json)).toBe('The request body is larger than 1 MB, the limit of this path');
      // Read no further than the limit and the chunk that crossed it (plus the stream's one read ahead).
      expect(pulled, path).toBeLessThanOrEqual(BODY_LIMITS.json + 2 * CHUNK);
    }
  });

  it('uses the smaller limits of the analytics batch and the Twilio webhooks', async () => {
    const { app } = await buildTestApp();
    for (const [path, limit] of [
      ['/api/analytics/events', BODY_LIMITS.analytics],
      ['/api/sms/webhooks/inbound', BODY_LIMITS.twilioWebhook],
      ['/api/sms/webhooks/status', BODY_LIMITS.twilioWebhook],
    ] as const) {
      const { res, pulled } = await postStream(app, path, FIFTY_MB, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.status, path).toBe(413);
      expect(((await res.json()) as { message: string }).message, path).toBe(bodyTooLargeMessage(limit));
      expect(pulled, path).toBeLessThanOrEqual(limit + 2 * CHUNK);
    }
  });

  it('refuses a declared Content-Length over the limit before reading, and counts the bytes when the header lies', async () => {
    const { app } = await buildTestApp();
    const declared = await postStream(app, '/api/auth/login', FIFTY_MB, { 'content-length': String(FIFTY_MB) });
    expect(declared.res.status).toBe(413);
    expect(declared.pulled).toBeLessThanOrEqual(2 * CHUNK);

    const lying = await postStream(app, '/trpc/leads.submit', FIFTY_MB, { 'content-length': '20' });
    expect(lying.res.status).toBe(413);
    expect(lying.pulled).toBeLessThanOrEqual(BODY_LIMITS.json + 2 * CHUNK);
  });

  it("shows tRPC's client the message, for a single call and for every call of a batch", async () => {
    const { app } = await buildTestApp();
    const links = (batch: boolean) => {
      const options = { url: `${TEST_ORIGIN}/trpc`, fetch: async (url: URL | RequestInfo, init?: RequestInit) => app.request(url instanceof URL ? url.href : url, init) };
      return [batch ? httpBatchLink(options) : httpLink(options)];
    };
    const huge = { email: 'big@example.com', name: 'x'.repeat(2 * 1024 * 1024) };
    const single = createTRPCClient<AppRouter>({ links: links(false) });
    await expect(single.leads.submit.mutate(huge as never)).rejects.toMatchObject({ message: bodyTooLargeMessage(BODY_LIMITS.json), data: { httpStatus: 413 } });
    const batched = createTRPCClient<AppRouter>({ links: links(true) });
    const results = await Promise.allSettled([batched.leads.submit.mutate(huge as never), batched.leads.submit.mutate({ email: 'small@example.com' } as never)]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual([bodyTooLargeMessage(BODY_LIMITS.json), bodyTooLargeMessage(BODY_LIMITS.json)]);
  });

  it('hands a body within the limit on to the route unchanged', async () => {
    const { app } = await buildTestApp();
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password', padding: 'x'.repeat(900 * 1024) });
    const res = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body });
    // Read and validated by the route: an unknown account, not a size problem.
    expect(res.status).not.toBe(413);
    expect([400, 401]).toContain(res.status);
  });

  it('answers 413 over a real connection while the client is still sending, without taking in the body', async () => {
    const { app } = await buildTestApp();
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const outcome = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        let stopped = false;
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/convertkit/subscribe', method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
          (res) => {
            stopped = true;
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body: text, sent });
              req.destroy();
            });
          },
        );
        req.on('error', (error) => (stopped ? undefined : reject(error)));
        const chunk = Buffer.alloc(CHUNK, 0x20);
        // Up to 100 MB, written as fast as the server takes it, until the answer arrives.
        const write = () => {
          while (!stopped && sent < 100 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          if (!stopped) req.end();
        };
        write();
      });
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ message: bodyTooLargeMessage(BODY_LIMITS.json) });
      // The answer came long before the 100 MB were sent (socket buffers hold a few MB at most).
      expect(outcome.sent).toBeLessThan(40 * 1024 * 1024);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
