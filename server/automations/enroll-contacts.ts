import type { Db } from '../db';
import { and, contactsOf, filterConditions, type FilterValues } from '../contacts/repo';
import { getSavedView } from '../contacts/saved-views';
import { CONTACT_LIMITS } from '../contacts/schema';
import { organizationSettings } from '../contacts/state';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { enrollContacts } from './enroll';

/** Enrolling many contacts: a saved view's (manual enrolment, schedule triggers) in the caller's transaction. */

/** The contacts a saved view of the caller shows now (the owner-only rule applies); more than the bulk limit is refused naming viewId. */
export async function viewContactIds(ctx: OrgContext, viewId: string): Promise<string[]> {
  const view = await getSavedView(ctx, viewId);
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  const rows = await contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select('id')
    .where(and(filterConditions(view.filters as FilterValues, settings.timezone)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(CONTACT_LIMITS.bulkMatching + 1)
    .execute();
  if (rows.length > CONTACT_LIMITS.bulkMatching) {
    const message = `shows more than ${CONTACT_LIMITS.bulkMatching.toLocaleString('en')} contacts; narrow the view down to enrol at most that many at once`;
    throw new DomainError('VALIDATION', `viewId: ${message}`, { issues: [{ path: 'viewId', message }] });
  }
  return rows.map((r) => r.id);
}

/** Enrols the contacts in the caller's transaction; answers how many runs started (the others were skipped by the enrolment rules). */
export async function enrollEach(
  trx: Db,
  deps: Pick<AppDeps, 'jobs'>,
  organizationId: string,
  workflowId: string,
  contactIds: readonly string[],
  trigger: string,
  payload?: Record<string, unknown>,
): Promise<number> {
  const outcomes = await enrollContacts(trx, deps, { organizationId, workflowId, contactIds, trigger, ...(payload ? { payload } : {}) });
  return outcomes.filter((outcome) => 'runId' in outcome).length;
}
