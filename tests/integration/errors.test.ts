import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../server/app';
import { DomainError } from '../../server/errors';
import { createLogger } from '../../server/logging';
import { healthRouter } from '../../server/health/router';
import { publicProcedure, router } from '../../server/trpc/init';
import { buildTestDeps } from '../helpers/app';

const probeRouter = router({
  health: healthRouter,
  probe: router({
    notFound: publicProcedure.query(() => {
      throw new DomainError('NOT_FOUND', 'Contact not found');
    }),
    limited: publicProcedure.mutation(() => {
      throw new DomainError('PAYMENT_REQUIRED', 'Your Starter plan allows 1,000 contacts. Upgrade to add more.');
    }),
    crash: publicProcedure.query(() => {
      throw new Error('secret internals');
    }),
    validated: publicProcedure.input(z.object({ email: z.email('must be a valid e-mail address') })).mutation(() => 'ok'),
  }),
});

async function buildProbeApp() {
  const lines: string[] = [];
  const deps = await buildTestDeps();
  // The app's own logger (its request context adds reqId), writing where the test reads.
  deps.logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) }));
  const app = createApp(deps, { router: probeRouter });
  app.get('/probe/domain', () => {
    throw new DomainError('TOO_MANY_REQUESTS', 'Too many attempts', { retryAfter: 60 });
  });
  app.get('/probe/crash', () => {
    throw new Error('secret internals');
  });
  app.post('/probe/validate', async (c) => {
    z.object({ email: z.email('must be a valid e-mail address') }).parse(await c.req.json());
    return c.json({ ok: true });
  });
  return { app, lines };
}

describe('one error table for both doors', () => {
  it('maps a DomainError thrown in a tRPC procedure to its status and message', async () => {
    const { app } = await buildProbeApp();
    const res = await app.request('/trpc/probe.notFound');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { message: string; data: { code: string; httpStatus: number } } };
    expect(body.error.message).toBe('Contact not found');
    expect(body.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });

    const limited = await app.request('/trpc/probe.limited', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(limited.status).toBe(402);
  });

  it('maps a DomainError thrown in a REST route, with Retry-After', async () => {
    const { app } = await buildProbeApp();
    const res = await app.request('/probe/domain');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toEqual({ message: 'Too many attempts' });
  });

  it('answers validation failures with the field and the rule on both doors', async () => {
    const { app } = await buildProbeApp();
    const rest = await app.request('/probe/validate', { method: 'POST', body: JSON.stringify({ email: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({
      message: 'email: must be a valid e-mail address',
      issues: [{ path: 'email', message: 'must be a valid e-mail address' }],
    });

    const trpc = await app.request('/trpc/probe.validated', { method: 'POST', body: JSON.stringify({ email: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(trpc.status).toBe(400);
    const body = (await trpc.json()) as { error: { message: string; data: { issues: unknown } } };
    expect(body.error.message).toBe('email: must be a valid e-mail address');
    expect(body.error.data.issues).toEqual([{ path: 'email', message: 'must be a valid e-mail address' }]);
  });

  it('answers unexpected errors with 500, a request id and no stack, and logs the stack', async () => {
    const { app, lines } = await buildProbeApp();
    const res = await app.request('/probe/crash', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal error', requestId: 'req-12345678' });
    expect(text).not.toContain('secret');
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; err?: { stack: string } });
    const errorLine = logged.find((l) => l.msg === 'unexpected error');
    expect(errorLine?.reqId).toBe('req-12345678');
    expect(errorLine?.err?.stack).toContain('secret internals');

    const trpc = await app.request('/trpc/probe.crash');
    expect(trpc.status).toBe(500);
    const trpcText = await trpc.text();
    expect(trpcText).not.toContain('secret');
    expect(JSON.parse(trpcText).error.message).toBe('Internal error');
  });

  it('logs one line per request with its id and echoes the id', async () => {
    const { app, lines } = await buildProbeApp();
    const res = await app.request('/api/health');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requestLines).toEqual([expect.objectContaining({ reqId: id, method: 'GET', path: '/api/health', status: 200 })]);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const { app } = await buildProbeApp();
    const res = await app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No API route GET /api/does-not-exist' });
  });
});
