import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/password';
import type { Db } from '../db';
import type {
  ActivitiesTable,
  AppointmentStatus,
  AppointmentsTable,
  ContactsTable,
  DealsTable,
  DealStageHistoryTable,
  LifecycleStage,
  MarketingSpendTable,
  RoleKey,
  StageKind,
  TasksTable,
  TaskPriority,
} from '../db/schema';
import { scoped } from '../db/scoped';
import { createDefaultPipeline } from '../deals/default-pipeline';
import { normalizePhone } from '../phone';
import { readSettings } from '../organizations/settings';

/**
 * The CRM part of the demo workspace: members, ~2,000 contacts, 300 deals with six months of
 * stage history, tasks, appointments, marketing spend and the timeline of all of it. Everything
 * but the member passwords comes from a seeded PRNG and dates relative to `now`, so the same
 * seed and `now` give the same workspace. Rows go in with multi-row inserts.
 */
export type DemoDataOptions = {
  /** The demo owner (Super Admin); owns some records and is the actor of the timeline entries they made. */
  ownerId: string;
  now?: Date;
  seed?: number;
  contacts?: number;
  deals?: number;
};

export type DemoDataSummary = {
  members: number;
  contacts: number;
  deals: number;
  stageChanges: number;
  tasks: number;
  appointments: number;
  spendEntries: number;
  activities: number;
};

export const DEMO_MEMBERS: { name: string; email: string; role: RoleKey }[] = [
  { name: 'Maya Patel', email: 'maya.patel@demo.switchboard.local', role: 'admin' },
  { name: 'Daniel Kim', email: 'daniel.kim@demo.switchboard.local', role: 'manager' },
  { name: 'Sofia Martinez', email: 'sofia.martinez@demo.switchboard.local', role: 'sales_rep' },
  { name: 'James Carter', email: 'james.carter@demo.switchboard.local', role: 'sales_rep' },
  { name: 'Olivia Brown', email: 'olivia.brown@demo.switchboard.local', role: 'viewer' },
];

export const DEMO_SOURCES = ['Web form', 'Referral', 'Google Ads', 'Facebook', 'LinkedIn', 'Event', 'Import'] as const;

/** A row of an organization-owned table without its organization: scoped() adds it. */
type Row<T> = Omit<Insertable<T>, 'organization_id'>;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** mulberry32: small, fast, good enough for believable data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, weighted, chance };
}
type Rng = ReturnType<typeof prng>;

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Isabella',
  'Mason',
  'Mia',
  'Ethan',
  'Amelia',
  'Logan',
  'Harper',
  'Aiden',
  'Evelyn',
  'Jackson',
  'Abigail',
  'Sebastian',
  'Emily',
  'Mateo',
  'Ella',
  'Jack',
  'Elizabeth',
  'Owen',
  'Camila',
  'Samuel',
  'Luna',
  'Henry',
  'Sofia',
  'Wyatt',
  'Avery',
  'Leo',
  'Mila',
  'Julian',
  'Aria',
  'Levi',
  'Scarlett',
  'Isaac',
  'Penelope',
  'Gabriel',
  'Layla',
  'Anthony',
  'Chloe',
  'Dylan',
  'Victoria',
  'Grace',
  'Nora',
  'Priya',
  'Arjun',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Fatima',
  'Omar',
  'Amara',
  'Kwame',
  'Ingrid',
  'Lars',
  'Chiara',
  'Marco',
  'Elena',
  'Diego',
  'Lucia',
  'Rafael',
  'Hannah',
  'Caleb',
  'Zoe',
  'Nathan',
  'Riley',
  'Aaron',
  'Stella',
  'Thomas',
  'Claire',
  'Daniel',
  'Ruby',
  'Adrian',
  'Naomi',
] as const;
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Chen',
  'Wang',
  'Kumar',
  'Singh',
  'Patel',
  'Tanaka',
  'Kowalski',
  'Novak',
  'Larsen',
  'Rossi',
  'Moreau',
  'Schmidt',
  'Okafor',
  'Mensah',
  'Cohen',
  'Murphy',
  'Sullivan',
  'Bennett',
  'Hughes',
  'Foster',
  'Bryant',
  'Russell',
  'Griffin',
  'Hayes',
] as const;
const COMPANIES = [
  'Acme Analytics',
  'Brightline Dental',
  'Cedar & Pine Interiors',
  'Northwind Logistics',
  'Bluebird Bakery',
  'Summit Physical Therapy',
  'Harborview Realty',
  'Greenleaf Landscaping',
  'Pioneer Fitness',
  'Lumen Med Spa',
  'Atlas Accounting',
  'Copperfield Law Group',
  'Riverbend Veterinary',
  'Evergreen Solar',
  'Blue Harbor Marketing',
  'Silverline Consulting',
  'Keystone Builders',
  'Oakridge Coaching',
  'Maple Street Pediatrics',
  'Vantage Insurance',
  'Crescent Coffee Roasters',
  'Ironclad Security',
  'Starlight Events',
  'Nimbus Software',
  'Terra Nova Travel',
  'Peak Performance Chiropractic',
  'Golden Gate Orthodontics',
  'Willow Creek Wellness',
  'Redwood Property Management',
  'Horizon Home Health',
  'Brookside Auto Repair',
  'Sunrise Yoga Studio',
  'Quantum Web Studio',
  'Lighthouse Financial Planning',
  'Cobalt Creative Agency',
  'Meridian Dermatology',
  'Granite Peak Outfitters',
  'Juniper HR Partners',
  'Fairway Golf Academy',
  'Bayside Family Dentistry',
  'Clearwater Plumbing',
  'Orchard Hill Preschool',
  'Highland IT Services',
  'Magnolia Bridal',
  'Polaris Engineering',
  'Saffron Kitchen',
  'Beacon Learning Center',
  'Elm Street Optometry',
  'Trailhead Bikes',
  'Velvet Hair Lounge',
  'Cornerstone Chiropractic',
  'Paragon Staffing',
  'Driftwood Coastal Rentals',
  'Aspen Business Coaching',
  'Falcon Freight',
  'Verdant Organics',
  'Mosaic Architecture',
  'Tidewater Marine Supply',
  'Lakeside Medical Group',
  'Prairie Wind Energy',
] as const;
const FREE_MAIL = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me'] as const;
const JOB_TITLES = [
  'Owner',
  'Founder',
  'CEO',
  'Operations Manager',
  'Office Manager',
  'Marketing Director',
  'Head of Sales',
  'Practice Manager',
  'CFO',
  'General Manager',
  'Marketing Coordinator',
  'VP Sales',
  'Clinic Director',
  'Account Manager',
  'Purchasing Manager',
  null,
] as const;
const TAGS = ['vip', 'newsletter', 'webinar', 'trial', 'enterprise', 'smb', 'partner', 'follow-up', 'hot', 'cold', 'event-2026', 'referral-program'] as const;
/** Real area codes; with 555-01xx (reserved for fiction) every number is valid and belongs to nobody. */
const AREA_CODES = ['212', '415', '312', '617', '512', '206', '303', '404', '305', '702', '213', '646', '720', '602', '615', '503', '919', '614', '858', '971'] as const;
const PRODUCTS = ['Annual subscription', 'Team plan', 'Enterprise plan', 'Onboarding package', 'Consulting retainer', 'Pilot project', 'Expansion seats', 'Marketing retainer'] as const;
const LOST_REASONS = ['Budget', 'Chose a competitor', 'No decision', 'Timing', 'Price too high', 'Went silent'] as const;
const TASK_TITLES = ['Follow-up call', 'Send proposal', 'Prepare demo', 'Send contract', 'Check in after demo', 'Confirm requirements', 'Share case study', 'Schedule kickoff'] as const;
const NOTES = [
  'Interested in the annual plan; wants to compare with their current tool.',
  'Asked for references from similar businesses.',
  'Budget approval expected next quarter.',
  'Prefers e-mail over phone calls.',
  'Met at the spring trade show; follow up with pricing.',
  'Decision maker is the owner; loop them in on the next call.',
  'Currently using spreadsheets; main pain is follow-up reminders.',
] as const;

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
const domainOf = (company: string) =>
  `${company
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')}.example`;

/** Inserts rows a few hundred at a time (well below the bind-parameter limit of one statement). */
async function bulk<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function ensureMembers(db: Db, organizationId: string): Promise<Record<RoleKey | 'sales_rep_2', string>> {
  // Demo members cannot sign in: their password is random and never shown.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  await db
    .insertInto('users')
    .values(DEMO_MEMBERS.map((m) => ({ email: m.email, name: m.name, password_hash: passwordHash, preferences: '{}', email_verified_at: new Date() })))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_MEMBERS.map((m) => m.email),
    )
    .execute();
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  await scoped(db, organizationId)
    .insertInto(
      'memberships',
      DEMO_MEMBERS.map((m) => ({ user_id: idOf(m.email), role: m.role })),
    )
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute();
  return {
    super_admin: '',
    admin: idOf(DEMO_MEMBERS[0]!.email),
    manager: idOf(DEMO_MEMBERS[1]!.email),
    sales_rep: idOf(DEMO_MEMBERS[2]!.email),
    sales_rep_2: idOf(DEMO_MEMBERS[3]!.email),
    viewer: idOf(DEMO_MEMBERS[4]!.email),
  };
}

type Stage = { id: string; name: string; position: number; kind: StageKind };

async function defaultPipelineStages(db: Db, organizationId: string): Promise<{ pipelineId: string; stages: Stage[] }> {
  const org = scoped(db, organizationId);
  const existing = await org.selectFrom('pipelines').select('id').orderBy('is_default', 'desc').orderBy('position').orderBy('created_at').limit(1).executeTakeFirst();
  const pipelineId = existing?.id ?? (await createDefaultPipeline(db, organizationId)).id;
  const stages = await org.selectFrom('pipeline_stages').select(['id', 'name', 'position', 'kind']).where('pipeline_id', '=', pipelineId).orderBy('position').execute();
  return { pipelineId, stages };
}

export async function seedDemoData(db: Db, organizationId: string, options: DemoDataOptions): Promise<DemoDataSummary> {
  const now = options.now ?? new Date();
  const rng: Rng = prng(options.seed ?? 20261121);
  const contactCount = options.contacts ?? 2000;
  const dealCount = options.deals ?? 300;
  const org = scoped(db, organizationId);
  const { country } = await readSettings(db, organizationId);

  const members = await ensureMembers(db, organizationId);
  const owner = options.ownerId;
  // Who owns records: the two reps most, then the manager, the admin and the owner.
  const OWNERS: [string, number][] = [
    [members.sales_rep, 34],
    [members.sales_rep_2, 30],
    [members.manager, 18],
    [members.admin, 8],
    [owner, 10],
  ];
  const { pipelineId, stages } = await defaultPipelineStages(db, organizationId);
  const ladder = stages.filter((s) => s.kind === 'open');
  const wonStage = stages.find((s) => s.kind === 'won')!;
  const lostStage = stages.find((s) => s.kind === 'lost')!;

  const activities: Row<ActivitiesTable>[] = [];
  const activity = (a: { contactId?: string | null; dealId?: string | null; type: string; actor: string | null; payload: Record<string, unknown>; at: Date }) =>
    activities.push({ contact_id: a.contactId ?? null, deal_id: a.dealId ?? null, type: a.type, actor_user_id: a.actor, payload: JSON.stringify(a.payload), created_at: a.at });

  // ——— Contacts: a year of sign-ups, growing month over month ———
  type DemoContact = Row<ContactsTable> & { id: string; created_at: Date; owner_id: string; first_name: string; last_name: string; lifecycle_stage: LifecycleStage };
  const contacts: DemoContact[] = [];
  const emails = new Set<string>();
  for (let i = 0; i < contactCount; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const company = rng.chance(0.82) ? rng.pick(COMPANIES) : null;
    let email = `${slug(first)}.${slug(last)}@${company ? domainOf(company) : rng.pick(FREE_MAIL)}`;
    for (let n = 2; emails.has(email); n++) email = email.replace(/^([^@]+?)(\d*)@/, `$1${n}@`);
    emails.add(email);
    const phoneInput = `+1 ${AREA_CODES[i % AREA_CODES.length]} 555 01${String(Math.floor(i / AREA_CODES.length) % 100).padStart(2, '0')}`;
    const phone = rng.chance(0.85) ? normalizePhone(phoneInput, country) : null;
    // Skewed toward recent months: more sign-ups as the business grows.
    const ageDays = Math.floor(365 * Math.pow(rng.next(), 1.6));
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 23) * HOUR - rng.int(0, 59) * 60_000);
    const source = rng.weighted<(typeof DEMO_SOURCES)[number]>([
      ['Web form', 25],
      ['Referral', 15],
      ['Google Ads', 20],
      ['Facebook', 12],
      ['LinkedIn', 10],
      ['Event', 8],
      ['Import', 10],
    ]);
    const lifecycle = rng.weighted<LifecycleStage>([
      ['subscriber', 16],
      ['lead', 40],
      ['mql', 17],
      ['sql', 12],
      ['customer', 10],
      ['other', 5],
    ]);
    const tags = [
      ...new Set(
        Array.from(
          {
            length: rng.weighted([
              [0, 30],
              [1, 40],
              [2, 22],
              [3, 8],
            ] as const),
          },
          () => rng.pick(TAGS),
        ),
      ),
    ];
    const paid = source === 'Google Ads' || source === 'Facebook' || source === 'LinkedIn';
    const attribution = paid
      ? {
          source: source === 'Google Ads' ? 'google' : source.toLowerCase(),
          medium: 'cpc',
          campaign: rng.pick(['spring-promo', 'brand-search', 'retargeting', 'free-trial']),
          landingPage: '/pricing',
          at: createdAt.toISOString(),
        }
      : source === 'Web form'
        ? { source: 'website', medium: 'organic', landingPage: rng.pick(['/', '/features', '/pricing', '/contact']), at: createdAt.toISOString() }
        : null;
    contacts.push({
      id: randomUUID(),
      first_name: first,
      last_name: last,
      email,
      phone: phone?.ok ? phone.e164 : null,
      company_name: company,
      job_title: company ? rng.pick(JOB_TITLES) : null,
      lifecycle_stage: lifecycle,
      source,
      tags,
      owner_id: rng.weighted(OWNERS),
      lead_score: Math.min(100, { subscriber: 5, lead: 20, mql: 45, sql: 65, customer: 80, other: 10 }[lifecycle] + rng.int(0, 20)),
      dnc_sms: rng.chance(0.03),
      dnc_email: rng.chance(0.02),
      first_attribution: attribution ? JSON.stringify(attribution) : undefined,
      latest_attribution: attribution ? JSON.stringify(attribution) : undefined,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  contacts.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());

  // ——— Deals: six months of pipeline, walked stage by stage ———
  const deals: (Row<DealsTable> & { id: string; created_at: Date; stage_changed_at: Date; status: StageKind })[] = [];
  const history: Row<DealStageHistoryTable>[] = [];
  const dealsOfContact = new Map<string, StageKind[]>();
  const createdBefore = (t: number) => {
    // Index of the last contact created before t (contacts are sorted by creation).
    let lo = 0;
    let hi = contacts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (contacts[mid]!.created_at.getTime() < t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  for (let i = 0; i < dealCount; i++) {
    // Deals open evenly over six months, most for a lead that came in during the three weeks before.
    let created = new Date(now.getTime() - rng.int(1, 180) * DAY - rng.int(0, 10) * HOUR);
    let last = createdBefore(created.getTime());
    if (last < 0) {
      created = new Date(contacts[0]!.created_at.getTime() + HOUR);
      last = 0;
    }
    const fresh = createdBefore(created.getTime() - 14 * DAY) + 1;
    const contact = contacts[rng.chance(0.7) && fresh <= last ? rng.int(fresh, last) : rng.int(0, last)]!;
    const id = randomUUID();
    const actor = contact.owner_id;
    let t = created.getTime();
    let stage = ladder[0]!;
    let status: StageKind = 'open';
    let wonAt: Date | null = null;
    let lostAt: Date | null = null;
    let lostReason: string | null = null;
    const moves: { from: Stage | null; to: Stage; at: Date }[] = [{ from: null, to: stage, at: new Date(t) }];
    // Some deals drag: slow movers are what "stalled" means.
    const pace = rng.chance(0.35) ? [8, 30] : [1, 9];
    for (;;) {
      const next = t + rng.int(pace[0]!, pace[1]!) * DAY + rng.int(0, 8) * HOUR;
      if (next > now.getTime()) break;
      t = next;
      if (rng.chance([0.16, 0.14, 0.2, 0.18][stage.position] ?? 0.15)) {
        moves.push({ from: stage, to: lostStage, at: new Date(t) });
        status = 'lost';
        lostAt = new Date(t);
        lostReason = rng.pick(LOST_REASONS);
        break;
      }
      const index = ladder.indexOf(stage);
      if (index === ladder.length - 1) {
        moves.push({ from: stage, to: wonStage, at: new Date(t) });
        status = 'won';
        wonAt = new Date(t);
        break;
      }
      // Now and then a stage is skipped.
      const to = ladder[Math.min(ladder.length - 1, index + (rng.chance(0.07) ? 2 : 1))]!;
      moves.push({ from: stage, to, at: new Date(t) });
      stage = to;
    }
    const finalStage = status === 'won' ? wonStage : status === 'lost' ? lostStage : stage;
    const company = contact.company_name ?? `${contact.first_name} ${contact.last_name}`;
    const big = contact.company_name ? rng.chance(0.2) : false;
    const value = Math.round((big ? rng.int(25_000, 120_000) : rng.int(1_500, 24_000)) / 50) * 50 * 100;
    const recurring = rng.chance(0.38);
    const currency = rng.weighted([
      ['USD', 95],
      ['EUR', 3],
      ['GBP', 2],
    ] as const);
    const title = `${company} — ${rng.pick(PRODUCTS)}`;
    const closeDate = status === 'open' ? new Date(now.getTime() + rng.int(5, 75) * DAY) : (wonAt ?? lostAt)!;
    deals.push({
      id,
      pipeline_id: pipelineId,
      stage_id: finalStage.id,
      title,
      value_minor: value,
      currency,
      contact_id: contact.id,
      owner_id: contact.owner_id,
      expected_close_date: closeDate.toISOString().slice(0, 10),
      is_recurring: recurring,
      monthly_value_minor: recurring ? Math.round(value / 12 / 100) * 100 : null,
      status,
      lost_reason: lostReason,
      won_at: wonAt,
      lost_at: lostAt,
      stage_changed_at: moves[moves.length - 1]!.at,
      created_at: created,
      updated_at: moves[moves.length - 1]!.at,
    });
    dealsOfContact.set(contact.id, [...(dealsOfContact.get(contact.id) ?? []), status]);
    for (const m of moves) {
      history.push({ deal_id: id, from_stage_id: m.from?.id ?? null, to_stage_id: m.to.id, changed_by: actor, changed_at: m.at });
    }
    activity({ contactId: contact.id, dealId: id, type: 'deal_created', actor, at: created, payload: { title, valueMinor: value, currency, stage: ladder[0]!.name, stageId: ladder[0]!.id } });
    for (const m of moves.slice(1)) {
      activity({ contactId: contact.id, dealId: id, type: 'deal_moved', actor, at: m.at, payload: { from: m.from!.name, to: m.to.name, fromStageId: m.from!.id, toStageId: m.to.id } });
      if (m.to.kind === 'won') activity({ contactId: contact.id, dealId: id, type: 'deal_won', actor, at: m.at, payload: { title, valueMinor: value, currency, stage: m.to.name } });
      if (m.to.kind === 'lost') activity({ contactId: contact.id, dealId: id, type: 'deal_lost', actor, at: m.at, payload: { title, reason: lostReason, stage: m.to.name } });
    }
  }
  // Board order: newest change first within each stage.
  const byStage = new Map<string, typeof deals>();
  for (const d of deals) byStage.set(d.stage_id, [...(byStage.get(d.stage_id) ?? []), d]);
  for (const list of byStage.values()) {
    list.sort((a, b) => b.stage_changed_at.getTime() - a.stage_changed_at.getTime());
    list.forEach((d, i) => (d.position = i + 1));
  }

  // Lifecycle follows the deals: a won deal makes a customer, an open one at least a sales-qualified lead.
  for (const c of contacts) {
    const outcomes = dealsOfContact.get(c.id);
    if (!outcomes) {
      if (c.lifecycle_stage === 'customer') c.lifecycle_stage = 'sql';
      continue;
    }
    if (outcomes.includes('won')) c.lifecycle_stage = 'customer';
    else if (outcomes.includes('open') && ['subscriber', 'lead', 'mql', 'other'].includes(c.lifecycle_stage)) c.lifecycle_stage = 'sql';
    else if (c.lifecycle_stage === 'customer') c.lifecycle_stage = 'sql';
  }
  for (const c of contacts) {
    activity({ contactId: c.id, type: 'contact_created', actor: c.source === 'Import' ? owner : null, at: c.created_at, payload: { name: `${c.first_name} ${c.last_name}`, source: c.source } });
    if (rng.chance(0.3)) {
      const at = new Date(Math.min(now.getTime() - HOUR, c.created_at.getTime() + rng.int(1, 30) * DAY));
      activity({ contactId: c.id, type: 'note', actor: c.owner_id, at, payload: { body: rng.pick(NOTES) } });
    }
  }

  // ——— Tasks: follow-ups on deals and contacts; one rep falls behind ———
  const tasks: Row<TasksTable>[] = [];
  const contactById = new Map(contacts.map((c) => [c.id, c]));
  const addTask = (o: { contactId: string; dealId: string | null; assignee: string; due: Date; created: Date; closed?: boolean }) => {
    const behind = o.assignee === members.sales_rep_2;
    const past = o.due.getTime() < now.getTime();
    const done = o.closed ? rng.chance(behind ? 0.9 : 0.98) : past ? rng.chance(behind ? 0.6 : 0.9) : rng.chance(0.12);
    const completedAt = done ? new Date(Math.min(now.getTime() - HOUR, o.due.getTime() + (rng.chance(0.75) ? -rng.int(1, 48) : rng.int(2, 96)) * HOUR)) : null;
    const completed = completedAt && completedAt.getTime() > o.created.getTime() ? completedAt : done ? new Date(o.created.getTime() + HOUR) : null;
    const id = randomUUID();
    const title = `${rng.pick(TASK_TITLES)}: ${contactById.get(o.contactId)!.first_name} ${contactById.get(o.contactId)!.last_name}`;
    const priority = rng.weighted<TaskPriority>([
      ['low', 20],
      ['medium', 50],
      ['high', 24],
      ['urgent', 6],
    ]);
    tasks.push({
      id,
      title,
      due_at: o.due,
      priority,
      status: completed ? 'done' : 'open',
      assignee_id: o.assignee,
      contact_id: o.contactId,
      deal_id: o.dealId,
      completed_at: completed,
      created_by: o.assignee,
      created_at: o.created,
      updated_at: completed ?? o.created,
    });
    activity({
      contactId: o.contactId,
      dealId: o.dealId,
      type: 'task_created',
      actor: o.assignee,
      at: o.created,
      payload: { taskId: id, title, dueAt: o.due.toISOString(), priority, assigneeId: o.assignee },
    });
    if (completed) activity({ contactId: o.contactId, dealId: o.dealId, type: 'task_completed', actor: o.assignee, at: completed, payload: { taskId: id, title } });
  };
  for (const d of deals) {
    const n = d.status === 'open' ? rng.int(1, 2) : rng.int(0, 2);
    for (let k = 0; k < n; k++) {
      const created = new Date(Math.min(now.getTime() - HOUR, d.created_at.getTime() + rng.int(0, 20) * DAY + rng.int(1, 8) * HOUR));
      const due =
        d.status === 'open' ? new Date(now.getTime() + rng.int(-10, 14) * DAY + rng.int(-6, 6) * HOUR) : new Date(Math.min(created.getTime() + rng.int(1, 10) * DAY, d.stage_changed_at.getTime()));
      addTask({
        contactId: d.contact_id!,
        dealId: d.id,
        assignee: d.owner_id!,
        due: due.getTime() > created.getTime() ? due : new Date(created.getTime() + DAY),
        created,
        closed: d.status !== 'open',
      });
    }
  }
  for (const c of contacts.filter((c) => c.created_at.getTime() > now.getTime() - 120 * DAY)) {
    if (!rng.chance(0.12)) continue;
    const created = new Date(Math.min(now.getTime() - HOUR, c.created_at.getTime() + rng.int(0, 3) * DAY + HOUR));
    const due = new Date(Math.max(created.getTime() + DAY, now.getTime() + rng.int(-25, 21) * DAY));
    addTask({ contactId: c.id, dealId: null, assignee: c.owner_id, due, created });
  }

  // ——— Appointments: the past three months with outcomes, the next two booked ———
  const appointments: Row<AppointmentsTable>[] = [];
  const withDeals = deals.filter((d) => d.contact_id);
  const appointmentCount = Math.round(dealCount * 0.9);
  for (let i = 0; i < appointmentCount; i++) {
    const deal = rng.pick(withDeals);
    const contact = contactById.get(deal.contact_id!)!;
    const dayOffset = rng.int(-90, 60);
    const day = new Date(Math.floor((now.getTime() + dayOffset * DAY) / DAY) * DAY);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const startsAt = new Date(day.getTime() + rng.int(9, 16) * HOUR + rng.pick([0, 30]) * 60_000);
    const endsAt = new Date(startsAt.getTime() + rng.pick([30, 45, 60]) * 60_000);
    const past = endsAt.getTime() < now.getTime();
    const status: AppointmentStatus = past
      ? rng.weighted<AppointmentStatus>([
          ['completed', 74],
          ['no_show', 12],
          ['cancelled', 10],
          ['scheduled', 4],
        ])
      : rng.weighted<AppointmentStatus>([
          ['scheduled', 93],
          ['cancelled', 7],
        ]);
    const createdAt = new Date(Math.min(now.getTime() - HOUR, startsAt.getTime() - rng.int(2, 14) * DAY));
    const id = randomUUID();
    const title = rng.pick([
      `Discovery call with ${contact.first_name} ${contact.last_name}`,
      `Demo for ${contact.company_name ?? contact.last_name}`,
      'Proposal review',
      'Quarterly check-in',
      'Onboarding session',
    ]);
    appointments.push({
      id,
      title,
      contact_id: contact.id,
      assignee_id: deal.owner_id,
      starts_at: startsAt,
      ends_at: endsAt,
      time_zone: 'UTC',
      location: rng.chance(0.3) ? rng.pick(['Client office', 'Our office', 'Phone']) : null,
      meeting_url: rng.chance(0.6) ? `https://meet.example.com/${id.slice(0, 3)}-${id.slice(4, 8)}-${id.slice(9, 12)}` : null,
      status,
      notes: status === 'no_show' ? 'Did not join; sent a follow-up e-mail.' : null,
      created_by: deal.owner_id,
      created_at: createdAt,
      updated_at: past && status !== 'scheduled' ? endsAt : createdAt,
    });
    const payload = { appointmentId: id, title, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), timeZone: 'UTC' };
    activity({ contactId: contact.id, type: 'appointment_scheduled', actor: deal.owner_id ?? null, at: createdAt, payload });
    if (status !== 'scheduled') {
      const at = status === 'cancelled' ? new Date(Math.min(now.getTime() - HOUR, createdAt.getTime() + DAY)) : endsAt;
      activity({ contactId: contact.id, type: 'appointment_status_changed', actor: deal.owner_id ?? null, at, payload: { appointmentId: id, title, from: 'scheduled', to: status } });
    }
  }

  // ——— Marketing spend: weekly ad budgets and the odd event, for a year ———
  const spend: Row<MarketingSpendTable>[] = [];
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  for (let w = 0; w < 52; w++) {
    const week = new Date(monday.getTime() - w * 7 * DAY);
    const spentOn = week.toISOString().slice(0, 10);
    // Budgets grow over the year with the business.
    const growth = 1 + (52 - w) / 104;
    spend.push({ channel: 'Google Ads', description: 'Search campaigns', amount_minor: Math.round(rng.int(600, 1100) * growth) * 100, currency: 'USD', spent_on: spentOn });
    spend.push({ channel: 'Facebook', description: 'Lead ads', amount_minor: Math.round(rng.int(250, 600) * growth) * 100, currency: 'USD', spent_on: spentOn });
    if (w % 2 === 0) spend.push({ channel: 'LinkedIn', description: 'Sponsored content', amount_minor: Math.round(rng.int(500, 900) * growth) * 100, currency: 'USD', spent_on: spentOn });
    if (w % 8 === 3) spend.push({ channel: 'Event', description: 'Trade show booth', amount_minor: rng.int(30, 60) * 10_000, currency: 'USD', spent_on: spentOn });
  }

  // ——— Write it all ———
  await bulk(contacts, 400, (chunk) => org.insertInto('contacts', chunk).execute());
  await bulk(deals, 400, (chunk) => org.insertInto('deals', chunk).execute());
  await bulk(history, 1000, (chunk) => org.insertInto('deal_stage_history', chunk).execute());
  await bulk(tasks, 500, (chunk) => org.insertInto('tasks', chunk).execute());
  await bulk(appointments, 500, (chunk) => org.insertInto('appointments', chunk).execute());
  await bulk(spend, 500, (chunk) => org.insertInto('marketing_spend', chunk).execute());
  activities.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
  await bulk(activities, 1000, (chunk) => org.insertInto('activities', chunk).execute());

  return {
    members: DEMO_MEMBERS.length + 1,
    contacts: contacts.length,
    deals: deals.length,
    stageChanges: history.length,
    tasks: tasks.length,
    appointments: appointments.length,
    spendEntries: spend.length,
    activities: activities.length,
  };
}
