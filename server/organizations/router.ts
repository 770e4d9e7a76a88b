import { createApiKey, keyScopeChoices, listApiKeys, revokeApiKey } from '../auth/api-keys';
import {
  ZAcceptInviteInput,
  ZChangeRoleInput,
  ZCreateApiKeyInput,
  ZInviteMemberInput,
  ZInviteTokenInput,
  ZRemoveMemberInput,
  ZRevokeApiKeyInput,
  ZResendInviteInput,
  ZRevokeInviteInput,
  ZUpdateOrganizationInput,
} from '../auth/schema';
import { orgProcedure, permittedProcedure, publicProcedure, router } from '../trpc/init';
import { ZMemberList, ZOrganizationRecord } from './schema';
import * as organizations from './service';

export const organizationsRouter = router({
  current: orgProcedure.output(ZOrganizationRecord).query(({ ctx }) => organizations.getOrganization(ctx)),
  update: permittedProcedure('settings:manage')
    .input(ZUpdateOrganizationInput)
    .output(ZOrganizationRecord)
    .mutation(({ ctx, input }) => organizations.updateOrganization(ctx, input)),
  roles: permittedProcedure('members:read').query(({ ctx }) => organizations.roleSummary(ctx)),
});

export const membersRouter = router({
  list: permittedProcedure('members:read')
    .output(ZMemberList)
    .query(({ ctx }) => organizations.listMembers(ctx)),
  invite: permittedProcedure('members:manage')
    .input(ZInviteMemberInput)
    .mutation(({ ctx, input }) => organizations.inviteMember(ctx, input)),
  resendInvite: permittedProcedure('members:manage')
    .input(ZResendInviteInput)
    .mutation(({ ctx, input }) => organizations.resendInvite(ctx, input)),
  revokeInvite: permittedProcedure('members:manage')
    .input(ZRevokeInviteInput)
    .mutation(({ ctx, input }) => organizations.revokeInvite(ctx, input)),
  changeRole: permittedProcedure('members:manage')
    .input(ZChangeRoleInput)
    .mutation(({ ctx, input }) => organizations.changeRole(ctx, input)),
  remove: permittedProcedure('members:manage')
    .input(ZRemoveMemberInput)
    .mutation(({ ctx, input }) => organizations.removeMember(ctx, input)),
});

export const invitesRouter = router({
  describe: publicProcedure.input(ZInviteTokenInput).query(({ ctx, input }) => organizations.describeInvite(ctx.deps, input)),
  accept: publicProcedure.input(ZAcceptInviteInput).mutation(async ({ ctx, input }) => {
    const { setCookie, payload } = await organizations.acceptInvite(ctx.deps, await ctx.getAuth(), input, ctx.meta);
    if (setCookie) ctx.resHeaders.append('Set-Cookie', setCookie);
    return payload;
  }),
});

export const apiKeysRouter = router({
  list: permittedProcedure('apikeys:manage').query(({ ctx }) => listApiKeys(ctx)),
  /** What a new key of each role may be limited to. */
  scopeChoices: permittedProcedure('apikeys:manage').query(({ ctx }) => keyScopeChoices(ctx)),
  create: permittedProcedure('apikeys:manage')
    .input(ZCreateApiKeyInput)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: permittedProcedure('apikeys:manage')
    .input(ZRevokeApiKeyInput)
    .mutation(({ ctx, input }) => revokeApiKey(ctx, input)),
});
