import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';
import { receiver, until, webhookApp } from './webhooks-helpers';

const PRIVATE_TARGETS = ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://localhost/hook'];

describe('webhook endpoints: the SSRF guard', { timeout: 120_000 }, () => {
  it.each(PRIVATE_TARGETS)('refuses %s (private, loopback, link-local, or a name resolving to one) when private networks are not allowed', async (url) => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'ssrf');
    const error = await caller(browser(owner.cookie))
      .webhooks.create({ url, eventTypes: ['contact.created'] })
      .catch((e: unknown) => e as { code: string; message: string });
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^url: is refused: it resolves to .* a private, loopback or link-local address$/) });
  });

  it('refuses http:// outside development, naming the field', async () => {
    const { deps, caller } = await buildTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const owner = await createAccount(deps, 'https-only');
    await expect(caller(browser(owner.cookie)).webhooks.create({ url: 'http://127.0.0.1:9/hook', eventTypes: ['contact.created'] })).rejects.toMatchObject({
      message: 'url: must be an https:// URL',
    });
  });

  it('checks again at delivery time: a target allowed when created is refused once the guard applies, and nothing is sent', async () => {
    const { api, deps, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver();
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    deps.config.webhooksAllowPrivateNetworks = false;
    await api.contacts.create({ firstName: 'Ada', email: 'ada@example.test' });
    const [delivery] = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 1,
    );
    await attempt(delivery!.id);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'failed', last_error: 'refused: it resolves to 127.0.0.1, a private, loopback or link-local address' });
    expect(hook.received).toHaveLength(0);
  });
});

describe('/api/v1/webhook-endpoints', { timeout: 120_000 }, () => {
  it('creates, reads, changes, rotates, tests and deletes with an API key; the audit log records each change; the secret is shown once', async () => {
    const { app, deps } = await buildTestApp({ env: { NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const owner = await createAccount(deps, 'rest-hooks');
    const key = await createKey(deps, owner.organizationId, 'admin', owner.userId);
    const call = (method: string, path: string, body?: unknown) =>
      app.request(`/api/v1/webhook-endpoints${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });

    const refused = await call('POST', '', { url: 'http://127.0.0.1:9/hook', eventTypes: ['contact.exploded'] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^eventTypes\.0: must be event types among contact\.created/);
    const unknownField = await call('POST', '', { url: 'http://127.0.0.1:9/hook', eventTypes: ['deal.won'], secret: 'mine' });
    expect(unknownField.status).toBe(400);

    const created = await call('POST', '', { url: 'http://127.0.0.1:9/hook', eventTypes: ['deal.won', 'deal.won', 'task.created'], description: 'CRM sync' });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string; eventTypes: string[]; secretHint: string };
    expect(created.headers.get('location')).toBe(`/api/v1/webhook-endpoints/${endpoint.id}`);
    expect(endpoint).toMatchObject({ eventTypes: ['deal.won', 'task.created'], enabled: true, secret: expect.stringMatching(/^whsec_/) });
    expect(endpoint.secretHint).toBe(`whsec_…${endpoint.secret.slice(-4)}`);

    const read = (await (await call('GET', `/${endpoint.id}`)).json()) as Record<string, unknown>;
    expect(read).not.toHaveProperty('secret');
    const changed = await call('PATCH', `/${endpoint.id}`, { enabled: false, eventTypes: ['contact.deleted'] });
    expect(await changed.json()).toMatchObject({ enabled: false, eventTypes: ['contact.deleted'] });
    const rotated = (await (await call('POST', `/${endpoint.id}/rotate-secret`, { overlapHours: 0 })).json()) as { secret: string; previousSecretExpiresAt: string | null };
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).toBeNull();
    expect((await call('GET', '')).status).toBe(200);
    expect(await (await call('GET', `/${endpoint.id}/deliveries?limit=5`)).json()).toEqual({ items: [], nextCursor: null });
    expect((await call('GET', `/${endpoint.id}/deliveries?page=2`)).status).toBe(400);
    expect((await call('DELETE', `/${endpoint.id}`)).status).toBe(200);
    expect((await call('GET', `/${endpoint.id}`)).status).toBe(404);

    const audit = await deps.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('organization_id', '=', owner.organizationId)
      .where('target_id', '=', endpoint.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.deleted']);
  });

  it('only admins manage endpoints', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'hooks-roles');
    const manager = await addMember(deps, owner.organizationId, 'manager');
    await expect(caller(browser(manager.cookie)).webhooks.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await addMember(deps, owner.organizationId, 'admin');
    expect(await caller(browser(admin.cookie)).webhooks.list()).toEqual({ items: [] });
  });
});
