import { permittedProcedure, router } from '../trpc/init';
import { ZConnectionResult, ZProviderInput, ZProviderStatus, ZProvidersOverview, ZSaveKitInput, ZSaveSmtpInput, ZSaveStripeInput, ZSaveTwilioInput } from './schema';
import * as providers from './service';

/** Settings → Integrations: provider settings (admins, signed in). */
export const providersRouter = router({
  overview: permittedProcedure('providers:manage')
    .output(ZProvidersOverview)
    .query(({ ctx }) => providers.providersOverview(ctx)),
  saveTwilio: permittedProcedure('providers:manage')
    .input(ZSaveTwilioInput)
    .output(ZProviderStatus)
    .mutation(({ ctx, input }) => providers.saveTwilio(ctx, input)),
  saveSmtp: permittedProcedure('providers:manage')
    .input(ZSaveSmtpInput)
    .output(ZProviderStatus)
    .mutation(({ ctx, input }) => providers.saveSmtp(ctx, input)),
  saveStripe: permittedProcedure('providers:manage')
    .input(ZSaveStripeInput)
    .output(ZProviderStatus)
    .mutation(({ ctx, input }) => providers.saveStripe(ctx, input)),
  saveKit: permittedProcedure('providers:manage')
    .input(ZSaveKitInput)
    .output(ZProviderStatus)
    .mutation(({ ctx, input }) => providers.saveKit(ctx, input)),
  clear: permittedProcedure('providers:manage')
    .input(ZProviderInput)
    .output(ZProviderStatus)
    .mutation(({ ctx, input }) => providers.clearProvider(ctx, input)),
  test: permittedProcedure('providers:manage')
    .input(ZProviderInput)
    .output(ZConnectionResult)
    .mutation(({ ctx, input }) => providers.testProvider(ctx, input)),
});
