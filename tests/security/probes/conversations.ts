import { randomBytes } from 'node:crypto';
import { sendVisitorMessage } from '../../../server/chat/service';
import type { HostileDoor, HostileWorld, Probe } from './types';

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

// ——— Hostile input (tests/security/hostile-doors.test.ts) ———

const THREAD_TABLES = ['conversations', 'chat_conversations', 'chat_messages'];

/** A chat thread of B's, and one of A's. */
async function threads(w: HostileWorld) {
  return { mine: await aThread(w.deps, w.b), theirs: await aThread(w.deps, w.a) };
}

const reading: HostileDoor = {
  fields: { id: 'id', cursor: 'text', limit: 'int' },
  tables: THREAD_TABLES,
  prepare: async (w) => {
    const t = await threads(w);
    return { input: { id: t.mine, limit: 10 }, foreign: { id: t.theirs } };
  },
};
const replying: HostileDoor = {
  fields: { id: 'id', text: 'text' },
  tables: THREAD_TABLES,
  prepare: async (w) => {
    const t = await threads(w);
    return { input: { id: t.mine, text: 'Hello' }, foreign: { id: t.theirs } };
  },
};

const listing: HostileDoor = {
  fields: { channel: 'enum', status: 'enum', assignee: 'enum', cursor: 'text', limit: 'int' },
  tables: THREAD_TABLES,
  prepare: async (w) => {
    const t = await threads(w);
    // The list takes no id: A's thread must only stay out of its answers.
    return { input: { channel: 'chat', status: 'open', limit: 10 }, foreign: { thread: t.theirs } };
  },
};
const one: HostileDoor = {
  fields: { id: 'id' },
  tables: THREAD_TABLES,
  prepare: async (w) => {
    const t = await threads(w);
    return { input: { id: t.mine }, foreign: { id: t.theirs } };
  },
};
/** Assigning and closing also publish the change (events). */
const CHANGE_TABLES = [...THREAD_TABLES, 'events'];

export const hostileDoors: Record<string, HostileDoor> = {
  'tRPC conversations.list': listing,
  'GET /api/v1/conversations': listing,
  'tRPC conversations.get': one,
  'GET /api/v1/conversations/:id': { ...one, params: { id: 'id' } },
  'tRPC conversations.assign': {
    fields: { id: 'id', assigneeId: 'id' },
    nullable: ['assigneeId'],
    tables: CHANGE_TABLES,
    prepare: async (w) => {
      const t = await threads(w);
      // A's Super Admin is no member of B's organization.
      return { input: { id: t.mine, assigneeId: w.b.userId }, foreign: { id: t.theirs, assigneeId: w.a.userId } };
    },
  },
  'tRPC conversations.setStatus': {
    fields: { id: 'id', status: 'enum' },
    tables: CHANGE_TABLES,
    prepare: async (w) => {
      const t = await threads(w);
      return { input: { id: t.mine, status: 'closed' }, foreign: { id: t.theirs } };
    },
  },
  'tRPC conversations.messages': reading,
  'GET /api/v1/conversations/:id/messages': { ...reading, params: { id: 'id' } },
  'tRPC conversations.reply': replying,
  'POST /api/v1/conversations/:id/messages': { ...replying, params: { id: 'id' } },
};
