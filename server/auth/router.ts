import { publicProcedure, authedProcedure, router } from '../trpc/init';
import { ZChangePasswordInput, ZLoginInput, ZRevokeSessionInput, ZSignupInput, ZSwitchOrganizationInput, ZUpdatePreferencesInput, ZUpdateProfileInput } from './schema';
import * as auth from './service';

export const authRouter = router({
  signup: publicProcedure.input(ZSignupInput).mutation(async ({ ctx, input }) => {
    const { setCookie, payload } = await auth.signup(ctx.deps, input, ctx.meta);
    ctx.resHeaders.append('Set-Cookie', setCookie);
    return payload;
  }),
  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const { setCookie, deviceCookie, payload } = await auth.login(ctx.deps, input, ctx.meta, ctx.req.headers.get('cookie'));
    ctx.resHeaders.append('Set-Cookie', setCookie);
    if (deviceCookie) ctx.resHeaders.append('Set-Cookie', deviceCookie);
    return payload;
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    ctx.resHeaders.append('Set-Cookie', await auth.logout(ctx));
  }),
  me: authedProcedure.query(({ ctx }) => auth.me(ctx)),
  /** Like `me`, but answers null when signed out: public pages ask without provoking a 401. */
  session: publicProcedure.query(async ({ ctx }) => {
    const current = await ctx.getAuth();
    return current?.user && current.session ? auth.me({ db: ctx.deps.database.db, auth: { ...current, user: current.user, session: current.session } }) : null;
  }),
  updatePreferences: authedProcedure.input(ZUpdatePreferencesInput).mutation(({ ctx, input }) => auth.updatePreferences(ctx, input)),
  updateProfile: authedProcedure.input(ZUpdateProfileInput).mutation(({ ctx, input }) => auth.updateProfile(ctx, input)),
  changePassword: authedProcedure.input(ZChangePasswordInput).mutation(({ ctx, input }) => auth.changePassword(ctx, input)),
  sessions: authedProcedure.query(({ ctx }) => auth.listSessions(ctx)),
  revokeSession: authedProcedure.input(ZRevokeSessionInput).mutation(({ ctx, input }) => auth.revokeSession(ctx, input)),
  switchOrganization: authedProcedure.input(ZSwitchOrganizationInput).mutation(({ ctx, input }) => auth.switchOrganization(ctx, input)),
});
