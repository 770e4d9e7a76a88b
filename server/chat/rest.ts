import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../deps';
import { DomainError, parseInput } from '../errors';
import { authOf } from '../http/auth';
import { readBody, readQuery } from '../http/body';
import type { AppEnv } from '../http/env';
import { createSlots, type Slots } from '../http/slots';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { ZSendChatMessageInput, ZVisitorConversationInput } from './inputs';
import { CHAT_STREAM_LIMITS } from './schema';
import { sendVisitorMessage, teamRepliesTo, visitorConversation, type ChatAccount } from './service';

/** How often an idle stream sends a comment, so proxies and the browser keep it open. */
const KEEPALIVE_MS = 15_000;
/** How long the browser waits before reconnecting a dropped stream (it then sends Last-Event-ID). */
const RECONNECT_MS = 3_000;

export const TOO_MANY_STREAMS_FROM_ADDRESS = `Too many open chat streams from this address (at most ${CHAT_STREAM_LIMITS.perIp}); close some and try again`;
export const TOO_MANY_STREAMS_FOR_CONVERSATION = `Too many open streams of this chat conversation (at most ${CHAT_STREAM_LIMITS.perConversation}); close other tabs and try again`;

/** The open streams of each app (its deps), per client address and per conversation (the visitor's id). */
const openStreams = new WeakMap<AppDeps, { perIp: Slots; perConversation: Slots }>();

/** Takes a stream slot for the address and one for the conversation, or refuses with 429; the release frees both. */
function takeStreamSlots(deps: AppDeps, ip: string, visitorId: string): () => void {
  let slots = openStreams.get(deps);
  if (!slots) openStreams.set(deps, (slots = { perIp: createSlots(CHAT_STREAM_LIMITS.perIp), perConversation: createSlots(CHAT_STREAM_LIMITS.perConversation) }));
  const conversation = slots.perConversation.acquire(visitorId);
  if (!conversation) throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_STREAMS_FOR_CONVERSATION);
  const address = slots.perIp.acquire(ip);
  if (!address) {
    conversation();
    throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_STREAMS_FROM_ADDRESS);
  }
  return () => {
    conversation();
    address();
  };
}

/**
 * Who writes, when the widget is used inside the app: the session cookie's user and the
 * organization they are signed in to. Visitors (and API keys, which are no person) have none; a
 * cookie that no longer signs anyone in leaves the message anonymous rather than refused.
 */
async function signedInAccount(c: Context<AppEnv>): Promise<ChatAccount | null> {
  const auth = await authOf(c).catch(() => null);
  if (auth?.via !== 'session' || !auth.user) return null;
  return { userId: auth.user.id, organizationId: auth.organization?.id ?? null };
}

/**
 * The widget's public doors. Visitors have no session: the conversation is the site owner's and is
 * found by the visitor's secret id; nothing here trusts an organization named by the request.
 */
export const chatRest = new Hono<AppEnv>()
  .post('/messages', async (c) => {
    const { deps, meta } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    const input = await readBody(c, ZSendChatMessageInput);
    const result = await sendVisitorMessage({ db: deps.database.forOrganization(organization.id), organizationId: organization.id, ip: meta.ip, account: await signedInAccount(c) }, input);
    return c.json(result, 201);
  })
  .get('/conversation', async (c) => {
    const { deps } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    c.header('Cache-Control', 'no-store');
    return c.json(await visitorConversation({ db: deps.database.forOrganization(organization.id), organizationId: organization.id }, readQuery(c, ZVisitorConversationInput)));
  })
  .get('/stream', async (c) => {
    const { deps, meta } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    const query = c.req.query();
    // A reconnecting EventSource says where it stopped; a first connection may say so with ?after=.
    // The query and that header are parsed here, before streaming starts, so a bad input is an ordinary 400.
    const input = parseInput(ZVisitorConversationInput, { ...query, after: c.req.header('last-event-id') || query.after });
    const controller = new AbortController();
    const replies = teamRepliesTo({ db: deps.database.forOrganization(organization.id), events: deps.events }, organization.id, input, controller.signal);
    const release = takeStreamSlots(deps, meta.ip, input.visitorId);
    controller.signal.addEventListener('abort', release, { once: true });
    return streamSSE(
      c,
      async (stream) => {
        stream.onAbort(() => controller.abort());
        const keepalive = setInterval(() => void stream.write(': keepalive\n\n').catch(() => controller.abort()), KEEPALIVE_MS);
        try {
          await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
          for await (const message of replies) {
            await stream.writeSSE({ event: 'message', id: String(message.id), data: JSON.stringify(message) });
          }
        } finally {
          clearInterval(keepalive);
          controller.abort();
        }
      },
      async (error) => {
        deps.logger.error({ err: error }, 'chat stream failed');
      },
    );
  });
