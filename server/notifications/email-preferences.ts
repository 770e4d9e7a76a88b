import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { DEFAULT_NOTIFICATION_EMAIL_MODES, NOTIFICATION_EMAIL_KINDS, type NotificationEmailKind, type NotificationEmailMode, type ZNotificationEmailPreferencesInput } from './schema';

export type NotificationEmailModes = Record<NotificationEmailKind, NotificationEmailMode>;

type Member = Pick<OrgContext, 'db' | 'organizationId'> & { auth: { user: { id: string } } };

/** Each member's choices over the defaults, for these members of one organization. */
export async function emailModesOf(db: Db, organizationId: string, userIds: readonly string[]): Promise<Map<string, NotificationEmailModes>> {
  const modes = new Map(userIds.map((id) => [id, { ...DEFAULT_NOTIFICATION_EMAIL_MODES }]));
  if (userIds.length === 0) return modes;
  const rows = await scoped(db, organizationId).selectFrom('notification_email_preferences').select(['user_id', 'kind', 'mode']).where('user_id', 'in', userIds).execute();
  for (const row of rows) {
    const of = modes.get(row.user_id);
    if (of) of[row.kind] = row.mode;
  }
  return modes;
}

/** The caller's e-mail choices in this organization, and whether their address may receive them (verified). */
export async function notificationEmailSettings(ctx: Member) {
  const [modes, user] = await Promise.all([
    emailModesOf(ctx.db, ctx.organizationId, [ctx.auth.user.id]),
    ctx.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', ctx.auth.user.id).executeTakeFirstOrThrow(),
  ]);
  return { modes: modes.get(ctx.auth.user.id)!, address: user.email, addressVerified: user.email_verified_at !== null };
}

/** Saves the kinds named; the others keep their setting. */
export async function updateNotificationEmailSettings(ctx: Member, input: z.output<typeof ZNotificationEmailPreferencesInput>) {
  const rows = NOTIFICATION_EMAIL_KINDS.filter((kind) => input[kind] !== undefined).map((kind) => ({ user_id: ctx.auth.user.id, kind, mode: input[kind]! }));
  if (rows.length > 0) {
    await scoped(ctx.db, ctx.organizationId)
      .insertInto('notification_email_preferences', rows)
      .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'kind']).doUpdateSet({ mode: (eb) => eb.ref('excluded.mode'), updated_at: sql`now()` }))
      .execute();
  }
  return notificationEmailSettings(ctx);
}

/**
 * The demo workspace's choices: its owner gets what is handed to them at once and the won deals in
 * the morning digest; the demo members, who cannot sign in and whose addresses reach nobody, get none.
 */
export async function seedDemoNotificationEmails(db: Db, organizationId: string, ownerId: string): Promise<void> {
  const others = await db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId).where('user_id', '!=', ownerId).execute();
  const owner: NotificationEmailModes = { ...DEFAULT_NOTIFICATION_EMAIL_MODES, deal_won: 'digest', assigned: 'immediate' };
  const rows = [
    ...NOTIFICATION_EMAIL_KINDS.map((kind) => ({ user_id: ownerId, kind, mode: owner[kind] })),
    ...others.flatMap((m) => NOTIFICATION_EMAIL_KINDS.map((kind) => ({ user_id: m.user_id, kind, mode: 'off' as const }))),
  ];
  await scoped(db, organizationId)
    .insertInto('notification_email_preferences', rows)
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'kind']).doNothing())
    .execute();
}
