import { describe, expect, it } from 'vitest';
import { advanceRun } from '../../server/automations/executor';
import { addContact, engine, linear, until } from './automations-helpers';

describe('deal steps and removal from another workflow', { timeout: 120_000 }, () => {
  it('creates a deal for the contact and moves it through the deals service (events, history), once per run step', async () => {
    const { deps, owner, api } = await engine();
    const db = deps.database.db;
    const contactId = await addContact(deps, owner.organizationId, { first_name: 'Grace' });
    const [pipeline] = (await api.pipelines.list()).items;
    const [first, second] = pipeline!.stages;
    const workflow = await api.automations.create({ name: 'Deal desk' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear(
        [],
        [
          { id: 'open', type: 'create_deal', config: { title: 'Plan for {{first_name}}', pipelineId: pipeline!.id, value: 250.5 } },
          { id: 'advance', type: 'move_deal', config: { stageId: second!.id } },
        ],
      ),
    });

    // The test run changes nothing: no deal, no event.
    const dealsBefore = await db.selectFrom('deals').select('id').where('organization_id', '=', owner.organizationId).execute();
    const test = await api.automations.testRun({ id: workflow.id, contactId, source: 'draft' });
    expect(test.notes).toEqual(['would create the deal "Plan for Grace" worth 250.5', `would move the contact's open deal to stage ${second!.id}`]);
    expect(await db.selectFrom('deals').select('id').where('organization_id', '=', owner.organizationId).execute()).toEqual(dealsBefore);

    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const run = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'completed',
    );
    expect(run.steps.map((s) => [s.stepId, s.outcome])).toEqual([
      ['open', 'done'],
      ['advance', 'done'],
    ]);
    const deals = await db.selectFrom('deals').select(['id', 'title', 'value_minor', 'contact_id', 'owner_id', 'stage_id', 'pipeline_id']).where('contact_id', '=', contactId).execute();
    expect(deals).toEqual([{ id: expect.any(String), title: 'Plan for Grace', value_minor: 25050, contact_id: contactId, owner_id: owner.userId, stage_id: second!.id, pipeline_id: pipeline!.id }]);
    const dealId = deals[0]!.id;
    expect(run.steps[0]!.output).toEqual({ dealId });
    expect(run.steps[1]!.output).toMatchObject({ dealId, fromStageId: first!.id, moved: true });
    const history = await db.selectFrom('deal_stage_history').select(['from_stage_id', 'to_stage_id', 'changed_by']).where('deal_id', '=', dealId).orderBy('id').execute();
    expect(history).toEqual([
      { from_stage_id: null, to_stage_id: first!.id, changed_by: owner.userId },
      { from_stage_id: first!.id, to_stage_id: second!.id, changed_by: owner.userId },
    ]);
    // The deals service's events, acted by the workflow's member: other workflows' deal triggers and webhooks see them.
    const events = await db
      .selectFrom('events')
      .select(['type', 'actor_user_id', 'payload'])
      .where('organization_id', '=', owner.organizationId)
      .where('type', 'in', ['deal_created', 'deal_moved'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.type, e.actor_user_id, (e.payload as { dealId: string }).dealId])).toEqual([
      ['deal_created', owner.userId, dealId],
      ['deal_moved', owner.userId, dealId],
    ]);
    // The deal's timeline names the workflow, as a contact's does for a step's change.
    const timeline = await db.selectFrom('activities').select(['type', 'actor_user_id', 'payload']).where('deal_id', '=', dealId).orderBy('created_at').orderBy('id').execute();
    expect(timeline.map((a) => [a.type, a.actor_user_id, (a.payload as { automation?: string }).automation])).toEqual([
      ['deal_created', owner.userId, workflow.id],
      ['deal_moved', owner.userId, workflow.id],
    ]);
    const effects = await db.selectFrom('workflow_step_effects').select(['step_id', 'attempt', 'kind']).where('run_id', '=', runId).orderBy('attempt').execute();
    expect(effects).toEqual([
      { step_id: 'open', attempt: 1, kind: 'deal' },
      { step_id: 'advance', attempt: 2, kind: 'deal' },
    ]);

    // The same run steps carried out again (a duplicate job at the same place): the effect rows answer, no second deal.
    await db.updateTable('workflow_runs').set({ status: 'running', current_step_id: 'open', steps_taken: 0, ended_at: null }).where('id', '=', runId).execute();
    await advanceRun(deps, { organizationId: owner.organizationId, runId });
    const again = await api.automations.run({ runId });
    expect(again.status).toBe('completed');
    expect(again.steps.slice(2).map((s) => [s.stepId, s.output?.repeated])).toEqual([
      ['open', true],
      ['advance', true],
    ]);
    expect(await db.selectFrom('deals').select('id').where('contact_id', '=', contactId).execute()).toEqual([{ id: dealId }]);
  });

  it('publishing checks what the steps name: a stage of another pipeline, an unknown stage, the workflow itself', async () => {
    const { api } = await engine({ start: false });
    const [pipeline] = (await api.pipelines.list()).items;
    const other = await api.pipelines.create({ name: 'Renewals' });
    const otherStage = (await api.pipelines.list()).items.find((p) => p.id === other.id)!.stages[0]!;
    const workflow = await api.automations.create({ name: 'Wrong picks' });
    const publishWith = async (steps: { id: string; type: string; config: Record<string, unknown> }[]) => {
      await api.automations.saveDraft({ id: workflow.id, definition: linear([], steps) });
      return api.automations.publish({ id: workflow.id });
    };
    await expect(publishWith([{ id: 'open', type: 'create_deal', config: { title: 'Deal', pipelineId: pipeline!.id, stageId: otherStage.id } }])).rejects.toThrow(
      'definition.steps.open.config.stageId: does not belong to the chosen pipeline',
    );
    await expect(publishWith([{ id: 'advance', type: 'move_deal', config: { stageId: '00000000-0000-4000-8000-000000000009' } }])).rejects.toThrow(
      'definition.steps.advance.config.stageId: is not a known stage',
    );
    await expect(publishWith([{ id: 'out', type: 'remove_from_workflow', config: { workflowId: workflow.id } }])).rejects.toThrow('definition.steps.out.config.workflowId: must be another workflow');
    const published = await publishWith([{ id: 'open', type: 'create_deal', config: { title: 'Deal', pipelineId: other.id, stageId: otherStage.id } }]);
    expect(published.publishedVersion).toBe(1);
  });

  it('move deal is skipped, saying why, when the contact has no open deal in the pipeline', async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const [pipeline] = (await api.pipelines.list()).items;
    const workflow = await api.automations.create({ name: 'Nothing to move' });
    await api.automations.saveDraft({ id: workflow.id, definition: linear([], [{ id: 'advance', type: 'move_deal', config: { stageId: pipeline!.stages[1]!.id } }]) });
    await api.automations.publish({ id: workflow.id });
    const { runId } = await api.automations.enroll({ id: workflow.id, contactId });
    const run = await until(
      () => api.automations.run({ runId }),
      (r) => r.status === 'completed',
    );
    expect(run.steps.map((s) => [s.stepId, s.outcome, s.detail])).toEqual([['advance', 'skipped', 'skipped: the contact has no open deal in this pipeline']]);
  });

  it("remove from workflow stops the contact's waiting run of the other workflow (timer gone, reason shown); with none, it is skipped", async () => {
    const { deps, owner, api } = await engine();
    const contactId = await addContact(deps, owner.organizationId);
    const other = await addContact(deps, owner.organizationId, { first_name: 'Bob' });
    const nurture = await api.automations.create({ name: 'Nurture' });
    await api.automations.saveDraft({ id: nurture.id, definition: linear([], [{ id: 'pause', type: 'wait', config: { amount: 3, unit: 'days' } }]) });
    await api.automations.publish({ id: nurture.id });
    const remover = await api.automations.create({ name: 'Became a customer' });
    await api.automations.saveDraft({ id: remover.id, definition: linear([], [{ id: 'out', type: 'remove_from_workflow', config: { workflowId: nurture.id } }]) });
    await api.automations.publish({ id: remover.id });

    const nurtured = await api.automations.enroll({ id: nurture.id, contactId });
    const bobNurtured = await api.automations.enroll({ id: nurture.id, contactId: other });
    await until(
      () => api.automations.run(nurtured),
      (r) => r.status === 'waiting',
    );
    const test = await api.automations.testRun({ id: remover.id, contactId, source: 'published' });
    expect(test.notes).toEqual([`would stop the contact's active runs of workflow ${nurture.id}`]);
    expect((await api.automations.run(nurtured)).status).toBe('waiting');

    const removing = await api.automations.enroll({ id: remover.id, contactId });
    const removed = await until(
      () => api.automations.run(removing),
      (r) => r.status === 'completed',
    );
    expect(removed.steps).toEqual([expect.objectContaining({ stepId: 'out', outcome: 'done', output: { stoppedRunIds: [nurtured.runId] } })]);
    const stopped = await api.automations.run(nurtured);
    expect(stopped).toMatchObject({ status: 'stopped', currentStepId: null, waitingUntil: null, error: `stopped: removed by workflow ${remover.id}` });
    const timers = await deps.database.db.selectFrom('workflow_timers').select('run_id').where('run_id', 'in', [nurtured.runId, bobNurtured.runId]).execute();
    expect(timers).toEqual([{ run_id: bobNurtured.runId }]);
    expect((await api.automations.run(bobNurtured)).status).toBe('waiting');

    // Enrolled again (manual enrolment) with nothing left to stop.
    const again = await api.automations.enroll({ id: remover.id, contactId });
    const skipped = await until(
      () => api.automations.run(again),
      (r) => r.status === 'completed',
    );
    expect(skipped.steps.map((s) => [s.outcome, s.detail])).toEqual([['skipped', 'skipped: the contact has no active run of that workflow']]);
  });
});
