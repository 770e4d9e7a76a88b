import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe } from './types';

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
