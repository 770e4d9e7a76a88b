import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';

/** Who is asking for a public page: what the cookie-less counting hashes (never stored raw). */
export type Visitor = { ip: string; userAgent: string };

/** Today in UTC, the counting's day ('YYYY-MM-DD'). */
export const utcDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

// Secrets cached per process: the serving path is benchmarked, so they cost a statement only once
// (the assignment key) and once a day (the salt). Every process reads the same rows.
let assignmentKey: Promise<string> | undefined;
let daySalt: { day: string; value: Promise<string> } | undefined;

/** Made by the first process that needs it (not by the migration, so a copied database keeps the original's). */
async function readAssignmentKey(db: Db): Promise<string> {
  await db
    .insertInto('funnel_secrets')
    .values({ name: 'assignment', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('funnel_secrets').select('value').where('name', '=', 'assignment').executeTakeFirstOrThrow();
  return row.value;
}

/** Today's salt: made by the first process that needs it; yesterday's and older are deleted then, so old hashes cannot be recomputed. */
async function readDaySalt(db: Db, day: string): Promise<string> {
  const name = `visitor:${day}`;
  await db
    .insertInto('funnel_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db.deleteFrom('funnel_secrets').where('name', 'like', 'visitor:%').where('name', '<', name).execute();
  const row = await db.selectFrom('funnel_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

function cached<T>(make: () => Promise<T>, forget: () => void): Promise<T> {
  const value = make();
  value.catch(forget);
  return value;
}

const assignment = (db: Db) =>
  (assignmentKey ??= cached(
    () => readAssignmentKey(db),
    () => (assignmentKey = undefined),
  ));

function salt(db: Db, day: string): Promise<string> {
  if (daySalt?.day !== day) {
    const value = cached(
      () => readDaySalt(db, day),
      () => (daySalt = undefined),
    );
    daySalt = { day, value };
  }
  return daySalt.value;
}

const visitorText = (visitor: Visitor) => `${visitor.ip}\n${visitor.userAgent}`;

/** The visitor's hash for today: the same all day across steps (conversion joins on it), another tomorrow. */
export async function visitorHash(db: Db, visitor: Visitor, day: string = utcDay()): Promise<string> {
  return createHmac('sha256', await salt(db, day))
    .update(visitorText(visitor))
    .digest('base64url')
    .slice(0, 22);
}

/** A number in [0, 1) fixed for this visitor and step (sticky without storing anything). */
async function visitorPoint(db: Db, stepId: string, visitor: Visitor): Promise<number> {
  const digest = createHmac('sha256', await assignment(db))
    .update(`${stepId}\n${visitorText(visitor)}`)
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export type ServedVariant = { id: string; pageId: string; weight: number; winner: boolean };

/** Picks the winner when there is one, else by weight at the visitor's point; variants in a stable order. */
export function chooseVariant<V extends ServedVariant>(variants: readonly V[], point: number): V | undefined {
  const winner = variants.find((v) => v.winner);
  if (winner) return winner;
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) return variants[0];
  let left = point * total;
  for (const variant of variants) {
    left -= Math.max(0, variant.weight);
    if (left < 0) return variant;
  }
  return variants[variants.length - 1];
}

/** A published variant of a funnel step, as serving needs it (its page's live version included). */
export type StepVariant = ServedVariant & { stepId: string; funnelId: string; versionId: string };

/** A visit as funnel_visits stores it: one row per variant, day and visitor hash. */
export type VisitRow = { organization_id: string; funnel_id: string; step_id: string; variant_id: string; day: string; visitor_hash: string };

/** The published variants of the step whose variant `pageId` is (by the page index), in a stable order; none when it is in no funnel. */
export async function stepVariants(db: Db, organizationId: string, pageId: string): Promise<StepVariant[]> {
  const rows = await db
    .selectFrom('funnel_variants as v')
    .innerJoin('funnel_steps as s', 's.id', 'v.step_id')
    .innerJoin('site_pages as p', 'p.id', 'v.page_id')
    .select(['v.id', 'v.step_id as stepId', 's.funnel_id as funnelId', 'v.page_id as pageId', 'v.weight', 'v.winner', 'p.published_version_id as versionId'])
    .where('v.organization_id', '=', organizationId)
    .where('v.step_id', '=', (eb) => eb.selectFrom('funnel_variants').select('step_id').where('organization_id', '=', organizationId).where('page_id', '=', pageId).orderBy('step_id').limit(1))
    .where('p.published_version_id', 'is not', null)
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
  return rows.map((row) => ({ ...row, versionId: row.versionId! }));
}

/** The visitor's sticky variant among a step's (none empty), and today's visit to count for it. */
export async function chooseForVisitor(db: Db, organizationId: string, variants: readonly StepVariant[], visitor: Visitor): Promise<{ chosen: StepVariant; visit: VisitRow }> {
  const chosen = chooseVariant(variants, await visitorPoint(db, variants[0]!.stepId, visitor))!;
  const day = utcDay();
  const visit = { organization_id: organizationId, funnel_id: chosen.funnelId, step_id: chosen.stepId, variant_id: chosen.id, day, visitor_hash: await visitorHash(db, visitor, day) };
  return { chosen, visit };
}

/** Counts visits: a visitor once per variant and day (insert … on conflict do nothing). */
export async function insertVisits(db: Db, visits: readonly VisitRow[]): Promise<void> {
  if (visits.length === 0) return;
  await db
    .insertInto('funnel_visits')
    .values([...visits])
    .onConflict((oc) => oc.columns(['variant_id', 'day', 'visitor_hash']).doNothing())
    .execute();
}

/**
 * The seam between publishing and funnels: given the published page a visitor asked for, the page
 * to show them (their sticky A/B variant when the page is a funnel step), with the visit counted at
 * once. The page asked for when it is in no funnel. (The public doors count through the batched
 * writer of ./funnel-visits.ts instead, with the variants from their cache: server/sites/fast-path.ts.)
 */
export async function pageForVisitor(db: Db, args: { organizationId: string; pageId: string; visitor: Visitor }): Promise<{ pageId: string }> {
  const { organizationId, pageId, visitor } = args;
  const variants = await stepVariants(db, organizationId, pageId);
  if (variants.length === 0) return { pageId };
  const { chosen, visit } = await chooseForVisitor(db, organizationId, variants, visitor);
  await insertVisits(db, [visit]);
  return { pageId: chosen.pageId };
}

/**
 * A form on a funnel step's page was submitted: the visitor's row for today on that variant says
 * opted in (made if the view was not counted, e.g. a page served from a cache). Call it inside the
 * submission's transaction. Returns the next step's page (its control), if any, for the redirect.
 */
export async function countOptIn(db: Db, args: { organizationId: string; pageId: string; visitor: Visitor }): Promise<{ nextPageId: string | null } | null> {
  const { organizationId, pageId, visitor } = args;
  const variant = await db
    .selectFrom('funnel_variants as v')
    .innerJoin('funnel_steps as s', 's.id', 'v.step_id')
    .select([
      'v.id',
      'v.step_id as stepId',
      's.funnel_id as funnelId',
      (eb) =>
        eb.selectFrom('funnel_steps as n').select('n.page_id').whereRef('n.funnel_id', '=', 's.funnel_id').whereRef('n.position', '>', 's.position').orderBy('n.position').limit(1).as('nextPageId'),
    ])
    .where('v.organization_id', '=', organizationId)
    .where('v.page_id', '=', pageId)
    .orderBy('v.step_id')
    .limit(1)
    .executeTakeFirst();
  if (!variant) return null;
  const day = utcDay();
  await db
    .insertInto('funnel_visits')
    .values({ organization_id: organizationId, funnel_id: variant.funnelId, step_id: variant.stepId, variant_id: variant.id, day, visitor_hash: await visitorHash(db, visitor, day), opted_in: true })
    .onConflict((oc) => oc.columns(['variant_id', 'day', 'visitor_hash']).doUpdateSet({ opted_in: sql<boolean>`true` }))
    .execute();
  return { nextPageId: variant.nextPageId ?? null };
}
