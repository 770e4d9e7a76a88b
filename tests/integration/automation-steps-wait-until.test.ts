import { describe, expect, it } from 'vitest';
import { wakeDueTimers } from '../../server/automations/wake';
import { nextTimeOfDay } from '../../server/automations/wait-until';
import { addContact, engine, linear, until } from './automations-helpers';
import { setOrgSettings } from './contacts-helpers';

const WEEKDAYS = [1, 2, 3, 4, 5];
const at = (iso: string) => new Date(iso);

describe('the wait-until step: the next time of day on chosen weekdays', () => {
  it('across the spring-forward change: 9:00 on the next weekday from a Saturday is Monday 9:00 daylight time', () => {
    // New York moves to EDT on Sunday 8 March 2026: Monday 9:00 is 13:00 UTC, not the 14:00 of the week before.
    expect(nextTimeOfDay(at('2026-03-07T20:00:00Z'), '09:00', WEEKDAYS, 'America/New_York')).toEqual(at('2026-03-09T13:00:00Z'));
    expect(nextTimeOfDay(at('2026-03-06T12:00:00Z'), '09:00', WEEKDAYS, 'America/New_York')).toEqual(at('2026-03-06T14:00:00Z'));
  });

  it('across the fall-back change, and a wall time the clocks skip moves forward by the jump', () => {
    // Paris returns to CET on Sunday 25 October 2026: 9:00 that day is 08:00 UTC (07:00 UTC the day before).
    expect(nextTimeOfDay(at('2026-10-24T12:00:00Z'), '09:00', [], 'Europe/Paris')).toEqual(at('2026-10-25T08:00:00Z'));
    expect(nextTimeOfDay(at('2026-10-23T12:00:00Z'), '09:00', [], 'Europe/Paris')).toEqual(at('2026-10-24T07:00:00Z'));
    // 02:30 does not exist in New York on 8 March 2026: it is read as 03:30 EDT.
    expect(nextTimeOfDay(at('2026-03-08T05:00:00Z'), '02:30', [], 'America/New_York')).toEqual(at('2026-03-08T07:30:00Z'));
  });

  it('a time already past today goes to the next chosen day; a time still ahead today is today', () => {
    // Monday 10:00 EDT: 9:00 has passed, so Tuesday 9:00.
    expect(nextTimeOfDay(at('2026-03-09T14:00:00Z'), '09:00', WEEKDAYS, 'America/New_York')).toEqual(at('2026-03-10T13:00:00Z'));
    // Monday 08:00 EDT: 9:00 is still ahead today.
    expect(nextTimeOfDay(at('2026-03-09T12:00:00Z'), '09:00', WEEKDAYS, 'America/New_York')).toEqual(at('2026-03-09T13:00:00Z'));
    // Exactly 9:00 is not "after": the next day.
    expect(nextTimeOfDay(at('2026-03-09T13:00:00Z'), '09:00', WEEKDAYS, 'America/New_York')).toEqual(at('2026-03-10T13:00:00Z'));
  });

  it('the weekday choice: "Monday 10:00" from a Friday, and from a Monday past 10:00 (a week later)', () => {
    expect(nextTimeOfDay(at('2026-03-06T15:00:00Z'), '10:00', [1], 'America/New_York')).toEqual(at('2026-03-09T14:00:00Z'));
    expect(nextTimeOfDay(at('2026-03-09T15:00:00Z'), '10:00', [1], 'America/New_York')).toEqual(at('2026-03-16T14:00:00Z'));
    // Saturday or Sunday only, from a Wednesday.
    expect(nextTimeOfDay(at('2026-03-11T15:00:00Z'), '18:30', [0, 6], 'America/New_York')).toEqual(at('2026-03-14T22:30:00Z'));
  });
});

describe('the wait-until step in a run', { timeout: 120_000 }, () => {
  it("holds the run as a timer due at the time in the organization's zone, then goes on when woken", async () => {
    const { deps, owner, api } = await engine();
    await setOrgSettings(deps, owner.organizationId, { timezone: 'America/New_York' });
    const contactId = await addContact(deps, owner.organizationId);
    const workflow = await api.automations.create({ name: 'Next weekday morning' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear(
        [],
        [
          { id: 'morning', type: 'wait_until', config: { time: '09:00', days: WEEKDAYS } },
          { id: 'tag', type: 'add_tag', config: { tag: 'morning' } },
        ],
      ),
    });
    await api.automations.publish({ id: workflow.id });
    const before = new Date();
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const waiting = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'waiting',
    );
    const expected = nextTimeOfDay(before, '09:00', WEEKDAYS, 'America/New_York');
    expect(waiting.currentStepId).toBe('morning');
    expect(waiting.waitingUntil).toBe(expected.toISOString());
    expect(waiting.steps[0]).toMatchObject({ stepId: 'morning', outcome: 'waiting', detail: expect.stringContaining('09:00 on a weekday (America/New_York)') });
    const timer = await deps.database.db.selectFrom('workflow_timers').select(['step_id', 'due_at']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(timer).toEqual({ step_id: 'morning', due_at: expected });

    // Its time comes: the wake-up ends the wait and the run goes on.
    await deps.database.db
      .updateTable('workflow_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('run_id', '=', runId)
      .execute();
    await wakeDueTimers(deps);
    const done = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'completed',
    );
    expect(done.steps.map((s) => [s.stepId, s.outcome, s.detail])).toEqual([
      ['morning', 'waiting', expect.any(String)],
      ['morning', 'done', 'wait over'],
      ['tag', 'done', 'tagged morning'],
    ]);
  });

  it("reads the contact's zone when the sending window uses it; the test run moves its clock to the same time", async () => {
    const { deps, owner, api } = await engine();
    await setOrgSettings(deps, owner.organizationId, { timezone: 'America/New_York' });
    const contactId = await addContact(deps, owner.organizationId);
    await deps.database.db
      .updateTable('contacts')
      .set({ custom_fields: JSON.stringify({ timezone: 'Asia/Tokyo' }) })
      .where('id', '=', contactId)
      .execute();
    const workflow = await api.automations.create({ name: 'Their Monday' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear([], [{ id: 'monday', type: 'wait_until', config: { time: '10:00', days: [1] } }]),
      settings: { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: { startHour: 0, endHour: 24, days: [0, 1, 2, 3, 4, 5, 6], timeZone: 'contact' } },
    });
    const before = new Date();
    const test = await api.automations.testRun({ id: workflow.id, contactId, source: 'draft' });
    const tokyo = nextTimeOfDay(before, '10:00', [1], 'Asia/Tokyo');
    expect(tokyo.getTime()).not.toBe(nextTimeOfDay(before, '10:00', [1], 'America/New_York').getTime());
    expect(test.path).toEqual([expect.objectContaining({ stepId: 'monday', outcome: 'done', at: tokyo.toISOString(), detail: expect.stringContaining('on Monday (Asia/Tokyo)') })]);
    const runs = await api.automations.runs({ workflowId: workflow.id });
    expect(runs.items).toEqual([]);

    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const waiting = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'waiting',
    );
    expect(waiting.waitingUntil).toBe(tokyo.toISOString());
  });

  it('refuses a time that is not HH:MM and a weekday out of range, naming the field', async () => {
    const { api } = await engine({ start: false });
    const workflow = await api.automations.create({ name: 'Bad times' });
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'later', type: 'wait_until', config: { time: '9am', days: [7] } }]) });
    await expect(api.automations.publish({ id: workflow.id })).rejects.toThrow(/definition\.steps\.later\.config\.time: must be a time of day HH:MM/);
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'later', type: 'wait_until', config: { time: '09:00', days: [7] } }]) });
    await expect(api.automations.publish({ id: workflow.id })).rejects.toThrow(/definition\.steps\.later\.config\.days\.0: must be 0 \(Sunday\) to 6/);
  });
});
