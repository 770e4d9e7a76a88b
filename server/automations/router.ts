import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import { catalog } from './catalog';
import { hookInfo } from './hooks';
import {
  ZCatalog,
  ZCreateWorkflowInput,
  ZEnrollInput,
  ZEnrollViewInput,
  ZEnrollViewResult,
  ZEnrollResult,
  ZHookInfo,
  ZHookInfoInput,
  ZListRunsInput,
  ZOverview,
  ZRunAction,
  ZRunDetail,
  ZRunIdInput,
  ZRunPage,
  ZSaveDraftInput,
  ZSetStatusInput,
  ZStepCounts,
  ZStopRunsResult,
  ZTemplateList,
  ZTestRunInput,
  ZTestRunResult,
  ZWorkflowDetail,
  ZWorkflowIdInput,
  ZWorkflowList,
} from './schema';
import * as automations from './service';

export const automationsRouter = router({
  list: permittedProcedure('automations:read')
    .output(ZWorkflowList)
    .query(({ ctx }) => automations.listWorkflows(ctx)),
  get: permittedProcedure('automations:read')
    .input(ZWorkflowIdInput)
    .output(ZWorkflowDetail)
    .query(({ ctx, input }) => automations.getWorkflow(ctx, input)),
  create: permittedProcedure('automations:write')
    .input(ZCreateWorkflowInput)
    .output(ZWorkflowDetail)
    .mutation(({ ctx, input }) => automations.createWorkflow(ctx, input)),
  saveDraft: permittedProcedure('automations:write')
    .input(ZSaveDraftInput)
    .output(ZWorkflowDetail)
    .mutation(({ ctx, input }) => automations.saveDraft(ctx, input)),
  publish: permittedProcedure('automations:write')
    .input(ZWorkflowIdInput)
    .output(ZWorkflowDetail)
    .mutation(({ ctx, input }) => automations.publishWorkflow(ctx, input)),
  revertDraft: permittedProcedure('automations:write')
    .input(ZWorkflowIdInput)
    .output(ZWorkflowDetail)
    .mutation(({ ctx, input }) => automations.revertDraft(ctx, input)),
  setStatus: permittedProcedure('automations:write')
    .input(ZSetStatusInput)
    .output(ZWorkflowDetail)
    .mutation(({ ctx, input }) => automations.setStatus(ctx, input)),
  remove: permittedProcedure('automations:write')
    .input(ZWorkflowIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => automations.removeWorkflow(ctx, input)),
  templates: permittedProcedure('automations:read')
    .output(ZTemplateList)
    .query(() => automations.listTemplates()),
  catalog: permittedProcedure('automations:read')
    .output(ZCatalog)
    .query(() => catalog()),
  testRun: permittedProcedure('automations:write')
    .input(ZTestRunInput)
    .output(ZTestRunResult)
    .mutation(({ ctx, input }) => automations.testRun(ctx, input)),
  enroll: permittedProcedure('automations:write')
    .input(ZEnrollInput)
    .output(ZEnrollResult)
    .mutation(({ ctx, input }) => automations.enroll(ctx, input)),
  enrollView: permittedProcedure('automations:write')
    .input(ZEnrollViewInput)
    .output(ZEnrollViewResult)
    .mutation(({ ctx, input }) => automations.enrollView(ctx, input)),
  runs: permittedProcedure('automations:read')
    .input(ZListRunsInput)
    .output(ZRunPage)
    .query(({ ctx, input }) => automations.listRuns(ctx, input)),
  run: permittedProcedure('automations:read')
    .input(ZRunIdInput)
    .output(ZRunDetail)
    .query(({ ctx, input }) => automations.getRun(ctx, input)),
  stopRun: permittedProcedure('automations:write')
    .input(ZRunIdInput)
    .output(ZRunAction)
    .mutation(({ ctx, input }) => automations.stopRun(ctx, input)),
  stopRuns: permittedProcedure('automations:write')
    .input(ZWorkflowIdInput)
    .output(ZStopRunsResult)
    .mutation(({ ctx, input }) => automations.stopRuns(ctx, input)),
  pauseRun: permittedProcedure('automations:write')
    .input(ZRunIdInput)
    .output(ZRunAction)
    .mutation(({ ctx, input }) => automations.pauseRun(ctx, input)),
  resumeRun: permittedProcedure('automations:write')
    .input(ZRunIdInput)
    .output(ZRunAction)
    .mutation(({ ctx, input }) => automations.resumeRun(ctx, input)),
  stepCounts: permittedProcedure('automations:read')
    .input(ZWorkflowIdInput)
    .output(ZStepCounts)
    .query(({ ctx, input }) => automations.stepCounts(ctx, input)),
  overview: permittedProcedure('automations:read')
    .output(ZOverview)
    .query(({ ctx }) => automations.overview(ctx)),
  /** The inbound webhook's URL and signing secret (made on first ask; `rotate` replaces the secret). */
  hook: permittedProcedure('automations:write')
    .input(ZHookInfoInput)
    .output(ZHookInfo)
    .mutation(({ ctx, input }) => hookInfo(ctx, input)),
});
