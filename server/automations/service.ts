import type { z } from 'zod';
import { requireContact } from '../contacts/lookup';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { enrollContact } from './enroll';
import { holdWorkflowRuns, resumeHeldRuns } from './run-control';
import type { ZEnrollInput, ZSetStatusInput } from './schema';
import { requireWorkflow, setWorkflowStatus } from './workflows';

/** The service entry points that combine the modules (the router and REST call these and the modules' own). */

export { listWorkflows, getWorkflow, createWorkflow, saveDraft, publishWorkflow, revertDraft, removeWorkflow } from './workflows';
export { listRuns, getRun, stepCounts } from './runs';
export { stopRun, stopRuns, pauseRun, resumeRun } from './run-control';
export { testRun } from './test-run';
export { enrollView } from './enroll-view';
export { overview } from './overview';
export { listTemplates } from './templates';

/** Manual enrolment (builder, contact page, REST): the run and its first job in one transaction. */
export async function enroll(ctx: OrgContext, input: z.output<typeof ZEnrollInput>) {
  await requireWorkflow(ctx.db, ctx.organizationId, input.id);
  await requireContact(ctx.db, ctx.organizationId, input.contactId, await ownerOnlyFilter(ctx.db, ctx.auth));
  const outcome = await ctx.db
    .transaction()
    .execute((trx) => enrollContact(trx, ctx.deps, { organizationId: ctx.organizationId, workflowId: input.id, contactId: input.contactId, trigger: 'manual' }));
  if ('skipped' in outcome) throw new DomainError('CONFLICT', `The contact was not enrolled: ${outcome.skipped}`);
  return outcome;
}

export function setStatus(ctx: OrgContext, input: z.output<typeof ZSetStatusInput>) {
  return setWorkflowStatus(ctx, input, {
    resumeHeld: (trx, workflowId) => resumeHeldRuns(trx, ctx.deps, ctx.organizationId, workflowId),
    hold: (trx, workflowId) => holdWorkflowRuns(trx, ctx.organizationId, workflowId).then(() => undefined),
  });
}
