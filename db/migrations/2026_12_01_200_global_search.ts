import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.

/**
 * The palette's global search at scale (issue #21).
 *
 * Titles: deals, tasks and appointments were found by `title ILIKE '%…%'`, which read every row of
 * the organization. pg_trgm's GIN index serves ILIKE (its trigrams are case-folded) for three
 * characters or more, and the start of a word for shorter ones (`'% ju%'` holds the trigrams "  j" and
 * " ju"); the lists' own searches use it too.
 */
const TITLES = [
  { table: 'deals', index: 'deals_title_trgm_idx' },
  { table: 'tasks', index: 'tasks_title_trgm_idx' },
  { table: 'appointments', index: 'appointments_title_trgm_idx' },
];

/**
 * Deals most recently updated first (the palette's order and the deals list's default): a word most
 * titles hold is found by walking this index and checking titles, not by sorting every match.
 */
const DEALS_UPDATED_INDEX = 'deals_org_updated_idx';

/**
 * Contacts: how many contacts a word matched anywhere is the planner's guess from the histogram of
 * `search_text`. With the default 101 entries, a word a contact in a hundred holds (a phone's last
 * digits) hit no entry and was guessed at 0.01 %: the planner read its 8,000 matches through the
 * trigram index (90 ms at 1,000,000 contacts) where walking the newest-first index finds five in 1 ms.
 * 1,001 entries see words down to about 0.1 %.
 */
const SEARCH_TEXT_STATISTICS = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, index } of TITLES) {
    await db.schema
      .createIndex(index)
      .on(table)
      .using('gin')
      .expression(sql`title gin_trgm_ops`)
      .execute();
  }
  await db.schema.createIndex(DEALS_UPDATED_INDEX).on('deals').columns(['organization_id', 'updated_at desc', 'id desc']).execute();
  await sql`alter table contacts alter column search_text set statistics ${sql.lit(SEARCH_TEXT_STATISTICS)}`.execute(db);
  await sql`analyze contacts`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table contacts alter column search_text set statistics -1`.execute(db);
  await db.schema.dropIndex(DEALS_UPDATED_INDEX).execute();
  for (const { index } of TITLES) await db.schema.dropIndex(index).execute();
}
