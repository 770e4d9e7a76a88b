import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

const DEFINITION = { version: 1 as const, triggers: [], steps: [{ id: 'tag', type: 'add_tag', config: { tag: 'probe' } }], edges: [{ from: 'start', to: 'tag' }] };

/** A published workflow of organization A. */
async function aWorkflow(api: Caller) {
  const workflow = await api.automations.create({ name: 'Probe workflow' });
  await api.automations.saveDraft({ id: workflow.id, definition: DEFINITION });
  await api.automations.publish({ id: workflow.id });
  return workflow.id;
}

async function aContact(deps: AppDeps, a: Account) {
  return (await deps.database.db.insertInto('contacts').values({ organization_id: a.organizationId, first_name: 'Probe' }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A run of A's, written as the engine writes one (these tests run no job queue). */
async function aRun(deps: AppDeps, a: Account, api: Caller, status: 'waiting' | 'paused' = 'waiting') {
  const workflowId = await aWorkflow(api);
  const contactId = await aContact(deps, a);
  const run = await deps.database.db
    .insertInto('workflow_runs')
    .values({ organization_id: a.organizationId, workflow_id: workflowId, version: 1, contact_id: contactId, status, current_step_id: 'tag', trigger: 'manual' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

export const probes: Record<string, Probe> = {
  'automations.get': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.saveDraft': async (_d, _a, api) => ({ id: await aWorkflow(api), definition: DEFINITION }),
  'automations.publish': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.revertDraft': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.setStatus': async (_d, _a, api) => ({ id: await aWorkflow(api), status: 'paused' }),
  'automations.remove': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.stepCounts': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.testRun': async (deps, a, api) => ({ id: await aWorkflow(api), contactId: await aContact(deps, a), source: 'published' }),
  'automations.enroll': async (deps, a, api) => ({ id: await aWorkflow(api), contactId: await aContact(deps, a) }),
  'automations.enrollView': async (deps, a, api) => {
    const view = await deps.database.db
      .insertInto('saved_views')
      .values({ organization_id: a.organizationId, user_id: a.userId, entity: 'contacts', name: 'Probe view', filters: '{}', sort: 'null' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: await aWorkflow(api), viewId: view.id };
  },
  'automations.runs': async (deps, a, api) => {
    const runId = await aRun(deps, a, api);
    const run = await deps.database.db.selectFrom('workflow_runs').select('workflow_id').where('id', '=', runId).executeTakeFirstOrThrow();
    return { input: { workflowId: run.workflow_id }, accept: (result: unknown) => (result as { items: unknown[] }).items.length === 0 };
  },
  'automations.run': async (deps, a, api) => ({ runId: await aRun(deps, a, api) }),
  'automations.stopRun': async (deps, a, api) => ({ runId: await aRun(deps, a, api) }),
  'automations.stopRuns': async (_d, _a, api) => ({ id: await aWorkflow(api) }),
  'automations.pauseRun': async (deps, a, api) => ({ runId: await aRun(deps, a, api) }),
  'automations.resumeRun': async (deps, a, api) => ({ runId: await aRun(deps, a, api, 'paused') }),
  'automations.hook': async (_d, _a, api) => ({ id: await aWorkflow(api), rotate: true }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/v1/workflows/:id/definition': (_d, _a, api) => aWorkflow(api),
  'POST /api/v1/workflows/:id/publish': (_d, _a, api) => aWorkflow(api),
  'POST /api/v1/workflows/:id/enrollments': (_d, _a, api) => aWorkflow(api),
  'GET /api/v1/workflows/:id/runs': (_d, _a, api) => aWorkflow(api),
};

export const capabilityRoutes: Record<string, string> = {
  // The token is the workflow's webhook capability and the body must be signed with its secret; the organization comes from the workflow (tests/integration/automation-triggers-webhook.test.ts).
  'POST /api/automations/hooks/:token': 'the path parameter is a workflow’s unguessable webhook token, and the body must carry an HMAC signature under its secret',
};
