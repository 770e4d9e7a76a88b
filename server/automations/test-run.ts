import type { z } from 'zod';
import { requireContact } from '../contacts/lookup';
import { fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { loadSnapshot, testConditions } from './contact-state';
import { nextStep, normalize, parseDefinition, START, stepById } from './definition';
import { ZWorkflowSettings, type ZTestRunInput, type ZTestRunResult } from './schema';
import { planStep } from './steps';
import { planEnvFor } from './window';
import { requireWorkflow } from './workflows';

/** Steps a test run follows at most (a definition has no cycle, so only a huge one reaches it). */
const MAX_TEST_STEPS = 500;

/**
 * "Test Workflow": the contact through the draft or the published graph with simulated time. It
 * plans each step exactly as a real run does (steps.ts) but carries out none: nothing is sent,
 * nothing written — it only reads. Waits move the simulated clock; wait_for_event takes its timeout.
 */
export async function testRun(ctx: OrgContext, input: z.output<typeof ZTestRunInput>) {
  const workflow = await requireWorkflow(ctx.db, ctx.organizationId, input.id);
  await requireContact(ctx.db, ctx.organizationId, input.contactId, await ownerOnlyFilter(ctx.db, ctx.auth));
  let definition;
  let settings;
  if (input.source === 'published') {
    if (!workflow.published_version) throw fieldError('source', 'the workflow has no published version');
    const version = await ctx.db
      .selectFrom('workflow_versions')
      .select(['definition', 'settings'])
      .where('workflow_id', '=', workflow.id)
      .where('version', '=', workflow.published_version)
      .executeTakeFirstOrThrow();
    definition = normalize(version.definition);
    settings = ZWorkflowSettings.parse(version.settings);
  } else {
    definition = parseDefinition(workflow.draft_definition);
    settings = ZWorkflowSettings.parse(workflow.settings);
  }
  const contact = (await loadSnapshot(ctx.db, ctx.organizationId, input.contactId))!;
  let clock = new Date();
  const path: z.output<typeof ZTestRunResult>['path'] = [];
  const notes: string[] = [];
  const goals = definition.steps.filter((s) => s.type === 'goal');
  let current = nextStep(definition, START);
  let endedBy: 'end' | 'no_next_step' | 'goal' | 'step_limit' = 'no_next_step';
  while (current) {
    if (path.length >= MAX_TEST_STEPS) {
      endedBy = 'step_limit';
      break;
    }
    // A goal met jumps the contact there from anywhere (as in a real run).
    const goal = goals.find((g) => g.id !== current && g.type === 'goal' && !path.some((p) => p.stepId === g.id) && testConditions(contact, g.config.match, g.config.conditions).met);
    if (goal || (settings.unenrollOnGoal && stepById(definition, current)?.type === 'goal')) {
      const reached = goal ?? stepById(definition, current)!;
      const detail = `${goal ? 'goal met: jumped here' : 'goal reached'}${settings.unenrollOnGoal ? '; the contact leaves the workflow (unenrol on goal)' : ''}`;
      path.push({ stepId: reached.id, stepType: 'goal', outcome: 'done', detail, branch: null, at: clock.toISOString() });
      current = settings.unenrollOnGoal ? null : nextStep(definition, reached.id);
      if (!current) endedBy = 'goal';
      continue;
    }
    const step = stepById(definition, current)!;
    const plan = planStep(step, contact, clock, await planEnvFor(ctx.db, ctx.organizationId, settings, contact, step));
    let branch = plan.branch ?? null;
    if (plan.wait) {
      clock = plan.wait.until;
      if (plan.wait.awaitsEvent) branch = 'timeout';
    }
    plan.simulate?.(contact);
    if (plan.note) notes.push(plan.note);
    path.push({
      stepId: step.id,
      stepType: step.type,
      outcome: plan.outcome ?? 'done',
      detail: plan.wait?.awaitsEvent ? `${plan.detail}; simulated: no event, timeout taken` : plan.detail,
      branch,
      at: clock.toISOString(),
    });
    if (plan.end) {
      endedBy = 'end';
      break;
    }
    current = nextStep(definition, step.id, branch);
  }
  return { path, endedBy, notes };
}
