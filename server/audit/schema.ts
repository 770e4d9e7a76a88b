import { z } from 'zod';

/** What the audit log records, by action; the security screen filters by them. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.signup',
  'auth.password_changed',
  'auth.session_revoked',
  'auth.preferences_changed',
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.removed',
  'member.role_changed',
  'apikey.created',
  'apikey.revoked',
  'apikey.narrowed',
  'organization.created',
  'organization.updated',
  'billing.changed',
] as const;

export const ZListAuditInput = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type TListAuditInput = z.input<typeof ZListAuditInput>;
