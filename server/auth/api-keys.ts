import { recordAudit } from '../audit/service';
import type { Actor } from '../kernel/caller';
import type { Db } from '../db';
import type { RoleKey } from '../db/schema';
import { scoped } from '../db/scoped';
import type { z } from 'zod';
import { DomainError } from '../errors';
import type { RequestMeta } from '../http/meta';
import type { OrgContext } from '../kernel/context';
import { ROLE_ORDER, roleRank } from '../kernel/permissions';
import { API_KEY_PREFIX } from './resolve';
import { actorOf } from '../kernel/caller';
import { ROLE_LABELS, type ZCreateApiKeyInput, type ZRevokeApiKeyInput } from './schema';
import { keyPermissions } from './permissions';
import { randomToken, sha256 } from './tokens';

/** Creates a key carrying a role's permissions; the secret is returned this once and stored hashed. */
export async function createApiKey(ctx: OrgContext, input: z.output<typeof ZCreateApiKeyInput>) {
  // apikeys:manage is session-only (assertPermission), so a key never reaches here; a key needs a member to act for.
  const creator = ctx.auth.user;
  if (!creator) throw new DomainError('FORBIDDEN', 'This action needs a signed-in user, not an API key');
  if (roleRank(input.role) < roleRank(ctx.auth.organization.role)) {
    throw new DomainError('FORBIDDEN', `role: A key cannot carry ${ROLE_LABELS[input.role].label}, which is above your own role`, {
      issues: [{ path: 'role', message: `cannot be above your own role` }],
    });
  }
  const scopes = input.scopes ? checkedScopes(input.role, input.scopes) : null;
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const prefix = secret.slice(0, 10);
  const key = await ctx.db.transaction().execute(async (trx) => {
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('api_keys', { name: input.name, role: input.role, prefix, secret_hash: sha256(secret), created_by: creator.id, scopes })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'apikey.created',
      target: { type: 'api_key', id: row.id },
      details: { name: input.name, role: input.role, scopes },
      meta: ctx.meta,
    });
    return row;
  });
  return { id: key.id, name: input.name, role: input.role, scopes, prefix, secret, createdAt: key.created_at.toISOString() };
}

/** A key's scopes: each a permission its role lets a key carry, named by its place when not; deduplicated. */
function checkedScopes(role: RoleKey, scopes: string[]): string[] {
  const carried: readonly string[] = keyPermissions(role);
  const issues = scopes.flatMap((scope, i) => (carried.includes(scope) ? [] : [{ path: `scopes.${i}`, message: `is not a permission a ${ROLE_LABELS[role].label} key can carry` }]));
  if (issues.length > 0) throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  return [...new Set(scopes)];
}

/** For the create form: what a key of each role the caller may grant can be limited to. */
export function keyScopeChoices(ctx: OrgContext) {
  return ROLE_ORDER.filter((role) => roleRank(role) >= roleRank(ctx.auth.organization.role)).map((role) => ({ role, permissions: keyPermissions(role) }));
}

export async function listApiKeys(ctx: Pick<OrgContext, 'db' | 'organizationId'>) {
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.role',
      'api_keys.scopes',
      'api_keys.prefix',
      'api_keys.created_at',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
      'users.name as created_by_name',
    ])
    .orderBy('api_keys.created_at', 'desc')
    .execute();
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    role: k.role,
    scopes: k.scopes,
    prefix: k.prefix,
    createdBy: k.created_by_name,
    createdAt: k.created_at.toISOString(),
    lastUsedAt: k.last_used_at?.toISOString() ?? null,
    revokedAt: k.revoked_at?.toISOString() ?? null,
  }));
}

export async function revokeApiKey(ctx: OrgContext, { id }: z.output<typeof ZRevokeApiKeyInput>): Promise<void> {
  const result = await scoped(ctx.db, ctx.organizationId).updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'API key not found');
  await recordAudit(ctx.db, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'apikey.revoked', target: { type: 'api_key', id }, meta: ctx.meta });
}

type MemberChange = { organizationId: string; userId: string; actor: Actor; meta?: RequestMeta };

/**
 * A member left the organization: the keys they made stop with them (resolving a key also checks
 * its creator is still a member). Runs in the removal's transaction; each key's revocation is audited.
 */
export async function revokeKeysOfMember(trx: Db, change: MemberChange): Promise<void> {
  const revoked = await scoped(trx, change.organizationId)
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('created_by', '=', change.userId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'role'])
    .execute();
  for (const key of revoked) {
    await recordAudit(trx, {
      organizationId: change.organizationId,
      actor: change.actor,
      action: 'apikey.revoked',
      target: { type: 'api_key', id: key.id },
      details: { name: key.name, role: key.role, reason: 'creator_removed', createdBy: change.userId },
      meta: change.meta,
    });
  }
}

/**
 * A member's role went down: the keys they made that carry more than their new role are narrowed to
 * it (resolving a key also caps it at its creator's current role). Runs in the role change's
 * transaction; each narrowing is audited.
 */
export async function narrowKeysOfMember(trx: Db, change: MemberChange & { role: RoleKey }): Promise<void> {
  const above = ROLE_ORDER.filter((r) => roleRank(r) < roleRank(change.role));
  if (above.length === 0) return;
  const org = scoped(trx, change.organizationId);
  const keys = await org.selectFrom('api_keys').select(['id', 'name', 'role']).where('created_by', '=', change.userId).where('revoked_at', 'is', null).where('role', 'in', above).forUpdate().execute();
  if (keys.length === 0) return;
  await org
    .updateTable('api_keys')
    .set({ role: change.role })
    .where(
      'id',
      'in',
      keys.map((k) => k.id),
    )
    .execute();
  for (const key of keys) {
    await recordAudit(trx, {
      organizationId: change.organizationId,
      actor: change.actor,
      action: 'apikey.narrowed',
      target: { type: 'api_key', id: key.id },
      details: { name: key.name, from: key.role, to: change.role, reason: 'creator_role_changed', createdBy: change.userId },
      meta: change.meta,
    });
  }
}
