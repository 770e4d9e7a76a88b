import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ZChangeEmailInput, ZForgotPasswordInput, ZResetPasswordInput, ZVerifyEmailInput } from './schema';
import { changeEmail, resendVerification, verifyEmail } from './verification';

export const accountRouter = router({
  requestPasswordReset: publicProcedure.input(ZForgotPasswordInput).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.meta)),
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.meta)),
  verifyEmail: publicProcedure.input(ZVerifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input)),
  resendVerification: authedProcedure.mutation(({ ctx }) => resendVerification(ctx)),
  changeEmail: authedProcedure.input(ZChangeEmailInput).mutation(({ ctx, input }) => changeEmail(ctx, input)),
});
