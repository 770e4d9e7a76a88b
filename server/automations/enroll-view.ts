import type { z } from 'zod';
import { and, contactsOf, filterConditions, type FilterValues } from '../contacts/repo';
import { getSavedView } from '../contacts/saved-views';
import { CONTACT_LIMITS } from '../contacts/schema';
import { organizationSettings } from '../contacts/state';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { enrollContact } from './enroll';
import type { ZEnrollViewInput } from './schema';
import { requireWorkflow } from './workflows';

/** Contacts enrolled per transaction: a view's enrolment commits in slices, so one refusal does not undo the rest. */
const SLICE = 500;

/**
 * Manual enrolment of one of the caller's saved contact views: every contact the view shows them
 * now (the owner-only rule applies), each as a manual enrolment — a contact already in the workflow
 * is counted as skipped, not enrolled twice.
 */
export async function enrollView(ctx: OrgContext, input: z.output<typeof ZEnrollViewInput>) {
  const workflow = await requireWorkflow(ctx.db, ctx.organizationId, input.id);
  if (!workflow.published_version) throw new DomainError('CONFLICT', 'The workflow is not published: publish it before enrolling contacts');
  const view = await getSavedView(ctx, input.viewId);
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
  let enrolled = 0;
  for (let i = 0; i < rows.length; i += SLICE) {
    enrolled += await ctx.db.transaction().execute(async (trx) => {
      let count = 0;
      for (const { id } of rows.slice(i, i + SLICE)) {
        const outcome = await enrollContact(trx, ctx.deps, { organizationId: ctx.organizationId, workflowId: input.id, contactId: id, trigger: 'manual' });
        if ('runId' in outcome) count++;
      }
      return count;
    });
  }
  return { matched: rows.length, enrolled, skipped: rows.length - enrolled };
}
