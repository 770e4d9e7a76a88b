import { recordAudit } from '../audit/service';
import { scoped } from '../db/scoped';
import { DomainError, parseInput } from '../errors';
import type { OrgContext } from '../organizations/service';
import { roleRank } from './permissions';
import { API_KEY_PREFIX, actorOf } from './resolve';
import { ROLE_LABELS, ZCreateApiKeyInput, ZRevokeApiKeyInput } from './schema';
import { randomToken, sha256 } from './tokens';

/** Creates a key carrying a role's permissions; the secret is returned this once and stored hashed. */
export async function createApiKey(ctx: OrgContext, rawInput: unknown) {
  const input = parseInput(ZCreateApiKeyInput, rawInput);
  if (roleRank(input.role) < roleRank(ctx.auth.organization.role)) {
    throw new DomainError('FORBIDDEN', `role: A key cannot carry ${ROLE_LABELS[input.role].label}, which is above your own role`, {
      issues: [{ path: 'role', message: `cannot be above your own role` }],
    });
  }
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const prefix = secret.slice(0, 10);
  const key = await ctx.deps.database.db.transaction().execute(async (trx) => {
    const row = await scoped(trx, ctx.auth.organization.id)
      .insertInto('api_keys', { name: input.name, role: input.role, prefix, secret_hash: sha256(secret), created_by: ctx.auth.user?.id ?? null })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { organizationId: ctx.auth.organization.id, actor: actorOf(ctx.auth), action: 'apikey.created', target: { type: 'api_key', id: row.id }, details: { name: input.name, role: input.role }, meta: ctx.meta });
    return row;
  });
  return { id: key.id, name: input.name, role: input.role, prefix, secret, createdAt: key.created_at.toISOString() };
}

export async function listApiKeys(ctx: Pick<OrgContext, 'deps' | 'auth'>) {
  const rows = await scoped(ctx.deps.database.db, ctx.auth.organization.id)
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select(['api_keys.id', 'api_keys.name', 'api_keys.role', 'api_keys.prefix', 'api_keys.created_at', 'api_keys.last_used_at', 'api_keys.revoked_at', 'users.name as created_by_name'])
    .orderBy('api_keys.created_at', 'desc')
    .execute();
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    role: k.role,
    prefix: k.prefix,
    createdBy: k.created_by_name,
    createdAt: k.created_at.toISOString(),
    lastUsedAt: k.last_used_at?.toISOString() ?? null,
    revokedAt: k.revoked_at?.toISOString() ?? null,
  }));
}

export async function revokeApiKey(ctx: OrgContext, rawInput: unknown): Promise<void> {
  const { id } = parseInput(ZRevokeApiKeyInput, rawInput);
  const result = await scoped(ctx.deps.database.db, ctx.auth.organization.id).updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'API key not found');
  await recordAudit(ctx.deps.database.db, { organizationId: ctx.auth.organization.id, actor: actorOf(ctx.auth), action: 'apikey.revoked', target: { type: 'api_key', id }, meta: ctx.meta });
}
