import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, HostileCase, HostileDoor, HostileWorld, Probe } from './types';

/** Organization A's default pipeline (created at signup) and its stages. */
export async function defaultPipeline(api: Caller) {
  const { items } = await api.pipelines.list();
  return items.find((p) => p.isDefault)!;
}

async function aDeal(api: Caller) {
  return api.deals.create({ title: 'Probe deal', value: { valueMinor: 1000, currency: 'USD' } });
}

export async function aContact(deps: AppDeps, a: Account): Promise<string> {
  const row = await deps.database.db.insertInto('contacts').values({ organization_id: a.organizationId, first_name: 'Probe', last_name: 'Contact' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const probes: Record<string, Probe> = {
  'pipelines.get': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).id }),
  'pipelines.update': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).id, name: 'Taken over' }),
  'pipelines.delete': async (_d, _a, api) => ({ id: (await api.pipelines.create({ name: 'Second' })).id }),
  'pipelines.createStage': async (_d, _a, api) => ({ pipelineId: (await defaultPipeline(api)).id, name: 'Injected' }),
  'pipelines.updateStage': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).stages[0]!.id, name: 'Renamed' }),
  'pipelines.deleteStage': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).stages[1]!.id }),
  'pipelines.reorderStages': async (_d, _a, api) => {
    const pipeline = await defaultPipeline(api);
    return { pipelineId: pipeline.id, stageIds: pipeline.stages.map((s) => s.id).reverse() };
  },
  'deals.board': async (_d, _a, api) => ({ pipelineId: (await defaultPipeline(api)).id }),
  'deals.list': async (_d, _a, api) => ({ pipelineId: (await defaultPipeline(api)).id }),
  'deals.get': async (_d, _a, api) => ({ id: (await aDeal(api)).id }),
  'deals.timeline': async (_d, _a, api) => ({ dealId: (await aDeal(api)).id }),
  'deals.create': async (_d, _a, api) => ({ title: 'Into A', pipelineId: (await defaultPipeline(api)).id }),
  'deals.update': async (_d, _a, api) => ({ id: (await aDeal(api)).id, title: 'Taken over' }),
  'deals.move': async (_d, _a, api) => {
    const deal = await aDeal(api);
    return { dealId: deal.id, stageId: (await defaultPipeline(api)).stages[1]!.id };
  },
  'deals.delete': async (_d, _a, api) => ({ id: (await aDeal(api)).id }),
};

// ——— Hostile input (tests/security/hostile-doors.test.ts) ———

const PIPELINE_TABLES = ['pipelines', 'pipeline_stages', 'deals', 'deal_stage_history', 'activities'];
const unique = () => Math.random().toString(36).slice(2, 8);

/** B's default pipeline, and a second one whose first stage holds a deal; A's default pipeline, whose first stage holds a deal. */
async function pipelines(w: HostileWorld) {
  const mine = await defaultPipeline(w.apiB);
  const second = await w.apiB.pipelines.create({ name: `Second ${unique()}` });
  await w.apiB.deals.create({ title: 'Held', stageId: second.stages[0]!.id });
  const theirs = await defaultPipeline(w.apiA);
  await w.apiA.deals.create({ title: 'Theirs', stageId: theirs.stages[0]!.id });
  return { mine, second, theirs };
}

type Pipelines = Awaited<ReturnType<typeof pipelines>>;

/** One pipelines.* procedure and the /api/v1 route over it (server/api-v1/resources.ts), probed alike. */
function doors(
  procedure: string,
  route: string,
  params: Record<string, string> | undefined,
  fields: HostileDoor['fields'],
  input: (p: Pipelines) => Record<string, unknown>,
  foreign: (p: Pipelines) => Record<string, string>,
  cases: (p: Pipelines) => Record<string, [field: string, change: Record<string, unknown>]> = () => ({}),
): Record<string, HostileDoor> {
  const door: HostileDoor = {
    fields,
    tables: PIPELINE_TABLES,
    prepare: async (w) => {
      const p = await pipelines(w);
      const valid = input(p);
      const own = Object.entries(cases(p)).map(([name, [field, change]]): HostileCase => ({ name, field, input: { ...valid, ...change } }));
      return { input: valid, foreign: { pipeline: p.theirs.id, ...foreign(p) }, cases: own };
    },
  };
  return { [`tRPC ${procedure}`]: door, [route]: params ? { ...door, params } : door };
}

const named = (p: Pipelines, at: number) => p.second.stages[at]!.id;

export const hostileDoors: Record<string, HostileDoor> = {
  ...doors(
    'pipelines.create',
    'POST /api/v1/pipelines',
    undefined,
    { name: 'text', isDefault: 'bool' },
    () => ({ name: `New ${unique()}` }),
    () => ({}),
    (p) => ({
      'stages empty': ['stages', { stages: [] }],
      'stages 31 of them': ['stages', { stages: Array.from({ length: 31 }, (_, i) => ({ name: `S${i}` })) }],
      'stages not a list': ['stages', { stages: 'Lead' }],
      "a stage's name with a NUL": ['stages.0.name', { stages: [{ name: 'a\u0000b' }] }],
      "a stage's name used twice": ['stages.1.name', { stages: [{ name: 'Lead' }, { name: 'LEAD' }] }],
      "a stage's kind unknown": ['stages.0.kind', { stages: [{ name: 'Lead', kind: 'maybe' }] }],
      "a stage's probability 101": ['stages.0.probability', { stages: [{ name: 'Lead', probability: 101 }] }],
      "a stage naming A's pipeline": ['stages.0.pipelineId', { stages: [{ name: 'Lead', pipelineId: p.theirs.id }] }],
      'a name taken by another pipeline': ['name', { name: p.mine.name.toLowerCase() }],
    }),
  ),
  ...doors(
    'pipelines.update',
    'PATCH /api/v1/pipelines/:id',
    { id: 'id' },
    { id: 'id', name: 'text', isDefault: 'bool' },
    (p) => ({ id: p.second.id, name: `Renamed ${unique()}` }),
    (p) => ({ id: p.theirs.id }),
    (p) => ({ 'name taken by another pipeline': ['name', { name: p.mine.name }] }),
  ),
  ...doors(
    'pipelines.delete',
    'DELETE /api/v1/pipelines/:id',
    { id: 'id' },
    { id: 'id', moveDealsToStageId: 'id' },
    (p) => ({ id: p.second.id, moveDealsToStageId: p.mine.stages[0]!.id }),
    (p) => ({ id: p.theirs.id, moveDealsToStageId: p.theirs.stages[0]!.id }),
    (p) => ({
      'moveDealsToStageId a stage of the pipeline deleted': ['moveDealsToStageId', { moveDealsToStageId: named(p, 1) }],
      'moveDealsToStageId a won stage': ['moveDealsToStageId', { moveDealsToStageId: p.mine.stages.find((s) => s.kind === 'won')!.id }],
      'no moveDealsToStageId while it holds a deal': ['moveDealsToStageId', { moveDealsToStageId: undefined }],
    }),
  ),
  ...doors(
    'pipelines.createStage',
    'POST /api/v1/pipelines/:id/stages',
    { id: 'pipelineId' },
    { pipelineId: 'id', name: 'text', probability: 'int', kind: 'enum', position: 'int' },
    (p) => ({ pipelineId: p.second.id, name: `Stage ${unique()}` }),
    (p) => ({ pipelineId: p.theirs.id }),
    (p) => ({ 'name of a stage it has': ['name', { name: p.second.stages[0]!.name.toUpperCase() }] }),
  ),
  ...doors(
    'pipelines.updateStage',
    'PATCH /api/v1/stages/:id',
    { id: 'id' },
    { id: 'id', name: 'text', probability: 'int', kind: 'enum' },
    (p) => ({ id: named(p, 1), name: `Stage ${unique()}` }),
    (p) => ({ id: p.theirs.stages[0]!.id }),
    (p) => ({
      'name of another stage of its pipeline': ['name', { name: p.second.stages[2]!.name }],
      'kind of a stage holding a deal': ['kind', { id: named(p, 0), kind: 'won' }],
    }),
  ),
  ...doors(
    'pipelines.deleteStage',
    'DELETE /api/v1/stages/:id',
    { id: 'id' },
    { id: 'id', moveDealsToStageId: 'id' },
    (p) => ({ id: named(p, 0), moveDealsToStageId: named(p, 1) }),
    (p) => ({ id: p.theirs.stages[1]!.id, moveDealsToStageId: p.theirs.stages[0]!.id }),
    (p) => ({
      'moveDealsToStageId a stage of another pipeline': ['moveDealsToStageId', { moveDealsToStageId: p.mine.stages[0]!.id }],
      'moveDealsToStageId the stage itself': ['moveDealsToStageId', { moveDealsToStageId: named(p, 0) }],
      'moveDealsToStageId a won stage': ['moveDealsToStageId', { moveDealsToStageId: p.second.stages.find((s) => s.kind === 'won')!.id }],
      'no moveDealsToStageId while it holds a deal': ['moveDealsToStageId', { moveDealsToStageId: undefined }],
    }),
  ),
  ...doors(
    'pipelines.reorderStages',
    'POST /api/v1/pipelines/:id/stages/reorder',
    { id: 'pipelineId' },
    { pipelineId: 'id', stageIds: 'ids' },
    (p) => ({ pipelineId: p.second.id, stageIds: p.second.stages.map((s) => s.id).reverse() }),
    (p) => ({ pipelineId: p.theirs.id, stageIds: p.theirs.stages[0]!.id }),
    (p) => ({
      "stageIds another pipeline's": ['stageIds', { stageIds: p.mine.stages.map((s) => s.id) }],
      'stageIds one twice': ['stageIds', { stageIds: [...p.second.stages.slice(1).map((s) => s.id), named(p, 1)] }],
      'stageIds one missing': ['stageIds', { stageIds: p.second.stages.slice(1).map((s) => s.id) }],
    }),
  ),
};
