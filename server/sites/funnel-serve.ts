import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';

/** Who is asking for a public page: what the cookie-less counting hashes (never stored raw). */
export type Visitor = { ip: string; userAgent: string };

/** Today in UTC, the counting's day ('YYYY-MM-DD'). */
export const utcDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

// Secrets cached per process: the serving path is benchmarked, so they cost a statement only once
// (the assignment key) and once a day (the salt). Every process reads the same rows. Once read they
// are kept as plain values too, so that the published pages' fast path places a funnel step's
// visitor with no await (chooseForVisitorNow).
let assignmentKey: Promise<string> | undefined;
let daySalt: { day: string; value: Promise<string> } | undefined;
let assignmentRead: string | undefined;
let daySaltRead: { day: string; value: string } | undefined;

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
  ).then((key) => (assignmentRead = key)));

function salt(db: Db, day: string): Promise<string> {
  if (daySalt?.day !== day) {
    const value = cached(
      () => readDaySalt(db, day),
      () => (daySalt = undefined),
    ).then((read) => {
      if (daySalt?.day === day) daySaltRead = { day, value: read };
      return read;
    });
    daySalt = { day, value };
  }
  return daySalt.value;
}

const visitorText = (visitor: Visitor) => `${visitor.ip}\n${visitor.userAgent}`;

const hashWith = (daySaltValue: string, text: string) => createHmac('sha256', daySaltValue).update(text).digest('base64url').slice(0, 22);

/** A number in [0, 1) fixed for this visitor and step (sticky without storing anything). */
const pointWith = (key: string, stepId: string, text: string) => createHmac('sha256', key).update(`${stepId}\n${text}`).digest().readUInt32BE(0) / 2 ** 32;

/** The visitor's hash for today: the same all day across steps (conversion joins on it), another tomorrow. */
export async function visitorHash(db: Db, visitor: Visitor, day: string = utcDay()): Promise<string> {
  return hashWith(await salt(db, day), visitorText(visitor));
}

/**
 * Recent visitors' hash of the day and point per step, so that a visitor coming back (a reload, a
 * refresh by a crawler, the next step) costs no HMAC. In memory only, never stored; emptied when the
 * day changes (the hash is the day's) and when full. The HMACs are the same, computed once.
 */
const MEMO_VISITORS = 10_000;
let memoDay = '';
const memo = new Map<string, { hash: string; points: Map<string, number> }>();

function rememberedVisitor(text: string, day: string, daySaltValue: string): { hash: string; points: Map<string, number> } {
  if (memoDay !== day || memo.size >= MEMO_VISITORS) {
    memo.clear();
    memoDay = day;
  }
  let entry = memo.get(text);
  if (!entry) memo.set(text, (entry = { hash: hashWith(daySaltValue, text), points: new Map() }));
  return entry;
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

function chooseWith(key: string, daySaltValue: string, organizationId: string, variants: readonly StepVariant[], visitor: Visitor, day: string): { chosen: StepVariant; visit: VisitRow } {
  const text = visitorText(visitor);
  const remembered = rememberedVisitor(text, day, daySaltValue);
  const stepId = variants[0]!.stepId;
  let point = remembered.points.get(stepId);
  if (point === undefined) remembered.points.set(stepId, (point = pointWith(key, stepId, text)));
  const chosen = chooseVariant(variants, point)!;
  return { chosen, visit: { organization_id: organizationId, funnel_id: chosen.funnelId, step_id: chosen.stepId, variant_id: chosen.id, day, visitor_hash: remembered.hash } };
}

/**
 * chooseForVisitor computed in memory, with no await, once this process has read the secrets
 * (undefined before: then call chooseForVisitor, which reads them).
 */
export function chooseForVisitorNow(organizationId: string, variants: readonly StepVariant[], visitor: Visitor, day: string = utcDay()): { chosen: StepVariant; visit: VisitRow } | undefined {
  if (assignmentRead === undefined || daySaltRead?.day !== day) return undefined;
  return chooseWith(assignmentRead, daySaltRead.value, organizationId, variants, visitor, day);
}

/** The visitor's sticky variant among a step's (none empty), and today's visit to count for it. */
export async function chooseForVisitor(db: Db, organizationId: string, variants: readonly StepVariant[], visitor: Visitor): Promise<{ chosen: StepVariant; visit: VisitRow }> {
  const day = utcDay();
  const key = await assignment(db);
  const daySaltValue = await salt(db, day);
  return chooseWith(key, daySaltValue, organizationId, variants, visitor, day);
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

/** The funnel variant a page stands for (its first by step id when in several), with the next step's page (its control), if any. */
export type PageVariant = { variantId: string; stepId: string; funnelId: string; nextPageId: string | null };

/** The funnel variant `pageId` stands for, if it is one: the opt-in's and the order's step (ONE query for both, server/sites/orders.ts). */
export async function pageVariant(db: Db, organizationId: string, pageId: string): Promise<PageVariant | undefined> {
  const row = await db
    .selectFrom('funnel_variants as v')
    .innerJoin('funnel_steps as s', 's.id', 'v.step_id')
    .select([
      'v.id as variantId',
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
  return row && { variantId: row.variantId, stepId: row.stepId, funnelId: row.funnelId, nextPageId: row.nextPageId ?? null };
}

/**
 * A form on a funnel step's page was submitted: the visitor's row for today on that variant says
 * opted in (made if the view was not counted, e.g. a page served from a cache). Call it inside the
 * submission's transaction. Returns the next step's page (its control), if any, for the redirect.
 */
export async function countOptIn(db: Db, args: { organizationId: string; pageId: string; visitor: Visitor }): Promise<{ nextPageId: string | null } | null> {
  const { organizationId, pageId, visitor } = args;
  const variant = await pageVariant(db, organizationId, pageId);
  if (!variant) return null;
  const day = utcDay();
  await db
    .insertInto('funnel_visits')
    .values({
      organization_id: organizationId,
      funnel_id: variant.funnelId,
      step_id: variant.stepId,
      variant_id: variant.variantId,
      day,
      visitor_hash: await visitorHash(db, visitor, day),
      opted_in: true,
    })
    .onConflict((oc) => oc.columns(['variant_id', 'day', 'visitor_hash']).doUpdateSet({ opted_in: sql<boolean>`true` }))
    .execute();
  return { nextPageId: variant.nextPageId };
}
