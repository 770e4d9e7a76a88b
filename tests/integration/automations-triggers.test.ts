import { describe, expect, it } from 'vitest';
import { ZSubmitLeadInput } from '../../server/leads/schema';
import { submitLead } from '../../server/leads/service';
import { addContact, engine, linear, until } from './automations-helpers';

/** A published workflow with one trigger whose only step tags the contact `reached`. */
async function tagging(api: Awaited<ReturnType<typeof engine>>['api'], trigger: Parameters<typeof linear>[0][number]) {
  const workflow = await api.automations.create({ name: `On ${trigger.type}` });
  await api.automations.saveDraft({ id: workflow.id, definition: linear([trigger], [{ id: 'mark', type: 'add_tag', config: { tag: 'reached' } }]) });
  await api.automations.publish({ id: workflow.id });
  return workflow.id;
}

const runsOf = (api: Awaited<ReturnType<typeof engine>>['api'], workflowId: string, count: number) =>
  until(
    () => api.automations.runs({ workflowId }),
    (page) => page.items.length >= count && page.items.every((r) => r.status === 'completed'),
  );

describe('automation triggers', { timeout: 120_000 }, () => {
  it('field changed: a contact field and a custom field edited in the app enrol; another field does not', async () => {
    const { deps, owner, api } = await engine();
    await api.customFields.create({ label: 'Plan', type: 'text' });
    const onStatus = await tagging(api, { type: 'field_changed', config: { field: 'status' } });
    const onPlan = await tagging(api, { type: 'field_changed', config: { field: 'custom.plan' } });
    const a = await addContact(deps, owner.organizationId, { email: 'a@example.test' });
    const b = await addContact(deps, owner.organizationId, { email: 'b@example.test', first_name: 'Bea' });
    await api.contacts.update({ id: a, lifecycleStage: 'customer' });
    await api.contacts.update({ id: b, customFields: { plan: 'gold' } });
    await api.contacts.update({ id: b, jobTitle: 'CTO' });
    const status = await runsOf(api, onStatus, 1);
    const plan = await runsOf(api, onPlan, 1);
    expect(status.items.map((r) => r.contact?.id)).toEqual([a]);
    expect(plan.items.map((r) => r.contact?.id)).toEqual([b]);
  });

  it('a bulk tag change enrols every changed contact; a tag a lead form adds fires tag triggers too', async () => {
    const { deps, owner, api } = await engine();
    const onVip = await tagging(api, { type: 'tag_added', config: { tag: 'vip' } });
    const ids = [await addContact(deps, owner.organizationId), await addContact(deps, owner.organizationId), await addContact(deps, owner.organizationId, { tags: ['vip'] })];
    const bulk = await api.contacts.bulk({ ids, action: { type: 'addTag', tag: 'vip' } });
    expect(bulk).toEqual({ matched: 3, changed: 2 });
    const runs = await runsOf(api, onVip, 2);
    expect(runs.items.map((r) => r.contact!.id).sort()).toEqual(ids.slice(0, 2).sort());

    const onDemo = await tagging(api, { type: 'tag_added', config: { tag: 'executive-demo' } });
    const captured = await submitLead(
      { ...deps, config: { ...deps.config, leadsOrganizationId: owner.organizationId } },
      ZSubmitLeadInput.parse({ email: 'lead@example.test', formId: 'enterprise-contact', tags: ['executive-demo'] }),
      { ip: '10.1.2.3', userAgent: null },
    );
    expect(captured.status).toBe('captured');
    const demo = await runsOf(api, onDemo, 1);
    expect(demo.items[0]!.contact!.id).toBe(captured.status === 'captured' ? captured.contactId : null);
  });

  it('appointment no-show: marking a contact’s appointment no-show enrols them', async () => {
    const { deps, owner, api } = await engine();
    const onNoShow = await tagging(api, { type: 'appointment_no_show', config: {} });
    const contactId = await addContact(deps, owner.organizationId, { email: 'c@example.test' });
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const created = await api.appointments.create({ title: 'Consultation', contactId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 1_800_000).toISOString() });
    await api.appointments.setStatus({ id: created.id, status: 'completed' });
    await api.appointments.setStatus({ id: created.id, status: 'no_show' });
    const runs = await runsOf(api, onNoShow, 1);
    expect(runs.items.map((r) => r.contact?.id)).toEqual([contactId]);
  });

  it('manual enrolment of a saved view enrols every contact it shows (and only those)', async () => {
    const { deps, owner, api } = await engine();
    const workflowId = await tagging(api, { type: 'manual', config: {} });
    const gold = [await addContact(deps, owner.organizationId, { tags: ['gold'] }), await addContact(deps, owner.organizationId, { tags: ['gold'] })];
    await addContact(deps, owner.organizationId, { tags: ['silver'] });
    const view = await api.savedViews.create({ name: 'Gold customers', filters: { tag: 'gold' } });
    expect(await api.automations.enrollView({ id: workflowId, viewId: view.id })).toEqual({ matched: 2, enrolled: 2, skipped: 0 });
    const runs = await runsOf(api, workflowId, 2);
    expect(runs.items.map((r) => r.contact!.id).sort()).toEqual([...gold].sort());
    await expect(api.automations.enrollView({ id: workflowId, viewId: '00000000-0000-4000-8000-000000000002' })).rejects.toThrow('Saved view not found');
  });

  it('refuses a field-changed trigger on an unknown field, naming it', async () => {
    const { api } = await engine({ start: false });
    const workflow = await api.automations.create({ name: 'Bad trigger' });
    await expect(
      api.automations.saveDraft({ id: workflow.id, definition: linear([{ type: 'field_changed', config: { field: 'shoe_size' } }], [{ id: 'x', type: 'end', config: {} }]) }),
    ).rejects.toThrow(/definition\.triggers\.0\.config\.field: must be first_name/);
  });
});
