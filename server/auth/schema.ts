import { z } from 'zod';
import { isTimeZone } from '../time/zoned';
import { INDUSTRY_KEYS } from '../industries/schema';
import { ZAnswerInstant, ZPermissionName } from '../records/schema';

/** Shared by the server's doors and the client's forms: each rule written once. */

export const ROLES = ['super_admin', 'admin', 'manager', 'sales_rep', 'viewer'] as const;
export const ZRole = z.enum(ROLES, { error: 'must be one of super_admin, admin, manager, sales_rep, viewer' });
export type TRole = z.infer<typeof ZRole>;

export const ROLE_LABELS: Record<TRole, { label: string; description: string }> = {
  super_admin: { label: 'Super Admin', description: 'Full system access, including billing and security' },
  admin: { label: 'Admin', description: 'User and data management' },
  manager: { label: 'Manager', description: 'Team and pipeline management' },
  sales_rep: { label: 'Sales Rep', description: 'Lead and contact management' },
  viewer: { label: 'Viewer', description: 'Read-only access' },
};

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export const ZEmail = z.string({ error: 'is required' }).trim().toLowerCase().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid e-mail address'));

export const ZPassword = z.string({ error: 'is required' }).min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

const ZPersonName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters');

export const ZSignupInput = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZPassword,
  organizationName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  /** Industry key from an industry landing page; the new organization remembers it (settings.industry). */
  industry: z.enum(INDUSTRY_KEYS, { error: `must be one of ${INDUSTRY_KEYS.join(', ')}` }).optional(),
});
export type TSignupInput = z.input<typeof ZSignupInput>;

export const ZLoginInput = z.object({
  email: ZEmail,
  // Any length is checked against the hash; only absurd sizes are refused before hashing.
  password: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const NOTIFICATION_TYPES = [
  'contact_created',
  'deal_won',
  'automation_completed',
  'automation_failed',
  'sms_received',
  'email_received',
  'lead_captured',
  'member_joined',
  'import_finished',
] as const;

export const ZNotificationSettings = z
  .object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<(typeof NOTIFICATION_TYPES)[number], z.ZodBoolean>)
  .partial()
  .strict();

export const ZPreferences = z
  .object({
    theme: z.enum(['light', 'dark', 'system'], { error: 'must be light, dark or system' }),
    language: z.enum(['en', 'fr', 'ar'], { error: 'must be en, fr or ar' }),
    timezone: z.string().refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as Europe/Paris'),
    notifications: ZNotificationSettings,
    /** Show a toast for each new notification. */
    toasts: z.boolean(),
  })
  .partial()
  .strict();
export type TPreferences = z.infer<typeof ZPreferences>;

export const ZUpdatePreferencesInput = ZPreferences;
export type TUpdatePreferencesInput = z.input<typeof ZUpdatePreferencesInput>;

export const ZChangePasswordInput = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  newPassword: ZPassword,
});
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

export const ZUpdateProfileInput = z.object({ name: ZPersonName });
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileInput>;

export const ZRevokeSessionInput = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'must be a session id') });
export const ZSwitchOrganizationInput = z.object({ organizationId: z.uuid('must be an organization id') });

export const ZInviteMemberInput = z.object({ email: ZEmail, role: ZRole });
export type TInviteMemberInput = z.input<typeof ZInviteMemberInput>;
export const ZChangeRoleInput = z.object({ userId: z.uuid('must be a user id'), role: ZRole });
export const ZRemoveMemberInput = z.object({ userId: z.uuid('must be a user id') });
export const ZRevokeInviteInput = z.object({ id: z.uuid('must be an invite id') });
export const ZResendInviteInput = z.object({ id: z.uuid('must be an invite id') });
export const ZInviteTokenInput = z.object({ token: z.string().min(20, 'is not a valid invite link').max(200) });
export const ZAcceptInviteInput = ZInviteTokenInput.extend({
  /** Needed only when the invited e-mail has no account yet. */
  name: ZPersonName.optional(),
  password: ZPassword.optional(),
});
export type TAcceptInviteInput = z.input<typeof ZAcceptInviteInput>;

export const ZCreateApiKeyInput = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  role: ZRole,
  /** Limits the key to these permissions of its role (e.g. only `contacts:read`); all the role allows when absent. */
  scopes: z
    .array(z.string().regex(/^[a-z]+:[a-z]+$/, 'must be a permission name such as contacts:read'), { error: 'must be a list of permission names' })
    .min(1, 'must name at least one permission, or be left out for all the role allows')
    .max(200, 'must name at most 200 permissions')
    .optional(),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;
export const ZRevokeApiKeyInput = z.object({ id: z.uuid('must be an API key id') });

export const ZUpdateOrganizationInput = z.object({
  name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters').optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as US')
    .optional(),
  timezone: z
    .string()
    .refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as Europe/Paris')
    .optional(),
  salesRepsSeeOwnOnly: z.boolean().optional(),
  /** The public business phone (the Footer block of the sites'); empty: none. The server checks it is a phone and stores it in international form. */
  phone: z.string().trim().max(40, 'must be at most 40 characters').nullable().optional(),
});
export type TUpdateOrganizationInput = z.input<typeof ZUpdateOrganizationInput>;

// ——— What the auth doors answer ———

/** A user's preferences as answered: every key, the defaults filled in. */
export const ZEffectivePreferences = ZPreferences.required().extend({ notifications: ZNotificationSettings.required() });
export const ZMembershipRecord = z.strictObject({ id: z.uuid(), name: z.string(), role: ZRole });
/** Login, sign-up and GET /api/auth/user: the user, their current organization and permissions there, and every organization they belong to. */
export const ZAuthPayload = z.strictObject({
  user: z.strictObject({ id: z.uuid(), email: z.string(), emailVerified: z.boolean(), name: z.string(), lastActive: ZAnswerInstant.nullable(), preferences: ZEffectivePreferences }),
  permissions: z.array(ZPermissionName),
  organization: ZMembershipRecord.nullable(),
  organizations: z.array(ZMembershipRecord),
});
export const ZPreferencesAnswer = z.strictObject({ preferences: ZEffectivePreferences });
