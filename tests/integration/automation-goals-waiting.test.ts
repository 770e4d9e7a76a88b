import { describe, expect, it } from 'vitest';
import { addContact, engine, until } from './automations-helpers';

const definition = {
  version: 1 as const,
  triggers: [],
  steps: [
    { id: 'nurture', type: 'add_tag', config: { tag: 'nurtured' } },
    { id: 'pause', type: 'wait', config: { amount: 3, unit: 'days' } },
    { id: 'nudge', type: 'add_tag', config: { tag: 'nudged' } },
    { id: 'bought', type: 'goal', config: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'customer' }] } },
    { id: 'thanks', type: 'add_tag', config: { tag: 'thanked' } },
  ],
  edges: [
    { from: 'start', to: 'nurture' },
    { from: 'nurture', to: 'pause' },
    { from: 'pause', to: 'nudge' },
    { from: 'bought', to: 'thanks' },
  ],
};

describe('goals met while a run waits', { timeout: 120_000 }, () => {
  it('a waiting contact who meets the goal jumps to it when the change happens, not when the wait ends; others keep waiting', async () => {
    const { deps, owner, api } = await engine();
    const db = deps.database.db;
    const buyer = await addContact(deps, owner.organizationId, { first_name: 'Ada' });
    const browsing = await addContact(deps, owner.organizationId, { first_name: 'Bob' });
    const stays = await api.automations.create({ name: 'Goes on after the goal' });
    await api.automations.saveDraft({ id: stays.id, definition, settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: false, sendingWindow: null } });
    await api.automations.publish({ id: stays.id });
    const leaves = await api.automations.create({ name: 'Leaves at the goal' });
    await api.automations.saveDraft({ id: leaves.id, definition, settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: null } });
    await api.automations.publish({ id: leaves.id });
    const runs = [
      await api.automations.enroll({ id: stays.id, contactId: buyer }),
      await api.automations.enroll({ id: leaves.id, contactId: buyer }),
      await api.automations.enroll({ id: stays.id, contactId: browsing }),
    ];
    for (const { runId } of runs) {
      await until(
        () => api.automations.run({ runId }),
        (r) => r.status === 'waiting',
      );
    }

    // The change, three days before the wait would end: the buyer's runs take the goal now.
    await api.contacts.update({ id: buyer, tags: ['nurtured', 'customer'] });
    const went = await until(
      () => api.automations.run({ runId: runs[0]!.runId }),
      (r) => r.status === 'completed',
    );
    // (One of the buyer's two runs finds the tag 'nurtured' already added by the other: its step is skipped.)
    expect(went.steps.map((s) => s.stepId)).toEqual(['nurture', 'pause', 'bought', 'thanks']);
    const left = await until(
      () => api.automations.run({ runId: runs[1]!.runId }),
      (r) => r.status === 'completed',
    );
    expect(left.steps.map((s) => s.stepId)).toEqual(['nurture', 'pause', 'bought']);
    expect(left.steps.at(-1)!.detail).toBe('goal met: jumped here; the contact leaves the workflow (unenrol on goal)');
    // Their waits are given up: no timer is left to wake them.
    const timers = await db.selectFrom('workflow_timers').select('run_id').where('organization_id', '=', owner.organizationId).execute();
    expect(timers.map((t) => t.run_id)).toEqual([runs[2]!.runId]);
    const buyerRow = await db.selectFrom('contacts').select('tags').where('id', '=', buyer).executeTakeFirstOrThrow();
    expect(buyerRow.tags).toEqual(['nurtured', 'customer', 'thanked']);

    // A change that meets no goal leaves the other contact waiting.
    await api.contacts.update({ id: browsing, tags: ['nurtured', 'browsing'] });
    const lastEvent = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await until(
      () => db.selectFrom('event_consumers').select('last_event_id').where('name', '=', 'automations').executeTakeFirstOrThrow(),
      (c) => Number(c.last_event_id) >= Number(lastEvent.id),
    );
    const other = await api.automations.run({ runId: runs[2]!.runId });
    expect(other.status).toBe('waiting');
  });
});
