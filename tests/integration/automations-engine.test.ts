import { describe, expect, it } from 'vitest';
import { addContact, engine, linear, until } from './automations-helpers';

describe('a published workflow run by the engine', { timeout: 120_000 }, () => {
  it('a tag added through the contacts service enrols the contact; SMS and e-mail go through their services and the run completes', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId, { phone: '+14155550101', email: 'ada@example.test' });
    const workflow = await api.automations.create({ name: 'New lead follow-up' });
    const definition = linear(
      [{ type: 'tag_added', config: { tag: 'new-lead' } }],
      [
        { id: 'text', type: 'send_sms', config: { body: 'Hi {{first_name}}, thanks!' } },
        { id: 'mail', type: 'send_email', config: { subject: 'Welcome {{first_name}}', body: 'Hello {{first_name}}' } },
        { id: 'score', type: 'adjust_score', config: { delta: 15 } },
        { id: 'tagged', type: 'add_tag', config: { tag: 'followed-up' } },
        { id: 'task', type: 'create_task', config: { title: 'Call {{first_name}}' } },
      ],
    );
    await api.automations.saveDraft({ id: workflow.id, definition });
    const published = await api.automations.publish({ id: workflow.id });
    expect(published).toMatchObject({ status: 'active', publishedVersion: 1, hasUnpublishedChanges: false });

    await api.contacts.update({ id: contactId, tags: ['new-lead'] });
    const runs = await until(
      () => api.automations.runs({ workflowId: workflow.id }),
      (page) => page.items[0]?.status === 'completed',
    );
    const run = await api.automations.run({ runId: runs.items[0]!.id });
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([
      ['text', 'done'],
      ['mail', 'done'],
      ['score', 'done'],
      ['tagged', 'done'],
      ['task', 'done'],
    ]);
    const db = deps.database.db;
    const sms = await db.selectFrom('sms_messages').select(['body', 'contact_id']).where('organization_id', '=', owner.organizationId).where('direction', '=', 'outbound').execute();
    expect(sms).toEqual([{ body: 'Hi Ada, thanks!', contact_id: contactId }]);
    const emails = await db.selectFrom('email_messages').select(['subject']).where('organization_id', '=', owner.organizationId).execute();
    expect(emails).toEqual([{ subject: 'Welcome Ada' }]);
    const contact = await db.selectFrom('contacts').select(['lead_score', 'tags']).where('id', '=', contactId).executeTakeFirstOrThrow();
    expect(contact.lead_score).toBe(15);
    expect(contact.tags).toEqual(['new-lead', 'followed-up']);
    const tasks = await db.selectFrom('tasks').select('title').where('contact_id', '=', contactId).execute();
    expect(tasks).toEqual([{ title: 'Call Ada' }]);
    const completed = await db.selectFrom('events').select('payload').where('organization_id', '=', owner.organizationId).where('type', '=', 'automation_completed').execute();
    expect(completed).toHaveLength(1);

    const list = await api.automations.list();
    expect(list.items[0]).toMatchObject({ id: workflow.id, counts: { enrolled: 1, active: 0, completed: 1 } });
    const counts = await api.automations.stepCounts({ id: workflow.id });
    expect(counts.steps.find((s) => s.stepId === 'text')).toMatchObject({ done: 1, failed: 0 });
    const overview = await api.automations.overview();
    expect(overview).toMatchObject({ activeWorkflows: 1, runsToday: 1, completionRate: 100, sendsLast30Days: { sms: 1, email: 1 } });
  });

  it('if/else branches on tags; a contact without a phone has its SMS skipped with the reason', async () => {
    const { deps, owner, api } = await engine();
    const vip = await addContact(deps, owner.organizationId, { tags: ['vip'] });
    const other = await addContact(deps, owner.organizationId, { first_name: 'Bob' });
    const workflow = await api.automations.create({ name: 'Branching' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: {
        version: 1,
        triggers: [],
        steps: [
          { id: 'is-vip', type: 'if_else', config: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'vip' }] } },
          { id: 'vip-tag', type: 'add_tag', config: { tag: 'gold' } },
          { id: 'text', type: 'send_sms', config: { body: 'Hello' } },
        ],
        edges: [
          { from: 'start', to: 'is-vip' },
          { from: 'is-vip', to: 'vip-tag', branch: 'yes' },
          { from: 'is-vip', to: 'text', branch: 'no' },
        ],
      },
    });
    await api.automations.publish({ id: workflow.id });
    const a = await api.automations.enroll({ id: workflow.id, contactId: vip });
    const b = await api.automations.enroll({ id: workflow.id, contactId: other });
    const ranA = await until(
      () => api.automations.run(a),
      (r) => r.status === 'completed',
    );
    const ranB = await until(
      () => api.automations.run(b),
      (r) => r.status === 'completed',
    );
    expect(ranA.steps.map((s) => [s.stepId, s.branch])).toEqual([
      ['is-vip', 'yes'],
      ['vip-tag', null],
    ]);
    expect(ranB.steps.map((s) => [s.stepId, s.outcome])).toEqual([
      ['is-vip', 'done'],
      ['text', 'skipped'],
    ]);
    expect(ranB.steps[1]!.detail).toContain('no phone');
  });

  it('a wait holds the run as a timer; pause, resume and stop act on it', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const workflow = await api.automations.create({ name: 'Waiting' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear(
        [],
        [
          { id: 'pause', type: 'wait', config: { amount: 2, unit: 'days' } },
          { id: 'tag', type: 'add_tag', config: { tag: 'later' } },
        ],
      ),
    });
    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const waiting = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'waiting',
    );
    expect(waiting.currentStepId).toBe('pause');
    expect(new Date(waiting.waitingUntil!).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    expect(await api.automations.pauseRun({ runId })).toEqual({ runId, status: 'paused' });
    expect(await api.automations.resumeRun({ runId })).toEqual({ runId, status: 'waiting' });
    expect(await api.automations.stopRun({ runId })).toEqual({ runId, status: 'stopped' });
    const timers = await deps.database.db.selectFrom('workflow_timers').select('run_id').where('run_id', '=', runId).execute();
    expect(timers).toEqual([]);
    await expect(api.automations.resumeRun({ runId })).rejects.toThrow(/paused run/);
  });

  it('stops every going run of a workflow at once: waiting and held runs lose their timers, ended runs stay as they are', async () => {
    const { deps, owner, api } = await engine();
    const workflow = await api.automations.create({ name: 'Stop them all' });
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'pause', type: 'wait', config: { amount: 2, unit: 'days' } }]) });
    await api.automations.publish({ id: workflow.id });
    const runIds: string[] = [];
    for (const name of ['Ada', 'Bob', 'Cy']) runIds.push((await api.automations.enroll({ id: workflow.id, contactId: await addContact(deps, owner.organizationId, { first_name: name }) })).runId);
    for (const runId of runIds) {
      await until(
        () => api.automations.run({ runId }),
        (r) => r.status === 'waiting',
      );
    }
    await api.automations.pauseRun({ runId: runIds[1]! });
    await api.automations.stopRun({ runId: runIds[2]! });
    expect(await api.automations.stopRuns({ id: workflow.id })).toEqual({ stopped: 2 });
    expect((await Promise.all(runIds.map((runId) => api.automations.run({ runId })))).map((r) => [r.status, r.currentStepId, r.endedAt !== null])).toEqual([
      ['stopped', null, true],
      ['stopped', null, true],
      ['stopped', null, true],
    ]);
    expect(await deps.database.db.selectFrom('workflow_timers').select('run_id').where('run_id', 'in', runIds).execute()).toEqual([]);
    expect(await api.automations.stopRuns({ id: workflow.id })).toEqual({ stopped: 0 });
  });

  it('the loop guard: a workflow that re-adds its own trigger tag enrols the contact once a minute at most', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const workflow = await api.automations.create({ name: 'Loop' });
    await api.automations.saveDraft({
      id: workflow.id,
      settings: { allowReenrollment: true, stopOnReply: true, unenrollOnGoal: true, sendingWindow: null },
      definition: linear(
        [{ type: 'tag_added', config: { tag: 'ping' } }],
        [
          { id: 'drop', type: 'remove_tag', config: { tag: 'ping' } },
          { id: 'again', type: 'add_tag', config: { tag: 'ping' } },
        ],
      ),
    });
    await api.automations.publish({ id: workflow.id });
    await api.contacts.update({ id: contactId, tags: ['ping'] });
    await until(
      () => api.automations.runs({ workflowId: workflow.id }),
      (page) => page.items.length === 1 && page.items[0]!.status === 'completed',
    );
    // The run's own tag_added event has been consumed (the consumer's cursor passed it) without a second run.
    const lastEvent = await deps.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await until(
      () => deps.database.db.selectFrom('event_consumers').select('last_event_id').where('name', '=', 'automations').executeTakeFirstOrThrow(),
      (c) => Number(c.last_event_id) >= Number(lastEvent.id),
    );
    const runs = await api.automations.runs({ workflowId: workflow.id });
    expect(runs.items).toHaveLength(1);
  });
});
