import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { advanceRun } from '../../server/automations/executor';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { WEBHOOK_ATTEMPTS } from '../../server/automations/webhook-step';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';
import { addContact, linear, until } from './automations-helpers';
import { receiver, type Received } from './webhooks-helpers';

/**
 * An engine whose webhook steps may call 127.0.0.1 over http (development, private networks
 * allowed) unless told otherwise. `workers: false` runs no job: the test moves the run itself.
 */
async function hookEngine(options: { allowPrivate?: boolean; workers?: boolean } = {}) {
  const workers = options.workers ?? true;
  const built = await buildTestApp({
    env: { NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: String(options.allowPrivate ?? true), JOBS_POLL_MS: '100', JOBS_ENABLED: String(workers) },
  });
  const { deps } = built;
  registerAutomationJobs(deps);
  await deps.jobs.start();
  onTestFinished(() => deps.jobs.stop());
  const owner = await createAccount(deps, 'hooks');
  const api = built.caller(browser(owner.cookie));
  return { ...built, owner, api };
}

type Api = Awaited<ReturnType<typeof hookEngine>>['api'];

/** A published one-step workflow calling `url`; answers it with the step's signing secret (made by the save). */
async function hookWorkflow(api: Api, url: string) {
  const workflow = await api.automations.create({ name: 'Tell the CRM' });
  const saved = await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'hook', type: 'webhook', config: { url } }]) });
  const secret = (saved.definition.steps[0]!.config as { secret: string }).secret;
  await api.automations.publish({ id: workflow.id });
  return { workflowId: workflow.id, secret };
}

const verify = (secret: string, request: Received) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };

describe('the webhook step', { timeout: 120_000 }, () => {
  it('POSTs the contact signed with the step secret; a 500 is retried through the queue and the 200 completes the run', async () => {
    const built = await hookEngine();
    const { deps, owner, api } = built;
    const hook = await receiver([{ status: 500, body: 'down' }]);
    const contactId = await addContact(deps, owner.organizationId, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    const { workflowId, secret } = await hookWorkflow(api, hook.url);
    expect(secret).toMatch(/^whsec_/);

    // A later save without the secret (as the builder may send it) keeps it; the test run calls nothing.
    const resaved = await api.automations.saveDraft({ id: workflowId, definition: linear([], [{ id: 'hook', type: 'webhook', config: { url: hook.url } }]) });
    expect((resaved.definition.steps[0]!.config as { secret: string }).secret).toBe(secret);
    // A member who may only read workflows does not see it.
    const viewer = built.caller(browser((await addMember(deps, owner.organizationId, 'viewer')).cookie));
    expect((await viewer.automations.get({ id: workflowId })).definition.steps[0]!.config).toEqual({ url: hook.url });
    const test = await api.automations.testRun({ id: workflowId, contactId, source: 'draft' });
    // It shows the request a run would make: where, the signed headers' names and the body, with the run's ids as placeholders.
    expect(test.notes).toHaveLength(1);
    const [, shownBody] = /^would POST to (?:\S+), signed with the step's secret \(headers webhook-id, webhook-timestamp, webhook-signature\), the body (.*)$/.exec(test.notes[0]!)!;
    expect(test.notes[0]).toContain(`would POST to ${hook.url},`);
    expect(JSON.parse(shownBody!)).toEqual({
      id: 'msg_<run step>',
      type: 'automation.webhook',
      apiVersion: expect.any(String),
      createdAt: expect.any(String),
      data: { workflowId: '<workflow id>', runId: '<run id>', stepId: 'hook', contact: expect.objectContaining({ id: contactId, first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] }) },
    });
    expect(hook.received).toHaveLength(0);

    const { runId } = await api.automations.enroll({ id: workflowId, contactId });
    const run = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'completed',
    );
    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received;
    // One message, tried twice: the same webhook-id, each try signed afresh with the step's secret.
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    for (const request of [first!, second!]) {
      const event = verify(secret, request);
      expect(event).toMatchObject({
        type: 'automation.webhook',
        data: { workflowId, runId, stepId: 'hook', contact: { id: contactId, first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] } },
      });
    }
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`).verify(first!.body, first!.headers as Record<string, string>)).toThrow();
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([
      ['hook', 'waiting'],
      ['hook', 'done'],
    ]);
    expect(run.steps[0]).toMatchObject({ detail: expect.stringMatching(/^try 1 of 5 failed; tried again at /), error: `${hook.url} answered HTTP 500` });
    expect(run.steps[1]!.output).toMatchObject({ statusCode: 200, messageId: first!.headers['webhook-id'] });
    const effects = await deps.database.db.selectFrom('workflow_step_effects').select(['kind', 'attempt']).where('run_id', '=', runId).execute();
    expect(effects).toEqual([{ kind: 'webhook', attempt: 1 }]);
  });

  it('after the last try the run fails, its step log showing the HTTP status; a 4xx fails at once', async () => {
    const { deps, owner, api } = await hookEngine({ workers: false });
    const data = { organizationId: owner.organizationId };
    const hook = await receiver([{ status: 503 }, { status: 410, body: 'gone' }]);
    const contactId = await addContact(deps, owner.organizationId);
    const { workflowId } = await hookWorkflow(api, hook.url);

    // The last of WEBHOOK_ATTEMPTS tries (the earlier ones failed).
    const { runId } = await api.automations.enroll({ id: workflowId, contactId });
    await advanceRun(deps, { ...data, runId, sendFailures: WEBHOOK_ATTEMPTS - 1 });
    const failed = await api.automations.run({ runId });
    expect(failed).toMatchObject({ status: 'failed', error: `${hook.url} answered HTTP 503` });
    expect(failed.steps.map((s) => [s.stepId, s.outcome, s.error])).toEqual([['hook', 'failed', `${hook.url} answered HTTP 503`]]);

    // A first try answered 410: no retry would change it.
    const other = await addContact(deps, owner.organizationId, { first_name: 'Bob' });
    const second = await api.automations.enroll({ id: workflowId, contactId: other });
    await advanceRun(deps, { ...data, runId: second.runId });
    const gone = await api.automations.run(second);
    expect(gone).toMatchObject({ status: 'failed', error: `${hook.url} answered HTTP 410` });
    expect(hook.received).toHaveLength(2);
  });

  it('refuses a private address when private networks are not allowed: nothing is sent and the run fails saying why', async () => {
    const { deps, owner, api } = await hookEngine({ allowPrivate: false, workers: false });
    const hook = await receiver();
    const contactId = await addContact(deps, owner.organizationId);
    const { workflowId } = await hookWorkflow(api, hook.url);
    const { runId } = await api.automations.enroll({ id: workflowId, contactId });
    await advanceRun(deps, { organizationId: owner.organizationId, runId });
    const run = await api.automations.run({ runId });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/refused: it resolves to 127\.0\.0\.1, a private, loopback or link-local address$/);
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([['hook', 'failed']]);
    expect(hook.received).toHaveLength(0);
  });

  it('REST: an imported webhook step gets a secret, or keeps the one it brings; the export carries it', async () => {
    const { app, owner } = await hookEngine({ workers: false });
    const headers = { ...browser(owner.cookie), 'content-type': 'application/json' };
    const own = `whsec_${Buffer.from('a secret the integrator already has').toString('base64')}`;
    const definition = linear(
      [],
      [
        { id: 'fresh', type: 'webhook', config: { url: 'https://crm.example.com/a' } },
        { id: 'kept', type: 'webhook', config: { url: 'https://crm.example.com/b', secret: own } },
        { id: 'later', type: 'wait_until', config: { time: '08:15', days: [0, 6] } },
      ],
    );
    const created = await app.request('/api/v1/workflows', { method: 'POST', headers, body: JSON.stringify({ name: 'Imported hooks', definition }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const exported = (await (await app.request(`/api/v1/workflows/${id}/definition`, { headers })).json()) as { steps: { id: string; config: Record<string, unknown> }[] };
    expect(exported.steps.map((s) => [s.id, s.config])).toEqual([
      ['fresh', { url: 'https://crm.example.com/a', secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) }],
      ['kept', { url: 'https://crm.example.com/b', secret: own }],
      ['later', { time: '08:15', days: [0, 6] }],
    ]);
    expect((await app.request(`/api/v1/workflows/${id}/publish`, { method: 'POST', headers })).status).toBe(200);
  });

  it('refuses a URL that is not http(s), naming the field', async () => {
    const { api } = await hookEngine({ workers: false });
    const workflow = await api.automations.create({ name: 'Bad URL' });
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'hook', type: 'webhook', config: { url: 'ftp://example.com/x' } }]) });
    await expect(api.automations.publish({ id: workflow.id })).rejects.toThrow(/definition\.steps\.hook\.config\.url: must be an https:\/\/ URL/);
  });
});
