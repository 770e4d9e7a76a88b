/**
 * A small fixed data set for the analytics tests, inserted directly with dates relative to a fixed
 * "now" (Monday 2026-06-15 12:00 UTC), so every dashboard figure can be computed by hand.
 *
 * 30d period: 2026-05-17 … 2026-06-15 (UTC); previous period: 2026-04-17 … 2026-05-16.
 */
import { permissionsFor } from '../../server/auth/permissions';
import type { OrgAuth } from '../../server/auth/resolve';
import type { Db } from '../../server/db';
import type { RoleKey } from '../../server/db/schema';
import { scoped } from '../../server/db/scoped';
import type { OrgContext } from '../../server/kernel/context';

export const NOW = new Date('2026-06-15T12:00:00Z');
export const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00Z`);

export const STAGE_NAMES = ['Qualified Leads', 'Discovery', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'] as const;
export type Stages = { pipelineId: string; ids: string[]; byName: Record<(typeof STAGE_NAMES)[number], string> };

/** The organization's default pipeline (signup creates it), or the spec's stages when it has none. */
export async function defaultStages(db: Db, organizationId: string): Promise<Stages> {
  const org = scoped(db, organizationId);
  let pipeline = await org.selectFrom('pipelines').select('id').where('is_default', '=', true).executeTakeFirst();
  if (!pipeline) {
    pipeline = await org.insertInto('pipelines', { name: 'Sales Pipeline', is_default: true }).returning('id').executeTakeFirstOrThrow();
    const kinds = ['open', 'open', 'open', 'open', 'won', 'lost'] as const;
    const probabilities = [10, 25, 50, 75, 100, 0];
    await org
      .insertInto(
        'pipeline_stages',
        STAGE_NAMES.map((name, position) => ({ pipeline_id: pipeline!.id, name, position, kind: kinds[position], probability: probabilities[position] })),
      )
      .execute();
  }
  const stages = await org.selectFrom('pipeline_stages').select(['id', 'name']).where('pipeline_id', '=', pipeline.id).orderBy('position').execute();
  return {
    pipelineId: pipeline.id,
    ids: stages.map((s) => s.id),
    byName: Object.fromEntries(stages.map((s) => [s.name, s.id])) as Stages['byName'],
  };
}

export function authFor(userId: string, organizationId: string, role: RoleKey): OrgAuth {
  return {
    via: 'session',
    user: { id: userId, email: `${userId}@example.test`, name: 'Tester' },
    session: null,
    apiKey: null,
    organization: { id: organizationId, name: 'Org', role },
    permissions: permissionsFor(role),
  };
}

/** What the dashboards and reports read with: the organization, its database and the caller (whose role decides owner-only visibility). */
export function ctxFor(db: Db, organizationId: string, userId: string, role: RoleKey = 'super_admin'): Pick<OrgContext, 'db' | 'organizationId' | 'auth'> {
  return { db, organizationId, auth: authFor(userId, organizationId, role) };
}

type ContactSpec = { key: string; created: string; source?: string | null; ownerId?: string | null };
type DealSpec = {
  key: string;
  contact?: string;
  created: string;
  value: number;
  currency?: string;
  status: 'open' | 'won' | 'lost';
  stage: (typeof STAGE_NAMES)[number];
  stageChanged: string;
  wonAt?: string;
  lostAt?: string;
  recurring?: number;
  ownerId?: string | null;
  /** Entries into stages: [stage, date]. */
  history: [(typeof STAGE_NAMES)[number], string][];
};

export async function insertContacts(db: Db, organizationId: string, specs: ContactSpec[]): Promise<Record<string, string>> {
  const rows = await scoped(db, organizationId)
    .insertInto(
      'contacts',
      specs.map((c) => ({
        first_name: c.key,
        last_name: 'Test',
        email: `${c.key}-${Math.random().toString(36).slice(2)}@example.test`,
        source: c.source ?? null,
        owner_id: c.ownerId ?? null,
        created_at: at(c.created),
      })),
    )
    .returning(['id', 'first_name'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.first_name, r.id]));
}

export async function insertDeals(db: Db, organizationId: string, stages: Stages, contacts: Record<string, string>, specs: DealSpec[]): Promise<Record<string, string>> {
  const org = scoped(db, organizationId);
  const ids: Record<string, string> = {};
  for (const d of specs) {
    const row = await org
      .insertInto('deals', {
        pipeline_id: stages.pipelineId,
        stage_id: stages.byName[d.stage],
        title: d.key,
        value_minor: d.value,
        currency: d.currency ?? 'USD',
        contact_id: d.contact ? contacts[d.contact]! : null,
        owner_id: d.ownerId ?? null,
        status: d.status,
        won_at: d.wonAt ? at(d.wonAt) : null,
        lost_at: d.lostAt ? at(d.lostAt) : null,
        is_recurring: d.recurring !== undefined,
        monthly_value_minor: d.recurring ?? null,
        stage_changed_at: at(d.stageChanged),
        created_at: at(d.created),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[d.key] = row.id;
    let from: string | null = null;
    const history = d.history.map(([stage, date]) => {
      const entry = { deal_id: row.id, from_stage_id: from, to_stage_id: stages.byName[stage], changed_at: at(date) };
      from = stages.byName[stage];
      return entry;
    });
    if (history.length) await org.insertInto('deal_stage_history', history).execute();
  }
  return ids;
}

/**
 * The main data set. Hand-computed figures for the 30d period at NOW (UTC):
 * - MRR: d1 50000 + d3 20000 + d9 10000 = 80000 now; 20000 at the period start (d3); 1 EUR deal (d8) excluded.
 * - Average deal size: USD deals won in the period d1 500000, d2 300000, d9 120000 → 306667; previous d3 200000; 2 EUR excluded.
 * - Sales cycle: won in period d1 20 d, d2 21 d, d4 7 d, d8 10 d, d9 10 d → median 10; previous d3 50 d.
 * - New customers: c1 (d1), c2 (d2), c4 (d4), c5 (d8) → 4; previous c3 (d3) → 1.
 * - Spend: period USD 100000 + 60000 = 160000 (+1 EUR entry excluded); previous 50000 + 10000 = 60000.
 *   CAC = 160000 / 4 = 40000; previous 60000 / 1 = 60000.
 */
export async function seedMainDataSet(db: Db, organizationId: string, users: { owner: string; rep: string }) {
  const stages = await defaultStages(db, organizationId);
  const contacts = await insertContacts(db, organizationId, [
    { key: 'c1', created: '2026-04-20', source: 'referral', ownerId: users.owner },
    { key: 'c2', created: '2026-05-18', source: 'google_ads', ownerId: users.rep },
    { key: 'c3', created: '2026-02-01', source: 'event', ownerId: users.owner },
    { key: 'c4', created: '2026-05-20', source: 'referral', ownerId: users.owner },
    { key: 'c5', created: '2026-06-01', source: 'web_form', ownerId: users.owner },
    { key: 'c6', created: '2026-06-02', source: 'google_ads', ownerId: users.rep },
    { key: 'c7', created: '2026-05-01', source: null, ownerId: users.owner },
  ]);
  const o = users.owner;
  const deals = await insertDeals(db, organizationId, stages, contacts, [
    {
      key: 'd1',
      contact: 'c1',
      created: '2026-05-01',
      value: 500000,
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-05-21',
      wonAt: '2026-05-21',
      recurring: 50000,
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-05-01'],
        ['Discovery', '2026-05-05'],
        ['Proposal', '2026-05-10'],
        ['Negotiation', '2026-05-15'],
        ['Closed Won', '2026-05-21'],
      ],
    },
    {
      key: 'd2',
      contact: 'c2',
      created: '2026-05-20',
      value: 300000,
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-06-10',
      wonAt: '2026-06-10',
      ownerId: users.rep,
      history: [
        ['Qualified Leads', '2026-05-20'],
        ['Discovery', '2026-05-25'],
        ['Proposal', '2026-06-01'],
        ['Closed Won', '2026-06-10'],
      ],
    },
    {
      key: 'd3',
      contact: 'c3',
      created: '2026-03-01',
      value: 200000,
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-04-20',
      wonAt: '2026-04-20',
      recurring: 20000,
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-03-01'],
        ['Discovery', '2026-03-10'],
        ['Proposal', '2026-04-01'],
        ['Closed Won', '2026-04-20'],
      ],
    },
    {
      key: 'd4',
      contact: 'c4',
      created: '2026-05-25',
      value: 999999,
      currency: 'EUR',
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-06-01',
      wonAt: '2026-06-01',
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-05-25'],
        ['Closed Won', '2026-06-01'],
      ],
    },
    {
      key: 'd5',
      created: '2026-05-10',
      value: 80000,
      status: 'lost',
      stage: 'Closed Lost',
      stageChanged: '2026-06-05',
      lostAt: '2026-06-05',
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-05-10'],
        ['Discovery', '2026-05-12'],
        ['Closed Lost', '2026-06-05'],
      ],
    },
    {
      key: 'd6',
      created: '2026-05-01',
      value: 400000,
      status: 'open',
      stage: 'Proposal',
      stageChanged: '2026-05-20',
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-05-01'],
        ['Proposal', '2026-05-20'],
      ],
    },
    {
      key: 'd7',
      created: '2026-06-01',
      value: 100000,
      status: 'open',
      stage: 'Discovery',
      stageChanged: '2026-06-10',
      ownerId: o,
      history: [
        ['Qualified Leads', '2026-06-01'],
        ['Discovery', '2026-06-10'],
      ],
    },
    {
      key: 'd8',
      contact: 'c5',
      created: '2026-06-02',
      value: 70000,
      currency: 'EUR',
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-06-12',
      wonAt: '2026-06-12',
      recurring: 7000,
      ownerId: o,
      history: [
        ['Negotiation', '2026-06-02'],
        ['Closed Won', '2026-06-12'],
      ],
    },
    {
      key: 'd9',
      contact: 'c1',
      created: '2026-06-04',
      value: 120000,
      status: 'won',
      stage: 'Closed Won',
      stageChanged: '2026-06-14',
      wonAt: '2026-06-14',
      recurring: 10000,
      ownerId: o,
      history: [
        ['Negotiation', '2026-06-04'],
        ['Closed Won', '2026-06-14'],
      ],
    },
  ]);
  const org = scoped(db, organizationId);
  await org
    .insertInto('marketing_spend', [
      { channel: 'google ads', amount_minor: 100000, currency: 'USD', spent_on: '2026-05-20' },
      { channel: 'facebook', amount_minor: 60000, currency: 'USD', spent_on: '2026-06-15' },
      { channel: 'linkedin', amount_minor: 50000, currency: 'EUR', spent_on: '2026-06-01' },
      { channel: 'google ads', amount_minor: 50000, currency: 'USD', spent_on: '2026-04-20' },
      { channel: 'google ads', amount_minor: 10000, currency: 'USD', spent_on: '2026-05-16' },
      { channel: 'google ads', amount_minor: 99999, currency: 'USD', spent_on: '2026-06-16' },
    ])
    .execute();

  // Tasks: the rep has 4 of the 5 overdue ones; two were done (one on time, one late), one on time before.
  const task = (title: string, assignee: string, due: string, extra: { done?: string; created?: string } = {}) => ({
    title,
    assignee_id: assignee,
    due_at: at(due),
    status: extra.done ? ('done' as const) : ('open' as const),
    completed_at: extra.done ? at(extra.done) : null,
    created_at: at(extra.created ?? '2026-05-30'),
  });
  await org
    .insertInto('tasks', [
      task('t1', users.rep, '2026-06-10'),
      task('t2', users.rep, '2026-06-11'),
      task('t3', users.rep, '2026-06-12'),
      task('t4', users.rep, '2026-06-13'),
      task('t5', users.owner, '2026-06-14'),
      task('t6', users.owner, '2026-06-05', { done: '2026-06-04' }),
      task('t7', users.owner, '2026-06-06', { done: '2026-06-08' }),
      task('t8', users.owner, '2026-05-01', { done: '2026-04-30', created: '2026-04-25' }),
      task('t9', users.owner, '2026-06-20'),
    ])
    .execute();

  const appointment = (title: string, start: string, status: 'scheduled' | 'completed' | 'cancelled' | 'no_show') => ({
    title,
    assignee_id: users.owner,
    starts_at: at(start),
    ends_at: at(start, '13:00'),
    status,
  });
  await org
    .insertInto('appointments', [
      appointment('a1', '2026-06-01', 'completed'),
      appointment('a2', '2026-06-03', 'completed'),
      appointment('a3', '2026-06-05', 'no_show'),
      appointment('a4', '2026-06-07', 'cancelled'),
      appointment('a5', '2026-06-10', 'scheduled'),
      appointment('a6', '2026-06-20', 'scheduled'),
      appointment('a7', '2026-05-01', 'completed'),
    ])
    .execute();
  return { stages, contacts, deals };
}
