import type { Probe } from './types';

/** A notification of organization A's owner, written directly. */
async function aNotification(deps: Parameters<Probe>[0], a: Parameters<Probe>[1]): Promise<string> {
  const row = await deps.database.db
    .insertInto('notifications')
    .values({ organization_id: a.organizationId, user_id: a.userId, type: 'info', title: 'Probe', message: 'Probe', link: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const probes: Record<string, Probe> = {
  'notifications.markRead': async (deps, a) => ({ id: await aNotification(deps, a) }),
  'notifications.remove': async (deps, a) => ({ id: await aNotification(deps, a) }),
};
