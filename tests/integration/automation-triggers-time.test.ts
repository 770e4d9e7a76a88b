import { describe, expect, it } from 'vitest';
import { fireTriggerTimer, sweepTriggerTimers } from '../../server/automations/schedule';
import { nextOccurrence, parseCron } from '../../server/automations/schedule-cron';
import { readSettings } from '../../server/organizations/settings';
import { addContact, engine, linear, until } from './automations-helpers';

type Engine = Awaited<ReturnType<typeof engine>>;

/** A published workflow with one trigger whose only step tags the contact `reached`. */
async function tagging(api: Engine['api'], trigger: Parameters<typeof linear>[0][number]) {
  const workflow = await api.automations.create({ name: `On ${trigger.type}` });
  await api.automations.saveDraft({ id: workflow.id, definition: linear([trigger], [{ id: 'mark', type: 'add_tag', config: { tag: 'reached' } }]) });
  await api.automations.publish({ id: workflow.id });
  return workflow.id;
}

const completedRuns = (api: Engine['api'], workflowId: string, count: number) =>
  until(
    () => api.automations.runs({ workflowId }),
    (page) => page.items.length >= count && page.items.every((r) => r.status === 'completed'),
  );

const timersOf = (deps: Engine['deps'], filter: { workflowId?: string; subjectId?: string }) => {
  let query = deps.database.db.selectFrom('workflow_trigger_timers').select(['id', 'key', 'kind', 'due_at', 'subject_id', 'workflow_id']);
  if (filter.workflowId) query = query.where('workflow_id', '=', filter.workflowId);
  if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
  return query.orderBy('due_at').execute();
};

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

describe('time triggers', { timeout: 120_000 }, () => {
  it('schedule: publishing arms the next occurrence in the organization’s zone; an occurrence fired twice at once enrols the view once and arms the next; pausing stops it', async () => {
    const { deps, owner, api } = await engine();
    const gold = [await addContact(deps, owner.organizationId, { tags: ['gold'] }), await addContact(deps, owner.organizationId, { tags: ['gold'] })];
    await addContact(deps, owner.organizationId, { tags: ['silver'] });
    const view = await api.savedViews.create({ name: 'Gold customers', filters: { tag: 'gold' } });

    // Refusals name the field: a bad cron expression when saved, a missing view when published.
    const draft = await api.automations.create({ name: 'Weekly gold' });
    await expect(
      api.automations.saveDraft({
        id: draft.id,
        definition: linear([{ type: 'schedule', config: { frequency: 'cron', time: '09:00', weekday: 'monday', cron: '0 25 * * *' } }], [{ id: 'mark', type: 'add_tag', config: { tag: 'reached' } }]),
      }),
    ).rejects.toThrow(/definition\.triggers\.0\.config\.cron: hour: 25 is out of range 0–23/);
    await api.automations.saveDraft({
      id: draft.id,
      definition: linear([{ type: 'schedule', config: { frequency: 'weekly', time: '09:00', weekday: 'monday' } }], [{ id: 'mark', type: 'add_tag', config: { tag: 'reached' } }]),
    });
    await expect(api.automations.publish({ id: draft.id })).rejects.toThrow(/definition\.triggers\.0\.config\.viewId: choose the saved view/);
    expect(await timersOf(deps, { workflowId: draft.id })).toEqual([]);

    const workflowId = await tagging(api, { type: 'schedule', config: { frequency: 'weekly', time: '09:00', weekday: 'monday', viewId: view.id } });
    const zone = (await readSettings(deps.database.db, owner.organizationId)).timezone;
    const monday9 = parseCron('0 9 * * 1');
    if (!monday9.ok) throw new Error(monday9.error);
    const [armed, ...others] = await timersOf(deps, { workflowId });
    expect(others).toEqual([]);
    expect(armed!.kind).toBe('schedule');
    expect(new Date(armed!.due_at).toISOString()).toBe(nextOccurrence(monday9.schedule, new Date(), zone)!.toISOString());

    // The occurrence comes (its due time moved into the past), and two workers take it at once.
    await deps.database.db
      .updateTable('workflow_trigger_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('id', '=', armed!.id)
      .execute();
    await Promise.all([fireTriggerTimer(deps, { organizationId: owner.organizationId, timerId: armed!.id }), fireTriggerTimer(deps, { organizationId: owner.organizationId, timerId: armed!.id })]);
    const runs = await completedRuns(api, workflowId, 2);
    expect(runs.items.map((r) => r.contact!.id).sort()).toEqual([...gold].sort());
    const [following, ...more] = await timersOf(deps, { workflowId });
    expect(more).toEqual([]);
    expect(following!.id).not.toBe(armed!.id);
    expect(new Date(following!.due_at).toISOString()).toBe(nextOccurrence(monday9.schedule, new Date(), zone)!.toISOString());
    // The old occurrence's job, run again (a retry, a restart), does nothing.
    await fireTriggerTimer(deps, { organizationId: owner.organizationId, timerId: armed!.id });
    expect((await api.automations.runs({ workflowId })).items).toHaveLength(2);

    await api.automations.setStatus({ id: workflowId, status: 'paused' });
    expect(await timersOf(deps, { workflowId })).toEqual([]);
    await api.automations.setStatus({ id: workflowId, status: 'active' });
    expect(await timersOf(deps, { workflowId })).toHaveLength(1);
  });

  it('task overdue: fires at the due time for an open task, follows a moved due date, never for a task completed in time', async () => {
    const { deps, owner, api } = await engine();
    const workflowId = await tagging(api, { type: 'task_overdue', config: {} });
    const onTime = await addContact(deps, owner.organizationId, { email: 'on-time@example.test' });
    const late = await addContact(deps, owner.organizationId, { email: 'late@example.test', first_name: 'Late' });

    const done = await api.tasks.create({ title: 'Call back', contactId: onTime, dueAt: inSeconds(2).toISOString() });
    await api.tasks.complete({ id: done.id });
    const moved = await api.tasks.create({ title: 'Send the quote', contactId: late, dueAt: inSeconds(3600).toISOString() });
    // Armed an hour ahead; moving the due date moves this same row.
    const [timer] = await until(
      () => timersOf(deps, { subjectId: moved.id }),
      (rows) => rows.length === 1,
    );
    const due = inSeconds(3);
    await api.tasks.update({ id: moved.id, dueAt: due.toISOString() });
    const runs = await completedRuns(api, workflowId, 1);
    expect(runs.items.map((r) => r.contact!.id)).toEqual([late]);
    // The consumer handles an organization's events in order: the move was seen, so the completion was too.
    expect(await timersOf(deps, { subjectId: done.id })).toEqual([]);
    expect(new Date(runs.items[0]!.startedAt).getTime()).toBeGreaterThanOrEqual(due.getTime());
    const payload = await deps.database.db.selectFrom('workflow_runs').select('trigger_payload').where('workflow_id', '=', workflowId).executeTakeFirstOrThrow();
    expect(payload.trigger_payload).toMatchObject({ taskId: moved.id, title: 'Send the quote' });
    expect(await timersOf(deps, { subjectId: moved.id })).toEqual([]);
    // Fired once: its job run again enrols nobody.
    await fireTriggerTimer(deps, { organizationId: owner.organizationId, timerId: timer!.id });
    expect((await api.automations.runs({ workflowId })).items).toHaveLength(1);

    // A timer whose wake-up job was lost (written here with no job, a minute late) is re-armed by the sweep and fires once.
    const lost = await addContact(deps, owner.organizationId, { email: 'lost@example.test' });
    const dueAt = new Date(Date.now() - 60_000);
    const task = await deps.database.db
      .insertInto('tasks')
      .values({ organization_id: owner.organizationId, title: 'Lost wake-up', contact_id: lost, due_at: dueAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.database.db
      .insertInto('workflow_trigger_timers')
      .values({ organization_id: owner.organizationId, key: `task:${task.id}`, kind: 'task_overdue', subject_id: task.id, due_at: dueAt })
      .execute();
    expect(await sweepTriggerTimers(deps)).toBeGreaterThanOrEqual(1);
    const swept = await completedRuns(api, workflowId, 2);
    expect(swept.items.map((r) => r.contact!.id).sort()).toEqual([late, lost].sort());
    expect(await timersOf(deps, { subjectId: task.id })).toEqual([]);
  });

  it('schedule after downtime: the occurrences missed while the server was down fire once, as the most recent one, and the next is armed after now', async () => {
    const { deps, owner, api } = await engine();
    const gold = [await addContact(deps, owner.organizationId, { tags: ['gold'] }), await addContact(deps, owner.organizationId, { tags: ['gold'] })];
    const view = await api.savedViews.create({ name: 'Gold customers', filters: { tag: 'gold' } });
    const workflowId = await tagging(api, { type: 'schedule', config: { frequency: 'daily', time: '09:00', weekday: 'monday', viewId: view.id } });
    const zone = (await readSettings(deps.database.db, owner.organizationId)).timezone;
    const daily9 = parseCron('0 9 * * *');
    if (!daily9.ok) throw new Error(daily9.error);
    const [armed] = await timersOf(deps, { workflowId });

    // The server was down for four days: the armed occurrence is four days old, and three more have passed since.
    const downSince = new Date(new Date(armed!.due_at).getTime() - 4 * 86_400_000);
    await deps.database.db.updateTable('workflow_trigger_timers').set({ due_at: downSince }).where('id', '=', armed!.id).execute();
    const passed: Date[] = [];
    for (let at = nextOccurrence(daily9.schedule, downSince, zone)!; at.getTime() <= Date.now(); at = nextOccurrence(daily9.schedule, at, zone)!) passed.push(at);
    expect(passed.length).toBeGreaterThanOrEqual(3);
    await fireTriggerTimer(deps, { organizationId: owner.organizationId, timerId: armed!.id });

    const runs = await completedRuns(api, workflowId, 2);
    expect(runs.items.map((r) => r.contact!.id).sort()).toEqual([...gold].sort());
    const payloads = await deps.database.db.selectFrom('workflow_runs').select('trigger_payload').where('workflow_id', '=', workflowId).execute();
    expect(payloads.map((p) => p.trigger_payload)).toEqual([
      { occurrence: passed.at(-1)!.toISOString(), missedOccurrences: passed.length },
      { occurrence: passed.at(-1)!.toISOString(), missedOccurrences: passed.length },
    ]);
    const [next, ...more] = await timersOf(deps, { workflowId });
    expect(more).toEqual([]);
    expect(new Date(next!.due_at).toISOString()).toBe(nextOccurrence(daily9.schedule, new Date(), zone)!.toISOString());
  });

  it('appointment relative time: "1 hour before" fires for booked appointments (also those booked before publishing), moves with a reschedule, never for a cancelled one', async () => {
    const { deps, owner, api } = await engine();
    const contact = (name: string) => addContact(deps, owner.organizationId, { email: `${name}@example.test` });
    const early = await contact('early');
    const booked = await contact('booked');
    const cancelled = await contact('cancelled');
    const rescheduled = await contact('rescheduled');
    const book = (contactId: string, startsAt: Date) =>
      api.appointments.create({ title: 'Consultation', contactId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 1_800_000).toISOString() });
    const hour = 3_600_000;
    // Booked before the workflow exists: publishing arms it.
    await book(early, new Date(Date.now() + hour + 4000));
    const workflowId = await tagging(api, { type: 'appointment_relative', config: { amount: 1, unit: 'hours', direction: 'before' } });
    expect(await timersOf(deps, { workflowId })).toHaveLength(1);

    await book(booked, new Date(Date.now() + hour + 2000));
    const gone = await book(cancelled, new Date(Date.now() + hour + 2000));
    await api.appointments.setStatus({ id: gone.id, status: 'cancelled' });
    const later = await book(rescheduled, new Date(Date.now() + 5 * hour));
    const startsAt = new Date(Date.now() + hour + 3000);
    await api.appointments.reschedule({ id: later.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 1_800_000).toISOString() });
    const runs = await completedRuns(api, workflowId, 3);
    expect(runs.items.map((r) => r.contact!.id).sort()).toEqual([early, booked, rescheduled].sort());
    // The rescheduled one fired at its new time, an hour before the new start (its old one was hours away).
    const moved = runs.items.find((r) => r.contact!.id === rescheduled)!;
    expect(new Date(moved.startedAt).getTime()).toBeGreaterThanOrEqual(startsAt.getTime() - hour);
    // Events are handled in order: the reschedule was, so the cancellation before it was too — and its timer is gone.
    expect(await timersOf(deps, { subjectId: gone.id })).toEqual([]);
    expect(runs.items.map((r) => r.contact!.id)).not.toContain(cancelled);
    expect(await timersOf(deps, { workflowId })).toEqual([]);
  });
});
