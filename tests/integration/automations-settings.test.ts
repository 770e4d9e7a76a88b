import { describe, expect, it, onTestFinished } from 'vitest';
import { registerNotificationEmails } from '../../server/notifications/jobs';
import { SEND_JOB } from '../../server/sms/send-job';
import { addMember } from '../helpers/factories';
import { addContact, engine, linear, until } from './automations-helpers';

/** A zone where the local hour is now well away from UTC's, and a window open there now (and shut in UTC, the organization's zone). */
function windowOpenOnlyInAnotherZone(now = new Date()) {
  const utcHour = now.getUTCHours();
  let offset = 12;
  let local = (utcHour + offset) % 24;
  if (local === 0 || local === 23) {
    offset = 10;
    local = (utcHour + offset) % 24;
  }
  // Etc/GMT-N is N hours ahead of UTC (POSIX signs).
  return {
    zone: `Etc/GMT-${offset}`,
    window: { startHour: local - 1, endHour: local + 2, days: [0, 1, 2, 3, 4, 5, 6], timeZone: 'contact' as const },
  };
}

describe('workflow settings and failures', { timeout: 120_000 }, () => {
  it('a step that keeps failing ends the run failed and tells the workflow owner in the app and by e-mail', async () => {
    const { deps, owner, api } = await engine({ start: false });
    // The consumer that turns notifications into e-mails, beside the engine's.
    registerNotificationEmails(deps);
    await deps.jobs.start();
    await deps.consumers.start();
    onTestFinished(async () => {
      await deps.consumers.stop();
      await deps.jobs.stop();
    });
    const db = deps.database.db;
    await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', owner.userId).execute();
    const other = await addMember(deps, owner.organizationId, 'admin');
    const contactId = await addContact(deps, owner.organizationId);
    const workflow = await api.automations.create({ name: 'Round robin' });
    // A member id that belongs to nobody: the assignment can never be made.
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'assign', type: 'assign_owner', config: { userIds: ['00000000-0000-4000-8000-000000000001'] } }]) });
    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const run = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'failed',
    );
    expect(run.error).toMatch(/none of the chosen members/);
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([['assign', 'failed']]);
    const notified = await db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'message', 'type'])
      .where('organization_id', '=', owner.organizationId)
      .where('title', '=', 'Automation Failed')
      .execute();
    expect(notified).toEqual([{ user_id: owner.userId, title: 'Automation Failed', type: 'error', message: expect.stringContaining('Round robin') }]);
    expect(notified.some((n) => n.user_id === other.userId)).toBe(false);
    const emailed = await until(
      () => db.selectFrom('notification_email_items').select(['user_id', 'kind', 'sent_at']).where('organization_id', '=', owner.organizationId).where('kind', '=', 'automation_failed').execute(),
      (rows) => rows.length > 0,
    );
    expect(emailed).toEqual([{ user_id: owner.userId, kind: 'automation_failed', sent_at: expect.any(Date) }]);
  });

  it('a send the SMS channel cannot take is tried again, then the run ends failed (never left running)', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId, { phone: '+14155550123' });
    const sendMany = deps.jobs.sendMany.bind(deps.jobs);
    let refused = 0;
    // The SMS queue refuses every message: the channel's accept fails with a plain error.
    deps.jobs.sendMany = (async (name: string, ...rest: unknown[]) => {
      if (name === SEND_JOB) {
        refused++;
        throw new Error('the SMS queue is unavailable');
      }
      return (sendMany as (n: string, ...r: unknown[]) => Promise<unknown>)(name, ...rest);
    }) as typeof deps.jobs.sendMany;
    const workflow = await api.automations.create({ name: 'Texts' });
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'text', type: 'send_sms', config: { body: 'Hi' } }]) });
    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const run = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'failed',
    );
    expect(refused).toBe(3);
    expect(run.error).toBe('the SMS queue is unavailable');
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([['text', 'failed']]);
  });

  it('unenrol on goal: a contact meeting the goal leaves the workflow there; with it off, the run goes on after the goal', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId, { tags: ['customer'] });
    const definition = {
      version: 1 as const,
      triggers: [],
      steps: [
        { id: 'nurture', type: 'add_tag', config: { tag: 'nurtured' } },
        { id: 'bought', type: 'goal', config: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'customer' }] } },
        { id: 'thanks', type: 'add_tag', config: { tag: 'thanked' } },
      ],
      edges: [
        { from: 'start', to: 'nurture' },
        { from: 'bought', to: 'thanks' },
      ],
    };
    const leaves = await api.automations.create({ name: 'Leaves on goal' });
    await api.automations.saveDraft({ id: leaves.id, definition, settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: null } });
    await api.automations.publish({ id: leaves.id });
    const stays = await api.automations.create({ name: 'Goes on after goal' });
    await api.automations.saveDraft({ id: stays.id, definition, settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: false, sendingWindow: null } });
    await api.automations.publish({ id: stays.id });

    const test = await api.automations.testRun({ id: leaves.id, contactId, source: 'published' });
    expect(test.path.map((p) => p.stepId)).toEqual(['bought']);

    const a = await api.automations.enroll({ id: leaves.id, contactId });
    const left = await until(
      () => api.automations.run({ runId: a.runId }),
      (r) => r.status === 'completed',
    );
    expect(left.steps.map((s) => [s.stepId, s.detail])).toEqual([['bought', 'goal met: jumped here; the contact leaves the workflow (unenrol on goal)']]);
    const b = await api.automations.enroll({ id: stays.id, contactId });
    const went = await until(
      () => api.automations.run({ runId: b.runId }),
      (r) => r.status === 'completed',
    );
    expect(went.steps.map((s) => s.stepId)).toEqual(['bought', 'thanks']);
    const contact = await deps.database.db.selectFrom('contacts').select('tags').where('id', '=', contactId).executeTakeFirstOrThrow();
    expect(contact.tags).toEqual(['customer', 'thanked']);
  });

  it("a sending window in the contact's zone reads the contact's timezone field; a contact without one waits for the organization's hours", async () => {
    const { deps, owner, api } = await engine();
    const { zone, window } = windowOpenOnlyInAnotherZone();
    const abroad = await addContact(deps, owner.organizationId, { phone: '+14155550124' });
    await deps.database.db
      .updateTable('contacts')
      .set({ custom_fields: JSON.stringify({ timezone: zone }) })
      .where('id', '=', abroad)
      .execute();
    const home = await addContact(deps, owner.organizationId, { phone: '+14155550125', first_name: 'Bob' });
    const workflow = await api.automations.create({ name: 'In their hours' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear([], [{ id: 'text', type: 'send_sms', config: { body: 'Good morning' } }]),
      settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: window },
    });
    await api.automations.publish({ id: workflow.id });
    const sent = await api.automations.enroll({ id: workflow.id, contactId: abroad });
    const held = await api.automations.enroll({ id: workflow.id, contactId: home });
    await until(
      () => api.automations.run({ runId: sent.runId }),
      (r) => r.status === 'completed',
    );
    const waiting = await until(
      () => api.automations.run({ runId: held.runId }),
      (r) => r.status === 'waiting',
    );
    expect(waiting.steps[0]).toMatchObject({ stepId: 'text', outcome: 'waiting', detail: expect.stringMatching(/^held for the sending window until .* \(UTC\)$/) });
    const sms = await deps.database.db.selectFrom('sms_messages').select('contact_id').where('organization_id', '=', owner.organizationId).execute();
    expect(sms).toEqual([{ contact_id: abroad }]);
  });
});
