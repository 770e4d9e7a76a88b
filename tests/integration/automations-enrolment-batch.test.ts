import { describe, expect, it } from 'vitest';
import { enrollEach } from '../../server/automations/enroll-contacts';
import { handleTriggerEvents } from '../../server/automations/triggers';
import type { RealtimeEvent } from '../../server/events/types';
import { addContact, engine, linear } from './automations-helpers';

/** A published workflow enrolling on the tag `vip`, whose runs then wait an hour (they stay in the workflow). */
async function waitingOnVip(api: Awaited<ReturnType<typeof engine>>['api'], settings: { allowReenrollment?: boolean } = {}) {
  const workflow = await api.automations.create({ name: 'VIP' });
  await api.automations.saveDraft({
    id: workflow.id,
    definition: linear([{ type: 'tag_added', config: { tag: 'vip' } }], [{ id: 'pause', type: 'wait', config: { amount: 1, unit: 'hours' } }]),
    settings: { allowReenrollment: settings.allowReenrollment ?? false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: null },
  });
  await api.automations.publish({ id: workflow.id });
  return workflow.id;
}

/** Events as the consumer hands them over (ids past any real one: no consumer reads these). */
let nextId = 1_000_000_000;
const tagged = (organizationId: string, contactIds: string[], tag = 'vip'): RealtimeEvent => ({
  id: nextId++,
  organizationId,
  type: 'contact_updated',
  payload: { contactIds, tagsAdded: [tag], tagsRemoved: [] },
  actorUserId: null,
  createdAt: new Date().toISOString(),
});

describe('the trigger consumer enrols a group of events at once', { timeout: 120_000 }, () => {
  it('contacts already in the workflow, new ones and ones two events name: each enrolled once, by the first event naming them', async () => {
    const { deps, owner, api } = await engine();
    const org = owner.organizationId;
    const workflowId = await waitingOnVip(api);
    const [inAlready, a, b, c, other] = await Promise.all(Array.from({ length: 5 }, () => addContact(deps, org)));
    await deps.database.db.transaction().execute((trx) => enrollEach(trx, deps, org, workflowId, [inAlready!], 'manual'));
    const first = tagged(org, [inAlready!, a!, b!]);
    const second = tagged(org, [b!, c!, c!]);
    const unrelated = tagged(org, [other!], 'newsletter');
    await deps.database.db.transaction().execute((trx) => handleTriggerEvents(deps, [first, second, unrelated], trx));

    const runs = await deps.database.db.selectFrom('workflow_runs').select(['contact_id', 'trigger', 'trigger_event_id']).where('workflow_id', '=', workflowId).execute();
    const byContact = new Map(runs.map((r) => [r.contact_id, r]));
    expect(runs).toHaveLength(4);
    expect(byContact.get(inAlready!)).toMatchObject({ trigger: 'manual', trigger_event_id: null });
    expect(byContact.get(a!)).toMatchObject({ trigger: 'tag_added', trigger_event_id: first.id });
    expect(byContact.get(b!)).toMatchObject({ trigger: 'tag_added', trigger_event_id: first.id });
    expect(byContact.get(c!)).toMatchObject({ trigger: 'tag_added', trigger_event_id: second.id });
    expect(byContact.has(other!)).toBe(false);
    // Each new run's first job, one each.
    const jobs = await deps.database.db
      .selectFrom('pgboss.job' as never)
      .select('data' as never)
      .where('name' as never, '=', 'automations.advance' as never)
      .execute();
    const jobRuns = (jobs as { data: { runId: string } }[]).map((j) => j.data.runId);
    const runIds = await deps.database.db.selectFrom('workflow_runs').select('id').where('workflow_id', '=', workflowId).where('trigger', '=', 'tag_added').execute();
    for (const { id } of runIds) expect(jobRuns.filter((r) => r === id)).toHaveLength(1);
  });

  it('a group replayed after a crash mid-way (rolled back) or handed over twice enrols no one twice', async () => {
    const { deps, owner, api } = await engine();
    const org = owner.organizationId;
    // Re-enrolment on: only the run still going (and the loop guard) keeps a replay from enrolling again.
    const workflowId = await waitingOnVip(api, { allowReenrollment: true });
    const ids = await Promise.all(Array.from({ length: 6 }, () => addContact(deps, org)));
    const events = [tagged(org, ids.slice(0, 4)), tagged(org, ids.slice(2))];
    // The crash: the consumer's transaction dies after the group's enrolments, before its cursor moves.
    await expect(
      deps.database.db.transaction().execute(async (trx) => {
        await handleTriggerEvents(deps, events, trx);
        throw new Error('the process died');
      }),
    ).rejects.toThrow('the process died');
    const count = () =>
      deps.database.db
        .selectFrom('workflow_runs')
        .select('contact_id')
        .where('workflow_id', '=', workflowId)
        .execute()
        .then((rows) => rows.map((r) => r.contact_id).sort());
    expect(await count()).toEqual([]);
    await deps.database.db.transaction().execute((trx) => handleTriggerEvents(deps, events, trx));
    expect(await count()).toEqual([...ids].sort());
    // Handed over again (a consumer delivers at least once): every contact's run is still going.
    await deps.database.db.transaction().execute((trx) => handleTriggerEvents(deps, events, trx));
    expect(await count()).toEqual([...ids].sort());
  });
});
