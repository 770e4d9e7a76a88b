import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, type FieldIssue } from '../errors';
import type { TWorkflowDefinition } from './schema';

/**
 * What a definition's steps name in the organization — the pipeline and stage of a deal step, the
 * workflow a contact is removed from — checked when it is published, so a wrong pick is a 400
 * naming the step and field rather than a run failing later. (Things deleted after publishing are
 * reported by the run that meets them.)
 */
export async function stepReferenceIssues(db: Db, organizationId: string, workflowId: string, definition: TWorkflowDefinition, prefix = 'definition'): Promise<FieldIssue[]> {
  const pipelineIds = new Set<string>();
  const stageIds = new Set<string>();
  const workflowIds = new Set<string>();
  for (const step of definition.steps) {
    if (step.type === 'create_deal') {
      if (step.config.pipelineId) pipelineIds.add(step.config.pipelineId);
      if (step.config.stageId) stageIds.add(step.config.stageId);
    } else if (step.type === 'move_deal') stageIds.add(step.config.stageId);
    else if (step.type === 'remove_from_workflow') workflowIds.add(step.config.workflowId);
  }
  const org = scoped(db, organizationId);
  const pipelines = new Set(
    pipelineIds.size
      ? (
          await org
            .selectFrom('pipelines')
            .select('id')
            .where('id', 'in', [...pipelineIds])
            .execute()
        ).map((p) => p.id)
      : [],
  );
  const stages = new Map(
    stageIds.size
      ? (
          await org
            .selectFrom('pipeline_stages')
            .select(['id', 'pipeline_id'])
            .where('id', 'in', [...stageIds])
            .execute()
        ).map((s) => [s.id, s.pipeline_id] as const)
      : [],
  );
  const workflows = new Set(
    workflowIds.size
      ? (
          await org
            .selectFrom('workflows')
            .select('id')
            .where('id', 'in', [...workflowIds])
            .execute()
        ).map((w) => w.id)
      : [],
  );
  const issues: FieldIssue[] = [];
  const issue = (stepId: string, field: string, message: string) => issues.push({ path: `${prefix}.steps.${stepId}.config.${field}`, message });
  for (const step of definition.steps) {
    if (step.type === 'create_deal') {
      const { pipelineId, stageId } = step.config;
      if (pipelineId && !pipelines.has(pipelineId)) issue(step.id, 'pipelineId', 'is not a known pipeline');
      if (stageId && !stages.has(stageId)) issue(step.id, 'stageId', 'is not a known stage');
      else if (stageId && pipelineId && stages.get(stageId) !== pipelineId) issue(step.id, 'stageId', 'does not belong to the chosen pipeline');
    } else if (step.type === 'move_deal') {
      if (!stages.has(step.config.stageId)) issue(step.id, 'stageId', 'is not a known stage');
    } else if (step.type === 'remove_from_workflow') {
      if (step.config.workflowId === workflowId) issue(step.id, 'workflowId', 'must be another workflow');
      else if (!workflows.has(step.config.workflowId)) issue(step.id, 'workflowId', 'is not a known workflow');
    }
  }
  return issues;
}

/** stepReferenceIssues as a 400 naming the first problem's step and field. */
export async function assertStepReferences(db: Db, organizationId: string, workflowId: string, definition: TWorkflowDefinition): Promise<void> {
  const issues = await stepReferenceIssues(db, organizationId, workflowId, definition);
  if (issues.length > 0) throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
}
