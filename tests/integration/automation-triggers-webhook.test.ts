import { describe, expect, it } from 'vitest';
import { hookSignature } from '../../server/automations/hooks';
import { addContact, engine, until } from './automations-helpers';

type Engine = Awaited<ReturnType<typeof engine>>;

/**
 * A published workflow on the inbound webhook: If event.plan equals gold, tag `gold-lead`, else
 * `other-lead`; with `hold`, the gold branch then waits a day (the run stays in the workflow).
 */
async function hooked(api: Engine['api'], options: { hold?: boolean } = {}) {
  const workflow = await api.automations.create({ name: 'From the shop' });
  await api.automations.saveDraft({
    id: workflow.id,
    definition: {
      version: 1,
      triggers: [{ type: 'webhook', config: { createContact: false } }],
      steps: [
        { id: 'plan', type: 'if_else', config: { match: 'all', conditions: [{ field: 'event.plan', operator: 'equals', value: 'gold' }] } },
        { id: 'gold', type: 'add_tag', config: { tag: 'gold-lead' } },
        { id: 'other', type: 'add_tag', config: { tag: 'other-lead' } },
        ...(options.hold ? [{ id: 'hold', type: 'wait', config: { amount: 1, unit: 'days' } }] : []),
      ],
      edges: [{ from: 'start', to: 'plan' }, { from: 'plan', to: 'gold', branch: 'yes' }, { from: 'plan', to: 'other', branch: 'no' }, ...(options.hold ? [{ from: 'gold', to: 'hold' }] : [])],
    },
  });
  await api.automations.publish({ id: workflow.id });
  const hook = await api.automations.hook({ id: workflow.id });
  return { workflowId: workflow.id, ...hook, path: new URL(hook.url).pathname };
}

function post(app: Engine['app'], path: string, body: string, signature: string | null, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'X-Switchboard-Signature': signature } : {}), ...headers },
    body,
  });
}

const tagsOf = async (deps: Engine['deps'], contactId: string) => (await deps.database.db.selectFrom('contacts').select('tags').where('id', '=', contactId).executeTakeFirstOrThrow()).tags;

describe('inbound webhook trigger', { timeout: 120_000 }, () => {
  it('a signed body enrols the contact it names; its data are the run’s event fields in If / Else', async () => {
    const { app, deps, owner, api } = await engine();
    const hook = await hooked(api);
    expect(hook.header).toBe('X-Switchboard-Signature');
    expect(hook.url).toMatch(/\/api\/automations\/hooks\/[A-Za-z0-9_-]{24}$/);
    // Asking again answers the same URL and secret.
    expect(await api.automations.hook({ id: hook.workflowId })).toMatchObject({ url: hook.url, secret: hook.secret });

    const ada = await addContact(deps, owner.organizationId, { email: 'ada@example.test' });
    const bea = await addContact(deps, owner.organizationId, { phone: '+12025550142', first_name: 'Bea' });
    const first = JSON.stringify({ contact: { email: 'ADA@example.test' }, data: { plan: 'gold', order: { total: 120 } } });
    const res = await post(app, hook.path, first, hookSignature(hook.secret, first));
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { status: string; runId: string; contactId: string; contactCreated: boolean };
    expect(answer).toMatchObject({ status: 'enrolled', contactId: ada, contactCreated: false });
    const second = JSON.stringify({ contact: { phone: '+1 202 555 0142' }, data: { plan: 'silver' } });
    expect((await post(app, hook.path, second, hookSignature(hook.secret, second))).status).toBe(202);

    await until(
      () => api.automations.runs({ workflowId: hook.workflowId }),
      (page) => page.items.length === 2 && page.items.every((r) => r.status === 'completed'),
    );
    expect(await tagsOf(deps, ada)).toContain('gold-lead');
    expect(await tagsOf(deps, bea)).toEqual(['other-lead']);
    const run = await api.automations.run({ runId: answer.runId });
    expect(run.steps.find((s) => s.stepId === 'plan')).toMatchObject({ branch: 'yes', detail: expect.stringContaining('event.plan is "gold"') });
  });

  it('refuses clearly: bad signature 401, unknown URL 404, bad body 400 naming the field, unknown contact 404, paused 409, too large 413; creates the contact when asked', async () => {
    const { app, deps, owner, api } = await engine();
    const hook = await hooked(api, { hold: true });
    const body = JSON.stringify({ contact: { email: 'nobody@example.test' }, data: {} });
    const sign = (text: string) => hookSignature(hook.secret, text);

    const unsigned = await post(app, hook.path, body, null);
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { message: string }).message).toMatch(/X-Switchboard-Signature/);
    expect((await post(app, hook.path, body, hookSignature('whsec_wrong', body))).status).toBe(401);
    // Signed over other bytes than those sent.
    expect((await post(app, hook.path, body, sign(`${body} `))).status).toBe(401);
    expect((await post(app, '/api/automations/hooks/AAAAAAAAAAAAAAAAAAAAAAAA', body, sign(body))).status).toBe(404);

    const noContact = JSON.stringify({ contact: {}, data: {} });
    const invalid = await post(app, hook.path, noContact, sign(noContact));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toBe('contact: needs an id, email or phone');
    const notJson = '{"contact":';
    expect((await post(app, hook.path, notJson, sign(notJson))).status).toBe(400);

    const unknown = await post(app, hook.path, body, sign(body));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('contact.email: no contact has this e-mail address');

    const create = JSON.stringify({ contact: { email: 'new@example.test', firstName: 'Nia' }, createContact: true, data: { plan: 'gold' } });
    const created = await post(app, hook.path, create, sign(create));
    expect(created.status).toBe(202);
    const answer = (await created.json()) as { contactId: string; contactCreated: boolean };
    expect(answer.contactCreated).toBe(true);
    const contact = await deps.database.db.selectFrom('contacts').select(['organization_id', 'first_name', 'email']).where('id', '=', answer.contactId).executeTakeFirstOrThrow();
    expect(contact).toEqual({ organization_id: owner.organizationId, first_name: 'Nia', email: 'new@example.test' });
    // Again at once: the contact is in the workflow already, so 200 with the reason, no second run.
    const again = await post(app, hook.path, create, sign(create));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'skipped', runId: null, reason: 'the contact is already in this workflow' });

    const huge = JSON.stringify({ contact: { email: 'new@example.test' }, data: { blob: 'x'.repeat(70 * 1024) } });
    expect((await post(app, hook.path, huge, sign(huge))).status).toBe(413);

    // A rotated secret: the old one stops signing at once.
    const rotated = await api.automations.hook({ id: hook.workflowId, rotate: true });
    expect(rotated.url).toBe(hook.url);
    expect(rotated.secret).not.toBe(hook.secret);
    expect((await post(app, hook.path, body, sign(body))).status).toBe(401);

    await api.automations.setStatus({ id: hook.workflowId, status: 'paused' });
    const paused = await post(app, hook.path, create, hookSignature(rotated.secret, create));
    expect(paused.status).toBe(409);
    expect(((await paused.json()) as { message: string }).message).toBe('The workflow is paused');
  });
});
