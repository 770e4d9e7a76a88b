import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { describe, expect, it } from 'vitest';
import { browser } from '../helpers/factories';
import { addContact, engine, linear, until } from './automations-helpers';

const SENDING = linear(
  [],
  [
    { id: 'text', type: 'send_sms', config: { body: 'Hi {{first_name}}' } },
    { id: 'mail', type: 'send_email', config: { subject: 'Hello', body: 'Hello {{first_name}}' } },
    { id: 'pause', type: 'wait', config: { amount: 3, unit: 'days' } },
    { id: 'vip', type: 'if_else', config: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'warm' }] } },
  ],
);
SENDING.steps.splice(2, 0, { id: 'warm', type: 'add_tag', config: { tag: 'warm' } });
SENDING.edges = [
  { from: 'start', to: 'text' },
  { from: 'text', to: 'mail' },
  { from: 'mail', to: 'warm' },
  { from: 'warm', to: 'pause' },
  { from: 'pause', to: 'vip' },
];

/** Every row the test run could have touched, as a fingerprint. */
async function fingerprint(db: Kysely<Database>) {
  const { rows } = await sql<{ t: string }>`
    select (select count(*) from sms_messages)::text || '/' || (select count(*) from email_messages)::text || '/' || (select count(*) from workflow_runs)::text || '/' ||
           (select count(*) from workflow_run_steps)::text || '/' || (select count(*) from tasks)::text || '/' || (select count(*) from events)::text || '/' ||
           (select coalesce(string_agg(tags::text, ','), '') from contacts) as t`.execute(db);
  return rows[0]!.t;
}

describe('test runs, REST and restarts', { timeout: 180_000 }, () => {
  it('a test run follows the path with simulated time, sends nothing and changes no row', async () => {
    const { deps, owner, api } = await engine({ start: false });
    const contactId = await addContact(deps, owner.organizationId, { phone: '+14155550199', email: 'sim@example.test' });
    const workflow = await api.automations.create({ name: 'Simulated' });
    await api.automations.saveDraft({ id: workflow.id, definition: SENDING });
    const before = await fingerprint(deps.database.db);
    const result = await api.automations.testRun({ id: workflow.id, contactId, source: 'draft' });
    expect(result.path.map((p) => [p.stepId, p.branch])).toEqual([
      ['text', null],
      ['mail', null],
      ['warm', null],
      ['pause', null],
      // The simulated tag from 'warm' is seen by the condition, as a real run would see it.
      ['vip', 'yes'],
    ]);
    expect(new Date(result.path[4]!.at).getTime() - new Date(result.path[0]!.at).getTime()).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(result.notes.join(' ')).toContain('would text +14155550199');
    expect(await fingerprint(deps.database.db)).toBe(before);
    await expect(api.automations.testRun({ id: workflow.id, contactId, source: 'published' })).rejects.toThrow(/no published version/);
  });

  it('REST: import a definition, export it, publish, enrol (202) and read the runs with their step logs', async () => {
    const { app, deps, owner } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const headers = { ...browser(owner.cookie), 'content-type': 'application/json' };
    const definition = linear([], [{ id: 'tag', type: 'add_tag', config: { tag: 'from-api' } }]);
    const created = await app.request('/api/v1/workflows', { method: 'POST', headers, body: JSON.stringify({ name: 'Imported', definition }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const exported = await app.request(`/api/v1/workflows/${id}/definition`, { headers });
    expect(await exported.json()).toEqual(definition);
    const bad = await app.request('/api/v1/workflows', { method: 'POST', headers, body: JSON.stringify({ name: 'Bad', definition: { ...definition, version: 2 } }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/definition.version/);
    expect((await app.request(`/api/v1/workflows/${id}/publish`, { method: 'POST', headers })).status).toBe(200);
    const enrolled = await app.request(`/api/v1/workflows/${id}/enrollments`, { method: 'POST', headers, body: JSON.stringify({ contactId }) });
    expect(enrolled.status).toBe(202);
    const { runId } = (await enrolled.json()) as { runId: string };
    const runs = await until(
      async () => (await (await app.request(`/api/v1/workflows/${id}/runs?contactId=${contactId}`, { headers })).json()) as { items: { id: string; status: string; steps: { stepId: string }[] }[] },
      (page) => page.items[0]?.status === 'completed',
    );
    expect(runs.items).toMatchObject([{ id: runId, status: 'completed', steps: [{ stepId: 'tag' }] }]);
    const list = (await (await app.request('/api/v1/workflows', { headers })).json()) as { items: { id: string; counts: { completed: number } }[] };
    expect(list.items.find((w) => w.id === id)?.counts.completed).toBe(1);
  });

  it('a wait survives a crash: the queue and consumers stopped ungracefully, a new process wakes the timer when due', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const workflow = await api.automations.create({ name: 'Survives' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear(
        [],
        [
          { id: 'pause', type: 'wait', config: { amount: 1, unit: 'hours' } },
          { id: 'after', type: 'add_tag', config: { tag: 'woke' } },
        ],
      ),
    });
    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'waiting',
    );
    await deps.consumers.stop({ graceful: false });
    await deps.jobs.stop({ graceful: false });
    // The hour passes while nothing runs: the timer and its wake-up job come due.
    await deps.database.db
      .updateTable('workflow_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('run_id', '=', runId)
      .execute();
    await sql`update pgboss.job set start_after = now() where name = 'automations.wake'`.execute(deps.database.db);

    // A new process on the same database (its own owner; the run is read as the first one's).
    await engine({ database: deps.database });
    const ran = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'completed',
    );
    expect(ran.steps.map((s) => [s.stepId, s.outcome])).toEqual([
      ['pause', 'waiting'],
      ['pause', 'done'],
      ['after', 'done'],
    ]);
  });
});
