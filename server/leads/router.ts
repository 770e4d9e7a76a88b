import { permittedProcedure, publicProcedure, router } from '../trpc/init';
import { ZIntegrationLogInput, ZListFormsInput, ZListSubmissionsInput, ZSubmitLeadInput } from './schema';
import * as leads from './service';

export const leadsRouter = router({
  /** The public forms' submission (the same as POST /api/convertkit/subscribe); the organization is the site owner's. */
  submit: publicProcedure.input(ZSubmitLeadInput).mutation(async ({ ctx, input }) => {
    await leads.submitLead(ctx.deps, input, ctx.meta);
    return { success: true as const };
  }),
  forms: permittedProcedure('forms:read')
    .input(ZListFormsInput.prefault({}))
    .query(({ ctx, input }) => leads.listForms(ctx, input)),
  submissions: permittedProcedure('forms:read')
    .input(ZListSubmissionsInput)
    .query(({ ctx, input }) => leads.listSubmissions(ctx, input)),
  integrationLog: permittedProcedure('forms:read')
    .input(ZIntegrationLogInput)
    .query(({ ctx, input }) => leads.integrationLog(ctx, input)),
});
