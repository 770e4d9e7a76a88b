import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { commandsRouter, searchRouter } from './router';

/*
 * Commands (issue #21): the palette's global search, the commands the palette and the Voice Command
 * Center run (each through the service of the screen that does it, under that screen's permission),
 * and each member's command history (a person's: API keys have none). Every member searches and
 * keeps a history under `commands:read` (as chat.markRead writes a member's own state under a read);
 * a command that changes data also needs the permission of the screen that makes the change (run.ts).
 */
const permissions = {
  'commands:read': { minimumRole: 'viewer' },
} as const satisfies Record<string, PermissionRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const commandsDomain = defineDomain({
  name: 'commands',
  router: { search: searchRouter, commands: commandsRouter },
  permissions,
});
