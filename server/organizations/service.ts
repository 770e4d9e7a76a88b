import { recordAudit } from '../audit/service';
import { narrowKeysOfMember, revokeKeysOfMember } from '../auth/api-keys';
import { ROLE_ORDER, roleRank } from '../kernel/permissions';
import { hashPassword } from '../auth/password';
import { actorOf, type Auth } from '../kernel/caller';
import type { z } from 'zod';
import {
  ROLE_LABELS,
  type ZAcceptInviteInput,
  type ZChangeRoleInput,
  type ZInviteMemberInput,
  type ZInviteTokenInput,
  type ZRemoveMemberInput,
  type ZResendInviteInput,
  type ZRevokeInviteInput,
  type ZUpdateOrganizationInput,
} from '../auth/schema';
import { authPayload } from '../auth/service';
import { assertWithinLimit } from '../plans/limits';
import { sessionManager } from '../auth/session';
import { randomToken, sha256 } from '../auth/tokens';
import type { Db } from '../db';
import type { RoleKey } from '../db/schema';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { publishEvent } from '../events/publish';
import type { RequestMeta } from '../http/meta';
import { internationalFormat, normalizePhone } from '../phone';
import { sendAccountEmail } from '../kernel/account-emails';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { readSettings, updateSettings } from './settings';

export const INVITE_DAYS = 7;

type Deps = Pick<AppDeps, 'database' | 'config'>;
type OrgReader = Pick<OrgContext, 'db' | 'organizationId'>;

const orgOf = (ctx: OrgReader) => scoped(ctx.db, ctx.organizationId);

export type { OrganizationSettings } from './settings';

export async function getOrganization(ctx: OrgReader) {
  const { db } = ctx;
  const [org, settings] = await Promise.all([
    db.selectFrom('organizations').select(['id', 'name', 'created_at']).where('id', '=', ctx.organizationId).executeTakeFirstOrThrow(),
    readSettings(db, ctx.organizationId),
  ]);
  return { id: org.id, name: org.name, settings, createdAt: org.created_at.toISOString() };
}

/** The business phone as typed (read in the organization's country without a +), in international form; VALIDATION naming `phone` when it is no phone. */
function businessPhone(typed: string, country: string): string {
  const phone = normalizePhone(typed, country);
  if (!phone.ok) throw new DomainError('VALIDATION', `phone: ${phone.reason}`, { issues: [{ path: 'phone', message: phone.reason }] });
  return internationalFormat(phone.e164);
}

export async function updateOrganization(ctx: OrgContext, input: z.output<typeof ZUpdateOrganizationInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const { name, phone, ...settings } = input;
    await updateSettings(trx, ctx.organizationId, (current) => ({
      ...settings,
      ...(phone === undefined ? {} : { phone: phone ? businessPhone(phone, settings.country ?? current.country) : null }),
    }));
    if (name) await trx.updateTable('organizations').set({ name, updated_at: new Date() }).where('id', '=', ctx.organizationId).execute();
    await recordAudit(trx, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'organization.updated', details: { changed: Object.keys(input) }, meta: ctx.meta });
  });
  return getOrganization(ctx);
}

export async function listMembers(ctx: OrgReader) {
  const [members, invites] = await Promise.all([
    orgOf(ctx)
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.name', 'users.email', 'users.last_active_at', 'memberships.role', 'memberships.created_at'])
      .orderBy('users.name')
      .execute(),
    orgOf(ctx)
      .selectFrom('invites')
      .select(['id', 'email', 'role', 'expires_at', 'created_at'])
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    members: members.map((m) => ({
      userId: m.id,
      name: m.name,
      email: m.email,
      role: m.role,
      lastActive: m.last_active_at?.toISOString() ?? null,
      joinedAt: m.created_at.toISOString(),
    })),
    invites: invites.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expires_at.toISOString(), createdAt: i.created_at.toISOString() })),
  };
}

/** Roles of spec app-core §6 with how many members hold each, for the security center. */
export async function roleSummary(ctx: OrgReader) {
  const counts = await orgOf(ctx)
    .selectFrom('memberships')
    .select(['role', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('role')
    .execute();
  return ROLE_ORDER.map((role) => ({
    role,
    ...ROLE_LABELS[role],
    members: Number(counts.find((c) => c.role === role)?.n ?? 0),
  }));
}

function assertMayGrant(auth: Auth & { organization: { role: RoleKey } }, role: RoleKey): void {
  if (roleRank(role) < roleRank(auth.organization.role)) {
    throw new DomainError('FORBIDDEN', `role: You cannot grant ${ROLE_LABELS[role].label}, which is above your own role`, {
      issues: [{ path: 'role', message: `You cannot grant ${ROLE_LABELS[role].label}, which is above your own role` }],
    });
  }
}

/**
 * Creates a single-use invite link valid for seven days and e-mails it to the address; the inviter
 * can also copy it (the answer's `url`).
 */
export async function inviteMember(ctx: OrgContext, input: z.output<typeof ZInviteMemberInput>) {
  assertMayGrant(ctx.auth, input.role);
  const existing = await orgOf(ctx).selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select('users.id').where('users.email', '=', input.email).executeTakeFirst();
  if (existing) {
    throw new DomainError('CONFLICT', 'email: is already a member of this organization', { issues: [{ path: 'email', message: 'is already a member of this organization' }] });
  }
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000);
  const url = inviteUrl(ctx, token);
  const invite = await ctx.db.transaction().execute(async (trx) => {
    // A new invite to the same address replaces any pending one.
    await scoped(trx, ctx.organizationId)
      .updateTable('invites')
      .set({ revoked_at: new Date() })
      .where('email', '=', input.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    // Members and pending invites count against the plan's team size.
    await assertWithinLimit(trx, ctx.organizationId, 'members');
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('invites', { email: input.email, role: input.role, token_hash: sha256(token), invited_by: actorIdOf(ctx), expires_at: expiresAt })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'member.invited',
      target: { type: 'invite', id: row.id },
      details: { email: input.email, role: input.role },
      meta: ctx.meta,
    });
    const { queued } = await mailInvite(trx, ctx, { email: input.email, role: input.role, url });
    return { ...row, emailed: queued };
  });
  return { id: invite.id, email: input.email, role: input.role, expiresAt: expiresAt.toISOString(), url, emailed: invite.emailed };
}

const inviteUrl = (ctx: OrgContext, token: string) => `${ctx.deps.config.publicUrl}/invite/${token}`;

/** `queued` is false when the address hard-bounced before: nothing is sent, the link is still there to copy. */
async function mailInvite(trx: Db, ctx: OrgContext, invite: { email: string; role: RoleKey; url: string }): Promise<{ queued: boolean }> {
  const organization = await trx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
  return sendAccountEmail(trx, ctx.deps, {
    type: 'invite',
    organizationId: ctx.organizationId,
    email: invite.email,
    link: invite.url,
    organizationName: organization.name,
    inviterName: ctx.auth.user?.name ?? organization.name,
    roleLabel: ROLE_LABELS[invite.role].label,
  });
}

/**
 * E-mails a pending invite again with a new link valid seven more days; the earlier link stops
 * working (only its hash was kept, so it cannot be sent again).
 */
export async function resendInvite(ctx: OrgContext, { id }: z.output<typeof ZResendInviteInput>) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000);
  const url = inviteUrl(ctx, token);
  return ctx.db.transaction().execute(async (trx) => {
    const invite = await scoped(trx, ctx.organizationId)
      .updateTable('invites')
      .set({ token_hash: sha256(token), expires_at: expiresAt })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['id', 'email', 'role'])
      .executeTakeFirst();
    if (!invite) throw new DomainError('NOT_FOUND', 'Invite not found');
    await recordAudit(trx, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'member.invite_resent', target: { type: 'invite', id }, meta: ctx.meta });
    const { queued } = await mailInvite(trx, ctx, { email: invite.email, role: invite.role, url });
    return { id: invite.id, email: invite.email, role: invite.role, expiresAt: expiresAt.toISOString(), url, emailed: queued };
  });
}

export async function revokeInvite(ctx: OrgContext, { id }: z.output<typeof ZRevokeInviteInput>): Promise<void> {
  const result = await orgOf(ctx).updateTable('invites').set({ revoked_at: new Date() }).where('id', '=', id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'Invite not found');
  await recordAudit(ctx.db, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'member.invite_revoked', target: { type: 'invite', id }, meta: ctx.meta });
}

async function findUsableInvite(db: Db, token: string) {
  const invite = await db
    .selectFrom('invites')
    .innerJoin('organizations', 'organizations.id', 'invites.organization_id')
    .select(['invites.id', 'invites.organization_id', 'invites.email', 'invites.role', 'invites.expires_at', 'invites.accepted_at', 'invites.revoked_at', 'organizations.name as organization_name'])
    .where('invites.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!invite || invite.revoked_at) throw new DomainError('NOT_FOUND', 'This invite link is not valid');
  if (invite.accepted_at) throw new DomainError('CONFLICT', 'This invite link has already been used');
  if (invite.expires_at <= new Date()) throw new DomainError('CONFLICT', 'This invite link has expired; ask for a new one');
  return invite;
}

/** What the invite page shows before accepting. */
export async function describeInvite(deps: Deps, { token }: z.output<typeof ZInviteTokenInput>) {
  const db = deps.database.db;
  const invite = await findUsableInvite(db, token);
  const account = await db.selectFrom('users').select('id').where('email', '=', invite.email).executeTakeFirst();
  return {
    organizationName: invite.organization_name,
    email: invite.email,
    role: invite.role,
    roleLabel: ROLE_LABELS[invite.role].label,
    accountExists: Boolean(account),
    expiresAt: invite.expires_at.toISOString(),
  };
}

/**
 * Accepts an invite: a signed-in user whose e-mail matches joins; someone without an account
 * creates one with a name and password. The session moves to the organization joined.
 */
export async function acceptInvite(deps: Deps, auth: Auth | null, input: z.output<typeof ZAcceptInviteInput>, meta: RequestMeta) {
  const db = deps.database.db;
  const invite = await findUsableInvite(db, input.token);
  const existing = await db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', invite.email).executeTakeFirst();
  if (auth?.user && auth.user.email !== invite.email) {
    throw new DomainError('FORBIDDEN', `This invite is for ${invite.email}; sign out and sign in with that e-mail to accept it`);
  }
  if (existing && !auth?.user) throw new DomainError('UNAUTHENTICATED', `Sign in as ${invite.email} to accept this invite`);
  if (!existing && (!input.name || !input.password)) {
    const issues = [...(!input.name ? [{ path: 'name', message: 'is required' }] : []), ...(!input.password ? [{ path: 'password', message: 'is required' }] : [])];
    throw new DomainError('VALIDATION', `${issues[0]!.path}: is required`, { issues });
  }
  const passwordHash = existing ? undefined : await hashPassword(input.password!);
  const userId = await db.transaction().execute(async (trx) => {
    // Claim the invite first so two concurrent accepts cannot both succeed.
    const claimed = await trx.updateTable('invites').set({ accepted_at: new Date() }).where('id', '=', invite.id).where('accepted_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new DomainError('CONFLICT', 'This invite link has already been used');
    const id =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({ email: invite.email, name: input.name!, password_hash: passwordHash!, preferences: '{}', email_verified_at: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .insertInto('memberships')
      .values({ organization_id: invite.organization_id, user_id: id, role: invite.role })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
      .execute();
    await recordAudit(trx, {
      organizationId: invite.organization_id,
      actor: { userId: id, apiKeyId: null, label: `${existing?.name ?? input.name} <${invite.email}>` },
      action: 'member.joined',
      target: { type: 'user', id },
      details: { role: invite.role },
      meta,
    });
    await publishEvent(trx, { organizationId: invite.organization_id, type: 'member_joined', payload: { userId: id, name: existing?.name ?? input.name, role: invite.role }, actorUserId: id });
    return id;
  });
  let setCookie: string | undefined;
  if (auth?.session) {
    await db.updateTable('sessions').set({ organization_id: invite.organization_id }).where('id', '=', auth.session.id).execute();
  } else {
    setCookie = (await sessionManager(db, deps.config).create(userId, { organizationId: invite.organization_id, ip: meta.ip, userAgent: meta.userAgent })).setCookie;
  }
  return { setCookie, payload: await authPayload(db, userId, invite.organization_id) };
}

async function targetMembership(ctx: OrgContext, userId: string) {
  const member = await orgOf(ctx).selectFrom('memberships').select(['user_id', 'role']).where('user_id', '=', userId).executeTakeFirst();
  if (!member) throw new DomainError('NOT_FOUND', 'Member not found');
  // Only a peer or someone above may change a member.
  if (roleRank(member.role) < roleRank(ctx.auth.organization.role)) {
    throw new DomainError('FORBIDDEN', 'You cannot change a member whose role is above your own');
  }
  return member;
}

async function assertKeepsSuperAdmin(trx: Db, organizationId: string): Promise<void> {
  const row = await scoped(trx, organizationId)
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'super_admin')
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) throw new DomainError('CONFLICT', 'An organization must keep at least one Super Admin');
}

export async function changeRole(ctx: OrgContext, input: z.output<typeof ZChangeRoleInput>) {
  assertMayGrant(ctx.auth, input.role);
  const member = await targetMembership(ctx, input.userId);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId).updateTable('memberships').set({ role: input.role }).where('user_id', '=', input.userId).execute();
    await assertKeepsSuperAdmin(trx, ctx.organizationId);
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'member.role_changed',
      target: { type: 'user', id: input.userId },
      details: { from: member.role, to: input.role },
      meta: ctx.meta,
    });
    // Their API keys never carry more than their role now does.
    await narrowKeysOfMember(trx, { organizationId: ctx.organizationId, userId: input.userId, role: input.role, actor: actorOf(ctx.auth), meta: ctx.meta });
  });
  return { userId: input.userId, role: input.role };
}

export async function removeMember(ctx: OrgContext, input: z.output<typeof ZRemoveMemberInput>): Promise<void> {
  const member = await targetMembership(ctx, input.userId);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId).deleteFrom('memberships').where('user_id', '=', input.userId).execute();
    await assertKeepsSuperAdmin(trx, ctx.organizationId);
    // Their sessions leave this organization with them.
    await trx.updateTable('sessions').set({ organization_id: null }).where('user_id', '=', input.userId).where('organization_id', '=', ctx.organizationId).execute();
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'member.removed',
      target: { type: 'user', id: input.userId },
      details: { role: member.role },
      meta: ctx.meta,
    });
    // And so do the API keys they made.
    await revokeKeysOfMember(trx, { organizationId: ctx.organizationId, userId: input.userId, actor: actorOf(ctx.auth), meta: ctx.meta });
    await publishEvent(trx, { organizationId: ctx.organizationId, type: 'member_left', payload: { userId: input.userId }, actorUserId: actorIdOf(ctx) });
  });
}
