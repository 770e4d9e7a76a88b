import { orgProcedure, permittedProcedure, router } from '../trpc/init';
import { ZChangePlanInput } from './inputs';
import * as billing from './service';

export const billingRouter = router({
  /** Every member: the banner reads plan, trial days left and whether the organization is read-only. */
  status: orgProcedure.query(({ ctx }) => billing.billingStatus(ctx)),
  overview: permittedProcedure('billing:manage').query(({ ctx }) => billing.billingOverview(ctx)),
  // Reads the invoices from Stripe: no database transaction held across that call (decision 028).
  invoices: permittedProcedure('billing:manage')
    .meta({ outsideReadTransaction: true })
    .query(({ ctx }) => billing.listInvoices(ctx)),
  changePlan: permittedProcedure('billing:manage')
    .input(ZChangePlanInput)
    .mutation(({ ctx, input }) => billing.changePlan(ctx, input)),
  portal: permittedProcedure('billing:manage').mutation(({ ctx }) => billing.openCustomerPortal(ctx)),
});
