import { randomBytes } from 'node:crypto';
import { sendVisitorMessage } from '../../../server/chat/service';
import type { Probe } from './types';

/** A thread of organization A's inbox (a website visitor's chat), by its id. */
export async function aThread(deps: Parameters<Probe>[0], a: Parameters<Probe>[1]): Promise<string> {
  const db = deps.database.db;
  await sendVisitorMessage({ db, organizationId: a.organizationId, ip: '192.0.2.1' }, { visitorId: randomBytes(32).toString('base64url'), text: 'Probe message', language: 'en' });
  const row = await db.selectFrom('conversations').select('id').where('organization_id', '=', a.organizationId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

export const probes: Record<string, Probe> = {
  'conversations.get': async (deps, a) => ({ id: await aThread(deps, a) }),
  'conversations.messages': async (deps, a) => ({ id: await aThread(deps, a) }),
  'conversations.markRead': async (deps, a) => ({ id: await aThread(deps, a) }),
  'conversations.reply': async (deps, a) => ({ id: await aThread(deps, a), text: 'Taken over' }),
  'conversations.assign': async (deps, a) => ({ id: await aThread(deps, a), assigneeId: null }),
  'conversations.setStatus': async (deps, a) => ({ id: await aThread(deps, a), status: 'closed' }),
};
