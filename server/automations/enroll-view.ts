import type { z } from 'zod';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { enrollEach, viewContactIds } from './enroll-contacts';
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
  const ids = await viewContactIds(ctx, input.viewId);
  let enrolled = 0;
  for (let i = 0; i < ids.length; i += SLICE) {
    enrolled += await ctx.db.transaction().execute((trx) => enrollEach(trx, ctx.deps, ctx.organizationId, input.id, ids.slice(i, i + SLICE), 'manual'));
  }
  return { matched: ids.length, enrolled, skipped: ids.length - enrolled };
}
