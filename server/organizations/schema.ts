import { z } from 'zod';
import { ZRole } from '../auth/schema';
import { ZAnswerInstant, ZPermissionName } from '../records/schema';
import { ZOrganizationSettings } from './settings';

/** The organization as answered (organizations.current, GET /api/v1/organization). */
export const ZOrganizationRecord = z.strictObject({ id: z.uuid(), name: z.string(), settings: ZOrganizationSettings, createdAt: ZAnswerInstant });

/** GET /api/v1/organization: which organization the key or session acts in, with what role and permissions. */
export const ZActingOrganization = z.strictObject({
  organization: ZOrganizationRecord,
  role: ZRole,
  permissions: z.array(ZPermissionName),
  via: z.enum(['session', 'apiKey']).meta({ description: 'How the caller is signed in: a browser session or an API key' }),
});

/** members.list and GET /api/v1/members: the members and the invites not yet accepted. */
export const ZMemberList = z.strictObject({
  members: z.array(z.strictObject({ userId: z.uuid(), name: z.string(), email: z.string(), role: ZRole, lastActive: ZAnswerInstant.nullable(), joinedAt: ZAnswerInstant })),
  invites: z.array(z.strictObject({ id: z.uuid(), email: z.string(), role: ZRole, expiresAt: ZAnswerInstant, createdAt: ZAnswerInstant })),
});
