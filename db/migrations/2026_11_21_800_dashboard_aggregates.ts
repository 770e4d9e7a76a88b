import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
//
// What the dashboards and reports read instead of scanning an organization's facts
// (docs/decisions/010-dashboard-aggregates.md). Every table here is derived: statement-level
// triggers on the facts keep it exact inside the writing transaction, whatever path wrote them
// (forms, imports, bulk changes, merges, cascades), and a `*_derived` view (or function) states its
// definition once — the backfill below, the rebuild after a time-zone change and the tests use it.
//
// Day columns are calendar days in the organization's time zone (settings.timezone, else UTC),
// so a reporting window, whose bounds are local midnights, is a range of whole days.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
type Db = Kysely<any>;

type Column = { name: string; type: string };
type Key = Column & { nullable?: boolean };

/**
 * A table of sums keyed by some columns, kept by triggers on a source table. `contribution(rel)`
 * is a SELECT giving, for each row of `rel` (aliased r, joined to its organization o), its key
 * columns and its values; a row may contribute several times (UNION ALL) or not at all.
 */
type Aggregate = {
  table: string;
  keys: Key[];
  values: Column[];
  source: string;
  /** The source's primary key, to pair old and new rows of an update. */
  sourceId: string;
  /** Source columns whose change can change the contribution; updates of other columns cost nothing. */
  watched: string[];
  contribution: (rel: string) => string;
};

/** The organization's reporting time zone, as the dashboards read it (the time zone setting, else UTC). */
const TIME_ZONE = `organization_time_zone(o.settings)`;
const localDay = (column: string) => `((${column}) at time zone ${TIME_ZONE})::date`;

const SENTINEL: Record<string, string> = {
  uuid: `'00000000-0000-0000-0000-000000000000'::uuid`,
  text: `''`,
  date: `'-infinity'::date`,
};
/** Unique indexes treat NULLs as distinct; a nullable key takes part through a sentinel. */
const keyExpr = (k: Key, alias?: string) => {
  const column = alias ? `${alias}.${k.name}` : k.name;
  return k.nullable ? `coalesce(${column}, ${SENTINEL[k.type]})` : column;
};

const contactDays: Aggregate = {
  table: 'contact_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'created_on', type: 'date' },
    { name: 'owner_id', type: 'uuid', nullable: true },
    { name: 'source', type: 'text', nullable: true },
  ],
  values: [{ name: 'contacts', type: 'integer' }],
  source: 'contacts',
  sourceId: 'id',
  watched: ['created_at', 'owner_id', 'source'],
  // An empty source is no source (the reports show both as "(no source)").
  contribution: (rel) => `
    select r.organization_id, ${localDay('r.created_at')} as created_on, r.owner_id, nullif(r.source, '') as source, 1 as contacts
    from ${rel} r join organizations o on o.id = r.organization_id`,
};

const DEAL_VALUES = `1 as deals, r.value_minor,
    case when r.probability is null then r.value_minor else 0 end as value_without_probability_minor,
    coalesce(r.value_minor * r.probability, 0) as value_times_probability_minor`;
const dealValueColumns: Column[] = [
  { name: 'deals', type: 'integer' },
  { name: 'value_minor', type: 'bigint' },
  // Weighted value = (value_times_probability + stage probability × value_without_probability) / 100:
  // a deal's own probability, else its stage's, which can change without touching these rows.
  { name: 'value_without_probability_minor', type: 'bigint' },
  { name: 'value_times_probability_minor', type: 'bigint' },
];

const dealCloseDays: Aggregate = {
  table: 'deal_close_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'closed_on', type: 'date' },
    { name: 'status', type: 'text' },
    { name: 'pipeline_id', type: 'uuid' },
    { name: 'stage_id', type: 'uuid' },
    { name: 'owner_id', type: 'uuid', nullable: true },
    { name: 'currency', type: 'text' },
  ],
  values: [...dealValueColumns, { name: 'recurring_deals', type: 'integer' }, { name: 'monthly_value_minor', type: 'bigint' }],
  source: 'deals',
  sourceId: 'id',
  watched: ['status', 'won_at', 'lost_at', 'pipeline_id', 'stage_id', 'owner_id', 'currency', 'value_minor', 'probability', 'is_recurring', 'monthly_value_minor'],
  contribution: (rel) => `
    select r.organization_id, ${localDay(`case r.status when 'won' then r.won_at else r.lost_at end`)} as closed_on, r.status, r.pipeline_id, r.stage_id, r.owner_id, r.currency,
           ${DEAL_VALUES},
           case when r.is_recurring then 1 else 0 end as recurring_deals,
           case when r.is_recurring then coalesce(r.monthly_value_minor, 0) else 0 end as monthly_value_minor
    from ${rel} r join organizations o on o.id = r.organization_id
    where (r.status = 'won' and r.won_at is not null) or (r.status = 'lost' and r.lost_at is not null)`,
};

const dealOpenDays: Aggregate = {
  table: 'deal_open_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'pipeline_id', type: 'uuid' },
    { name: 'stage_id', type: 'uuid' },
    { name: 'owner_id', type: 'uuid', nullable: true },
    { name: 'currency', type: 'text' },
    { name: 'stage_changed_on', type: 'date' },
  ],
  values: dealValueColumns,
  source: 'deals',
  sourceId: 'id',
  watched: ['status', 'pipeline_id', 'stage_id', 'owner_id', 'currency', 'stage_changed_at', 'value_minor', 'probability'],
  contribution: (rel) => `
    select r.organization_id, r.pipeline_id, r.stage_id, r.owner_id, r.currency, ${localDay('r.stage_changed_at')} as stage_changed_on, ${DEAL_VALUES}
    from ${rel} r join organizations o on o.id = r.organization_id
    where r.status = 'open'`,
};

const dealCurrencyCounts: Aggregate = {
  table: 'deal_currency_counts',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'currency', type: 'text' },
  ],
  values: [{ name: 'deals', type: 'integer' }],
  source: 'deals',
  sourceId: 'id',
  watched: ['currency'],
  contribution: (rel) => `select r.organization_id, r.currency, 1 as deals from ${rel} r join organizations o on o.id = r.organization_id`,
};

const taskDays: Aggregate = {
  table: 'task_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'day', type: 'date' },
    { name: 'assignee_id', type: 'uuid', nullable: true },
  ],
  values: [
    { name: 'created', type: 'integer' },
    { name: 'completed', type: 'integer' },
    { name: 'due', type: 'integer' },
    { name: 'due_done_on_time', type: 'integer' },
    { name: 'due_open', type: 'integer' },
  ],
  source: 'tasks',
  sourceId: 'id',
  watched: ['created_at', 'completed_at', 'due_at', 'status', 'assignee_id'],
  // A task counts on the day it was created, the day it was completed and the day it is due.
  contribution: (rel) => `
    select r.organization_id, ${localDay('r.created_at')} as day, r.assignee_id, 1 as created, 0 as completed, 0 as due, 0 as due_done_on_time, 0 as due_open
    from ${rel} r join organizations o on o.id = r.organization_id
    union all
    select r.organization_id, ${localDay('r.completed_at')}, r.assignee_id, 0, 1, 0, 0, 0
    from ${rel} r join organizations o on o.id = r.organization_id
    where r.status = 'done' and r.completed_at is not null
    union all
    select r.organization_id, ${localDay('r.due_at')}, r.assignee_id, 0, 0, 1,
           case when r.status = 'done' and r.completed_at <= r.due_at then 1 else 0 end,
           case when r.status = 'open' then 1 else 0 end
    from ${rel} r join organizations o on o.id = r.organization_id
    where r.due_at is not null`,
};

const appointmentDays: Aggregate = {
  table: 'appointment_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'day', type: 'date' },
    { name: 'assignee_id', type: 'uuid', nullable: true },
    { name: 'status', type: 'text' },
  ],
  values: [{ name: 'appointments', type: 'integer' }],
  source: 'appointments',
  sourceId: 'id',
  watched: ['starts_at', 'assignee_id', 'status'],
  contribution: (rel) => `
    select r.organization_id, ${localDay('r.starts_at')} as day, r.assignee_id, r.status, 1 as appointments
    from ${rel} r join organizations o on o.id = r.organization_id`,
};

/** Stage entries per day, from deal_stage_entries (below): what the conversion rates count. */
const dealStageEntryDays: Aggregate = {
  table: 'deal_stage_entry_days',
  keys: [
    { name: 'organization_id', type: 'uuid' },
    { name: 'pipeline_id', type: 'uuid' },
    { name: 'stage_id', type: 'uuid' },
    { name: 'owner_id', type: 'uuid', nullable: true },
    { name: 'entered_on', type: 'date' },
    { name: 'previous_entry_on', type: 'date', nullable: true },
    { name: 'reached_next', type: 'boolean' },
  ],
  values: [{ name: 'entries', type: 'integer' }],
  source: 'deal_stage_entries',
  sourceId: 'history_id',
  watched: ['pipeline_id', 'stage_id', 'owner_id', 'entered_at', 'previous_entry_at', 'next_stage_entered_at'],
  contribution: (rel) => `
    select r.organization_id, r.pipeline_id, r.stage_id, r.owner_id, ${localDay('r.entered_at')} as entered_on, ${localDay('r.previous_entry_at')} as previous_entry_on,
           r.next_stage_entered_at is not null as reached_next, 1 as entries
    from ${rel} r join organizations o on o.id = r.organization_id`,
};

/** In dependency order: deal_stage_entry_days is kept from deal_stage_entries, created before it. */
const AGGREGATES = [contactDays, dealCloseDays, dealOpenDays, dealCurrencyCounts, taskDays, appointmentDays, dealStageEntryDays];
/** The aggregates whose days depend on the organization's time zone. */
const BY_DAY = AGGREGATES.filter((a) => a.keys.some((k) => k.type === 'date'));

async function createAggregate(db: Db, a: Aggregate): Promise<void> {
  const columns = [...a.keys.map((k) => `${k.name} ${k.type}${k.nullable ? '' : ' not null'}`), ...a.values.map((v) => `${v.name} ${v.type} not null`)];
  await sql.raw(`create table ${a.table} (${columns.join(', ')}, foreign key (organization_id) references organizations (id) on delete cascade)`).execute(db);
  const keyList = a.keys.map((k) => keyExpr(k)).join(', ');
  await sql.raw(`create unique index ${a.table}_key on ${a.table} (${keyList})`).execute(db);

  const keyNames = a.keys.map((k) => k.name).join(', ');
  const sums = a.values.map((v) => `sum(${v.name})::${v.type} as ${v.name}`).join(', ');
  await sql.raw(`create view ${a.table}_derived as select ${keyNames}, ${sums} from (${a.contribution(a.source)}) c group by ${keyNames}`).execute(db);

  // Applies the net change of the contributions of old_rows (leaving) and new_rows (arriving):
  // sums are added in key order (concurrent writers lock rows in the same order), and rows whose
  // values all came back to zero are removed.
  const apply = (delta: string) => {
    const valueNames = a.values.map((v) => v.name);
    const nonZero = valueNames.map((v) => `sum(${v}) <> 0`).join(' or ');
    const allZero = valueNames.map((v) => `up.${v} = 0`).join(' and ');
    const matchKeys = a.keys.map((k) => `${keyExpr(k, 't')} = ${keyExpr(k, 'z')}`).join(' and ');
    return `
      with delta as (select ${keyNames}, ${valueNames.map((v) => `sum(${v})::${a.values.find((c) => c.name === v)!.type} as ${v}`).join(', ')}
                     from (${delta}) d group by ${keyNames} having ${nonZero}),
           up as (insert into ${a.table} as t (${keyNames}, ${valueNames.join(', ')})
                  select ${keyNames}, ${valueNames.join(', ')} from delta order by ${keyNames}
                  on conflict (${keyList}) do update set ${valueNames.map((v) => `${v} = t.${v} + excluded.${v}`).join(', ')}
                  returning t.*)
      select coalesce(jsonb_agg(to_jsonb(up)), '[]'::jsonb) into zeros from up where ${allZero};
      delete from ${a.table} t using jsonb_populate_recordset(null::${a.table}, zeros) z where ${matchKeys};`;
  };
  const negated = (rel: string) => `select ${keyNames}, ${a.values.map((v) => `-${v.name} as ${v.name}`).join(', ')} from (${a.contribution(rel)}) c`;
  const changed = (side: 'n' | 'o') =>
    `(select ${side}.* from new_rows n join old_rows o on o.${a.sourceId} = n.${a.sourceId}
      where (${a.watched.map((w) => `n.${w}`).join(', ')}) is distinct from (${a.watched.map((w) => `o.${w}`).join(', ')}))`;
  const deltas = {
    insert: a.contribution('new_rows'),
    delete: negated('old_rows'),
    update: `${a.contribution(changed('n'))} union all ${negated(changed('o'))}`,
  };
  for (const event of ['insert', 'delete', 'update'] as const) {
    const fn = `${a.table}_on_${event}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$
        declare zeros jsonb;
        begin
          ${apply(deltas[event])}
          return null;
        end $$`,
      )
      .execute(db);
    const transition = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
    await sql.raw(`create trigger ${a.table}_${event} after ${event} on ${a.source} referencing ${transition} for each statement execute function ${fn}()`).execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  // GiST over (organization, time range): the stage entries still open at an instant (see below).
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`
    create function organization_time_zone(settings jsonb) returns text language sql immutable as $$
      select case when jsonb_typeof(settings->'timezone') = 'string' and settings->>'timezone' <> '' then settings->>'timezone' else 'UTC' end
    $$`.execute(db);

  // ——— Stage entries: one row per entry of a deal into a stage ———
  // The conversion of stage S over a window [start, end) counts the deals that entered S in the
  // window and, of those, the ones that have entered the stage after S (in the pipeline's order)
  // before `end`. Per entry: when the deal entered S the time before (so a deal entering twice in a
  // window counts once), and when it first entered the next stage. The next stage of each stage is
  // recorded in deal_stage_next, so a change of order refreshes only the entries it changes.
  await sql`
    create table deal_stage_next (
      stage_id uuid primary key,
      organization_id uuid not null references organizations (id) on delete cascade,
      pipeline_id uuid not null,
      next_stage_id uuid
    )`.execute(db);
  await sql`create index deal_stage_next_pipeline_idx on deal_stage_next (pipeline_id)`.execute(db);
  await sql`
    create table deal_stage_entries (
      history_id bigint primary key,
      organization_id uuid not null references organizations (id) on delete cascade,
      deal_id uuid not null,
      pipeline_id uuid not null,
      stage_id uuid not null,
      owner_id uuid,
      entered_at timestamptz not null,
      previous_entry_at timestamptz,
      next_stage_id uuid,
      next_stage_entered_at timestamptz
    )`.execute(db);
  await sql`create index deal_stage_entries_deal_idx on deal_stage_entries (deal_id)`.execute(db);
  await sql`create index deal_stage_entries_stage_idx on deal_stage_entries (stage_id)`.execute(db);
  // Entries that moved on later than they came in, by the instants between: "entered before t and
  // reached the next stage at or after t" is a containment query on this range.
  await sql`
    create index deal_stage_entries_open_idx on deal_stage_entries
    using gist (organization_id, tstzrange(entered_at, next_stage_entered_at, '(]'))
    where next_stage_entered_at > entered_at`.execute(db);

  await sql`
    create function deal_stage_entries_for(deal_ids uuid[]) returns setof deal_stage_entries language sql stable as $$
      with entries as (
        select h.id, h.organization_id, h.deal_id, h.to_stage_id, h.changed_at,
               lag(h.changed_at) over (partition by h.deal_id, h.to_stage_id order by h.changed_at, h.id) as previous_entry_at
        from deal_stage_history h
        where h.deal_id = any(deal_ids) and h.to_stage_id is not null
      ), firsts as (
        select h.deal_id, h.to_stage_id, min(h.changed_at) as first_at
        from deal_stage_history h
        where h.deal_id = any(deal_ids) and h.to_stage_id is not null
        group by h.deal_id, h.to_stage_id
      )
      select e.id, e.organization_id, e.deal_id, s.pipeline_id, e.to_stage_id, d.owner_id, e.changed_at, e.previous_entry_at, nx.next_stage_id, f.first_at
      from entries e
      join organizations o on o.id = e.organization_id
      join deals d on d.id = e.deal_id
      join pipeline_stages s on s.id = e.to_stage_id
      left join deal_stage_next nx on nx.stage_id = e.to_stage_id
      left join firsts f on f.deal_id = e.deal_id and f.to_stage_id = nx.next_stage_id
    $$`.execute(db);
  await sql`
    create function deal_stage_entries_refresh(deal_ids uuid[]) returns void language plpgsql as $$
    begin
      if cardinality(deal_ids) = 0 then return; end if;
      delete from deal_stage_entries where deal_id = any(deal_ids);
      insert into deal_stage_entries select * from deal_stage_entries_for(deal_ids) order by history_id;
    end $$`.execute(db);
  // The stages' order as the entries were computed with it, brought up to date after any change to a
  // pipeline's stages; only the deals with entries into a stage whose next stage changed are refreshed.
  await sql`
    create function deal_stage_next_sync(pipeline_ids uuid[]) returns void language plpgsql as $$
    declare changed uuid[];
    begin
      with live as (
        select s.id as stage_id, s.organization_id, s.pipeline_id,
               lead(s.id) over (partition by s.pipeline_id order by s.position, s.created_at, s.id) as next_stage_id
        from pipeline_stages s join organizations o on o.id = s.organization_id
        where s.pipeline_id = any(pipeline_ids)
      ), recorded as (
        select * from deal_stage_next where pipeline_id = any(pipeline_ids)
      )
      select coalesce(array_agg(coalesce(l.stage_id, r.stage_id)), '{}') into changed
      from live l full join recorded r on r.stage_id = l.stage_id
      where l.stage_id is null or r.stage_id is null or l.next_stage_id is distinct from r.next_stage_id or l.pipeline_id is distinct from r.pipeline_id;
      if cardinality(changed) = 0 then return; end if;
      delete from deal_stage_next where stage_id = any(changed);
      insert into deal_stage_next (stage_id, organization_id, pipeline_id, next_stage_id)
      select s.id, s.organization_id, s.pipeline_id, lead(s.id) over (partition by s.pipeline_id order by s.position, s.created_at, s.id)
      from pipeline_stages s join organizations o on o.id = s.organization_id
      where s.pipeline_id = any(pipeline_ids)
      on conflict (stage_id) do nothing;
      perform deal_stage_entries_refresh(array(select distinct deal_id from deal_stage_entries where stage_id = any(changed)));
    end $$`.execute(db);

  for (const a of AGGREGATES) await createAggregate(db, a);
  await sql`create index deal_stage_entry_days_window_idx on deal_stage_entry_days (organization_id, pipeline_id, entered_on)`.execute(db);

  // Stage history, deal owners and stage order keep deal_stage_entries (whose triggers keep deal_stage_entry_days).
  for (const [event, transition, ids] of [
    ['insert', 'new table as new_rows', 'select deal_id from new_rows'],
    ['delete', 'old table as old_rows', 'select deal_id from old_rows'],
    ['update', 'old table as old_rows new table as new_rows', 'select deal_id from new_rows union select deal_id from old_rows'],
  ] as const) {
    await sql
      .raw(
        `create function deal_stage_entries_on_history_${event}() returns trigger language plpgsql as $$
        begin
          perform deal_stage_entries_refresh(array(select distinct deal_id from (${ids}) changed));
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger deal_stage_entries_${event} after ${event} on deal_stage_history referencing ${transition} for each statement execute function deal_stage_entries_on_history_${event}()`)
      .execute(db);
  }
  await sql`
    create function deal_stage_entries_on_deal_update() returns trigger language plpgsql as $$
    begin
      update deal_stage_entries e set owner_id = n.owner_id
      from new_rows n join old_rows o on o.id = n.id
      where e.deal_id = n.id and n.owner_id is distinct from o.owner_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger deal_stage_entries_owner after update on deals referencing old table as old_rows new table as new_rows for each statement execute function deal_stage_entries_on_deal_update()`.execute(
    db,
  );
  for (const [event, transition, ids] of [
    ['insert', 'new table as new_rows', 'select pipeline_id from new_rows'],
    ['delete', 'old table as old_rows', 'select pipeline_id from old_rows'],
    ['update', 'old table as old_rows new table as new_rows', 'select pipeline_id from new_rows union select pipeline_id from old_rows'],
  ] as const) {
    await sql
      .raw(
        `create function deal_stage_next_on_${event}() returns trigger language plpgsql as $$
        begin
          perform deal_stage_next_sync(array(select distinct pipeline_id from (${ids}) changed));
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger deal_stage_next_${event} after ${event} on pipeline_stages referencing ${transition} for each statement execute function deal_stage_next_on_${event}()`).execute(db);
  }

  // ——— Contacts that became customers: the few contacts with a won deal ———
  // When each was created and when its first deal was won, with its owner and source: lead-to-customer
  // conversion and won deals by lead source read these instead of joining deals to all contacts.
  await sql`
    create table contact_conversions (
      contact_id uuid primary key,
      organization_id uuid not null references organizations (id) on delete cascade,
      owner_id uuid,
      source text,
      created_at timestamptz not null,
      first_won_at timestamptz not null
    )`.execute(db);
  await sql`create index contact_conversions_created_idx on contact_conversions (organization_id, created_at)`.execute(db);
  await sql`
    create view contact_conversions_derived as
    select c.id as contact_id, c.organization_id, c.owner_id, nullif(c.source, '') as source, c.created_at, min(d.won_at) as first_won_at
    from contacts c
    join organizations o on o.id = c.organization_id
    join deals d on d.contact_id = c.id and d.organization_id = c.organization_id
    where d.status = 'won' and d.won_at is not null
    group by c.id`.execute(db);
  await sql`
    create function contact_conversions_refresh(contact_ids uuid[]) returns void language plpgsql as $$
    begin
      if cardinality(contact_ids) = 0 then return; end if;
      delete from contact_conversions where contact_id = any(contact_ids);
      insert into contact_conversions select * from contact_conversions_derived where contact_id = any(contact_ids) order by contact_id;
    end $$`.execute(db);
  const wonDealContacts = (rel: string) => `select contact_id from ${rel} where status = 'won' and contact_id is not null`;
  for (const [table, event, transition, ids] of [
    ['deals', 'insert', 'new table as new_rows', wonDealContacts('new_rows')],
    ['deals', 'delete', 'old table as old_rows', wonDealContacts('old_rows')],
    [
      'deals',
      'update',
      'old table as old_rows new table as new_rows',
      `select x.contact_id from new_rows n join old_rows o on o.id = n.id, lateral (values (n.contact_id), (o.contact_id)) x(contact_id)
       where x.contact_id is not null and (n.status = 'won' or o.status = 'won')
         and (n.status, n.won_at, n.contact_id) is distinct from (o.status, o.won_at, o.contact_id)`,
    ],
    [
      'contacts',
      'update',
      'old table as old_rows new table as new_rows',
      `select n.id from new_rows n join old_rows o on o.id = n.id where (n.owner_id, n.source, n.created_at) is distinct from (o.owner_id, o.source, o.created_at)`,
    ],
  ] as const) {
    const fn = `contact_conversions_on_${table}_${event}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$
        begin
          perform contact_conversions_refresh(array(select distinct contact_id from (${ids}) changed(contact_id)));
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger contact_conversions_${event} after ${event} on ${table} referencing ${transition} for each statement execute function ${fn}()`).execute(db);
  }
  // (A deleted contact's deals lose it through their foreign key, an update of deals handled above.)

  // ——— A new time zone moves every day boundary: the organization's days are computed again ———
  const rebuild = BY_DAY.map(
    (a) => `
      delete from ${a.table} where organization_id = org;
      insert into ${a.table} select * from ${a.table}_derived where organization_id = org;`,
  ).join('\n');
  await sql
    .raw(
      `create function dashboard_days_rebuild(org uuid) returns void language plpgsql as $$
      begin
        ${rebuild}
      end $$`,
    )
    .execute(db);
  await sql`
    create function dashboard_days_on_time_zone() returns trigger language plpgsql as $$
    begin
      perform dashboard_days_rebuild(n.id)
      from new_rows n join old_rows o on o.id = n.id
      where organization_time_zone(n.settings) <> organization_time_zone(o.settings);
      return null;
    end $$`.execute(db);
  await sql`create trigger dashboard_days_time_zone after update on organizations referencing old table as old_rows new table as new_rows for each statement execute function dashboard_days_on_time_zone()`.execute(
    db,
  );

  // ——— Backfill ———
  await sql`
    insert into deal_stage_next (stage_id, organization_id, pipeline_id, next_stage_id)
    select s.id, s.organization_id, s.pipeline_id, lead(s.id) over (partition by s.pipeline_id order by s.position, s.created_at, s.id)
    from pipeline_stages s`.execute(db);
  // Inserting deal_stage_entries fills deal_stage_entry_days through its triggers.
  await sql`insert into deal_stage_entries select * from deal_stage_entries_for(array(select id from deals))`.execute(db);
  for (const a of AGGREGATES.filter((x) => x !== dealStageEntryDays)) await sql.raw(`insert into ${a.table} select * from ${a.table}_derived`).execute(db);
  await sql`insert into contact_conversions select * from contact_conversions_derived`.execute(db);

  // ——— Indexes for what is still read from the facts ———
  // Won deals by when they were won: the median sales cycle, won deals by their contact's source, new customers.
  await sql`create index deals_won_idx on deals (organization_id, won_at) include (created_at, owner_id, contact_id, value_minor, currency) where status = 'won'`.execute(db);
  // Open deals: those that changed stage on the day of the stalled cutoff, and the largest stalled ones.
  await sql`create index deals_open_changed_idx on deals (organization_id, stage_changed_at) where status = 'open'`.execute(db);
  await sql`create index deals_open_value_idx on deals (organization_id, currency, value_minor desc, stage_changed_at) where status = 'open'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  for (const index of ['deals_won_idx', 'deals_open_changed_idx', 'deals_open_value_idx']) await sql.raw(`drop index ${index}`).execute(db);
  await sql`drop trigger dashboard_days_time_zone on organizations`.execute(db);
  await sql`drop function dashboard_days_on_time_zone()`.execute(db);
  await sql`drop function dashboard_days_rebuild(uuid)`.execute(db);
  for (const [table, event] of [
    ['deals', 'insert'],
    ['deals', 'delete'],
    ['deals', 'update'],
    ['contacts', 'update'],
  ] as const) {
    await sql.raw(`drop trigger contact_conversions_${event} on ${table}`).execute(db);
    await sql.raw(`drop function contact_conversions_on_${table}_${event}()`).execute(db);
  }
  await sql`drop function contact_conversions_refresh(uuid[])`.execute(db);
  await sql`drop view contact_conversions_derived`.execute(db);
  await sql`drop table contact_conversions`.execute(db);
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger deal_stage_next_${event} on pipeline_stages`).execute(db);
    await sql.raw(`drop function deal_stage_next_on_${event}()`).execute(db);
    await sql.raw(`drop trigger deal_stage_entries_${event} on deal_stage_history`).execute(db);
    await sql.raw(`drop function deal_stage_entries_on_history_${event}()`).execute(db);
  }
  await sql`drop trigger deal_stage_entries_owner on deals`.execute(db);
  await sql`drop function deal_stage_entries_on_deal_update()`.execute(db);
  for (const a of [...AGGREGATES].reverse()) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${a.table}_${event} on ${a.source}`).execute(db);
      await sql.raw(`drop function ${a.table}_on_${event}()`).execute(db);
    }
    await sql.raw(`drop view ${a.table}_derived`).execute(db);
    await sql.raw(`drop table ${a.table}`).execute(db);
  }
  await sql`drop function deal_stage_next_sync(uuid[])`.execute(db);
  await sql`drop function deal_stage_entries_refresh(uuid[])`.execute(db);
  await sql`drop function deal_stage_entries_for(uuid[])`.execute(db);
  await sql`drop table deal_stage_entries`.execute(db);
  await sql`drop table deal_stage_next`.execute(db);
  await sql`drop function organization_time_zone(jsonb)`.execute(db);
}
