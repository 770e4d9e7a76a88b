import { defaultStages } from '../../integration/analytics-fixture';
import type { Probe } from './types';

export const probes: Record<string, Probe> = {
  'analytics.pipelineAnalysis': async (deps, a) => ({ pipelineId: (await defaultStages(deps.database.db, a.organizationId)).pipelineId }),
  'analytics.report': async (deps, a) => ({ report: 'pipeline', period: '30d', pipelineId: (await defaultStages(deps.database.db, a.organizationId)).pipelineId }),
  'spend.delete': async (_deps, _a, api) => ({ id: (await api.spend.create({ channel: 'probe', amountMinor: 100, spentOn: '2026-06-01' })).id }),
};
