import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { scoped, type Scoped } from '../db/scoped';
import { primaryCurrency } from '../deals/repo';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { readSettings } from '../organizations/settings';
import { resolvePeriod, type BucketUnit, type ResolvedPeriod } from './period';
import type { TPeriod } from './schema';

/**
 * What every dashboard and report query reads within. Figures over a period are sums of the daily
 * tables the facts' triggers keep (contact_days, deal_close_days, deal_open_days,
 * deal_stage_entry_days, task_days, appointment_days — migration 800,
 * docs/decisions/010-dashboard-aggregates.md): a period is whole days of the organization's time
 * zone, so its sums are exact. What a day cannot hold is read from the facts over an index: medians,
 * the deals behind a figure, and the part of today before "now".
 */
export type Scope = {
  db: Db;
  org: Scoped;
  organizationId: string;
  /** Owner-only visibility: the user whose records the caller sees, or null for everything. */
  ownerId: string | null;
  /** Money figures are sums in this currency; other currencies are counted apart, never converted. */
  currency: string;
  timezone: string;
};

/** The caller's view: organization, owner-only visibility, primary currency, time zone and the resolved period. */
export async function scopeOf(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, range: { period?: TPeriod; from?: string; to?: string }, now: Date): Promise<{ s: Scope; p: ResolvedPeriod }> {
  const [settings, ownerId, currency] = await Promise.all([readSettings(ctx.db, ctx.organizationId), ownerOnlyFilter(ctx.db, ctx.auth), primaryCurrency(ctx.db, ctx.organizationId)]);
  const p = await resolvePeriod(ctx.db, range, { timezone: settings.timezone, now });
  return { s: { db: ctx.db, org: scoped(ctx.db, ctx.organizationId), organizationId: ctx.organizationId, ownerId, currency, timezone: settings.timezone }, p };
}

/** A sum or count as the driver answers it (string, number or null) as a number; null and missing are 0. */
export const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** 'YYYY-MM-DD' of the bucket (day, ISO week from Monday, month) a local date falls in. */
export function bucketOfDay(column: string, unit: BucketUnit): RawBuilder<string> {
  return sql<string>`to_char(date_trunc(${sql.lit(unit)}, ${sql.ref(column)}::timestamp), 'YYYY-MM-DD')`;
}
