import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { providersRouter } from './router';

/**
 * Provider settings made in the app (Settings → Integrations, issue #19, docs/decisions/038): an
 * organization's own Twilio account and SMTP server, the instance's Stripe and Kit accounts. The
 * credentials are sealed at rest (server/kernel/secrets.ts) and never answered.
 */
const permissions = {
  // Credentials of the organization's accounts: admins, signed in (an API key that leaked must not repoint them).
  'providers:manage': { minimumRole: 'admin', sessionOnly: true },
} as const satisfies Record<string, PermissionRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const providersDomain = defineDomain({
  name: 'providers',
  router: { providers: providersRouter },
  permissions,
});
