import { randomBytes } from 'node:crypto';
import { sendVisitorMessage } from '../../../server/chat/service';
import type { Probe } from './types';

/** A visitor's conversation in organization A (as if A owned the public site), by its id. */
async function aConversation(deps: Parameters<Probe>[0], a: Parameters<Probe>[1]): Promise<string> {
  const db = deps.database.db;
  const visitorId = randomBytes(32).toString('base64url');
  await sendVisitorMessage({ db, organizationId: a.organizationId, ip: '192.0.2.1' }, { visitorId, text: 'Probe message', language: 'en' });
  const row = await db.selectFrom('chat_conversations').select('id').where('organization_id', '=', a.organizationId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

export const probes: Record<string, Probe> = {
  'chat.get': async (deps, a) => ({ id: await aConversation(deps, a) }),
  'chat.markRead': async (deps, a) => ({ id: await aConversation(deps, a) }),
  'chat.reply': async (deps, a) => ({ conversationId: await aConversation(deps, a), text: 'Taken over' }),
};
