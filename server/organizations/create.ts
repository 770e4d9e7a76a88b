import { recordAudit } from '../audit/service';
import type { Actor } from '../kernel/caller';
import type { Db } from '../db';
import type { RequestMeta } from '../http/meta';
import { registry } from '../kernel/registry';
import { updateSettings, type SettingsPatch } from './settings';

/** How an organization came to be: the sign-up form, the demo workspace, or a visitor's paid checkout. */
export type OrganizationOrigin = 'signup' | 'demo' | 'checkout';

export type NewOrganization = {
  name: string;
  origin: OrganizationOrigin;
  /** Settings it starts with (validated by organizations/settings.ts); the rest read as their defaults. */
  settings?: SettingsPatch;
  /** Its first Super Admin; none for a checkout, whose buyer joins through an invite link. */
  ownerUserId?: string | null;
  actor: Actor;
  meta: RequestMeta;
  /** More to record in the audit entry (a checkout's e-mail and plan). */
  details?: Record<string, unknown>;
  now?: Date;
};

/**
 * The one way an organization is created, inside the caller's transaction: the organization and its
 * settings, its owner's Super Admin membership, the default pipeline, the billing row of a 14-day
 * trial of Unlimited (spec §9; a checkout's subscription then replaces it) and an
 * `organization.created` audit entry naming its origin.
 */
export async function createOrganization(trx: Db, input: NewOrganization): Promise<{ id: string }> {
  const org = await trx.insertInto('organizations').values({ name: input.name, settings: '{}' }).returning('id').executeTakeFirstOrThrow();
  if (input.settings && Object.keys(input.settings).length > 0) await updateSettings(trx, org.id, input.settings);
  if (input.ownerUserId) await trx.insertInto('memberships').values({ organization_id: org.id, user_id: input.ownerUserId, role: 'super_admin' }).execute();
  // The domains' part: the default pipeline (deals) and the trial (billing), declared in their domain.ts.
  await registry().onOrganizationCreated(trx, org.id, input.now);
  await recordAudit(trx, {
    organizationId: org.id,
    actor: input.actor,
    action: 'organization.created',
    target: { type: 'organization', id: org.id },
    details: { origin: input.origin, name: input.name, ...input.details },
    meta: input.meta,
  });
  return { id: org.id };
}
