import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/env';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { sendVisitorMessage, teamRepliesTo, visitorConversation } from './service';

/** How often an idle stream sends a comment, so proxies and the browser keep it open. */
const KEEPALIVE_MS = 15_000;
/** How long the browser waits before reconnecting a dropped stream (it then sends Last-Event-ID). */
const RECONNECT_MS = 3_000;

/**
 * The widget's public doors. Visitors have no session: the conversation is the site owner's and is
 * found by the visitor's secret id; nothing here trusts an organization named by the request.
 */
export const chatRest = new Hono<AppEnv>()
  .post('/messages', async (c) => {
    const { deps, meta } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    const body: unknown = await c.req.json().catch(() => ({}));
    const result = await sendVisitorMessage({ db: deps.database.db, organizationId: organization.id, ip: meta.ip }, body);
    return c.json(result, 201);
  })
  .get('/conversation', async (c) => {
    const { deps } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    c.header('Cache-Control', 'no-store');
    return c.json(await visitorConversation({ db: deps.database.db, organizationId: organization.id }, c.req.query()));
  })
  .get('/stream', async (c) => {
    const { deps } = c.var;
    const organization = await siteOwnerOrganization(deps.database.db, deps.config);
    const query = c.req.query();
    // A reconnecting EventSource says where it stopped; a first connection may say so with ?after=.
    const lastEventId = c.req.header('last-event-id');
    const controller = new AbortController();
    const replies = teamRepliesTo({ db: deps.database.db, events: deps.events }, organization.id, { ...query, after: lastEventId || query.after }, controller.signal);
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
