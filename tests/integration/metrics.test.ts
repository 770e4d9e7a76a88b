import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logging';
import { buildTestApp, buildTestDeps } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is unset, 401 with a wrong token', async () => {
    const { app } = await buildTestApp();
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const secured = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const wrong = await secured.app.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Authorization must be "Bearer <METRICS_TOKEN>"' });
  });

  it('counts requests by route pattern and status, and reports queues, consumers, messages and the pool from the database', async () => {
    const { app, deps } = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'error' } });
    const owner = await createAccount(deps, 'metrics');
    expect((await app.request('/api/health')).status).toBe(200);
    const contactId = '00000000-0000-4000-8000-000000000000';
    expect((await app.request(`/api/v1/contacts/${contactId}`, { headers: browser(owner.cookie) })).status).toBe(404);
    expect((await app.request('/trpc/health.get')).status).toBe(200);

    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('switchboard_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 1');
    expect(text).toContain('switchboard_http_request_duration_seconds_count{method="GET",route="/api/v1/contacts/:id",status="404"} 1');
    expect(text).toContain('switchboard_http_request_duration_seconds_count{method="GET",route="/trpc/health.get",status="200"} 1');
    expect(text).not.toContain(contactId);
    expect(text).toContain('switchboard_sse_streams_open 0');
    expect(text).toMatch(/^switchboard_db_pool_connections_max \d+$/m);
    for (const family of ['switchboard_job_queue_depth', 'switchboard_job_queue_oldest_seconds', 'switchboard_event_consumer_lag_events', 'switchboard_sms_messages', 'switchboard_email_messages']) {
      expect(text).toContain(`# TYPE ${family} gauge`);
    }
  });
});

describe('request logs', () => {
  it('carry the request id and the caller’s organization on every line written while serving', async () => {
    const deps = await buildTestDeps();
    const lines: Record<string, unknown>[] = [];
    const logged = { ...deps, logger: createLogger({ logLevel: 'info', nodeEnv: 'test' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
    const app = createApp(logged);
    const owner = await createAccount(deps, 'logs');
    const res = await app.request('/trpc/contacts.list', { headers: browser(owner.cookie, { 'x-request-id': 'req-0123456789' }) });
    expect(res.headers.get('x-request-id')).toBe('req-0123456789');
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ reqId: 'req-0123456789', organizationId: owner.organizationId, path: '/trpc/contacts.list' });
  });
});
