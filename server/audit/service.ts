import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { z } from 'zod';
import type { ZListAuditInput } from './schema';
import type { RequestMeta } from '../http/meta';
import type { Actor } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';

/** Who did something: a signed-in user, an API key, or nobody known (a failed sign-in). */

export type AuditEntry = {
  organizationId: string | null;
  actor: Actor | null;
  action: string;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
  /** Where the request came from; none when the system acts (a job, a webhook without one). */
  meta?: RequestMeta;
};

export async function recordAudit(db: Pick<Db, 'insertInto'>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      organization_id: entry.organizationId,
      actor_user_id: entry.actor?.userId ?? null,
      actor_api_key_id: entry.actor?.apiKeyId ?? null,
      actor_label: entry.actor?.label ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.meta?.ip ?? null,
      user_agent: entry.meta?.userAgent ?? null,
    })
    .execute();
}

export async function listAudit(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZListAuditInput>) {
  const org = scoped(ctx.db, ctx.organizationId);
  let query = org.selectFrom('audit_events');
  if (input.action) query = query.where('action', '=', input.action);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'action', 'actor_label', 'actor_user_id', 'actor_api_key_id', 'target_type', 'target_id', 'details', 'ip', 'user_agent', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      action: r.action,
      actor: r.actor_label,
      target: r.target_type ? { type: r.target_type, id: r.target_id } : null,
      details: r.details,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at.toISOString(),
    })),
    total: Number(count.n),
    page: input.page,
    limit: input.limit,
  };
}
