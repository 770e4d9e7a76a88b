import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { createMiddleware } from 'hono/factory';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { authOf } from './auth';
import type { AppEnv } from './env';

/** How long a key's answer is kept and replayed (issue #19: 24 hours, as Stripe does). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** Visible ASCII, as the IETF draft's examples and Stripe's keys are: a UUID fits, a sentence of spaces does not. */
const KEY_RULE = /^[\x21-\x7e]{1,255}$/;

/** The response headers a replay repeats; the rest (request id, rate limits, cookies) belong to the replay itself. */
const REPLAYED_HEADERS = ['content-type', 'location'];

export const IDEMPOTENCY_MESSAGES = {
  key: 'must be 1 to 255 visible ASCII characters',
  otherRequest: 'This Idempotency-Key was used with a different request (method, path or body) within 24 hours; use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still being processed; retry once it has answered.',
} as const;

/**
 * `Idempotency-Key` on every POST under /api/v1 (issue #19; the IETF httpapi draft's header). The
 * first request with a key claims it — one row per organization, caller and key, inserted before the
 * route runs, so two requests at once cannot both run — and its answer is stored; a retry with the
 * same key and the same request gets that answer again (`Idempotent-Replayed: true`) without running
 * anything, one with another request is refused 422, and one while the first still runs 409. Only a
 * success binds the key: an error answer (nothing was done) releases it, so the retry runs again.
 * Requests without the header, or that are not an organization's, pass through untouched.
 */
export const idempotentPosts = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (c.req.method !== 'POST' || key === undefined) return next();
  if (!KEY_RULE.test(key)) throw fieldError('Idempotency-Key', IDEMPOTENCY_MESSAGES.key);
  const auth = await authOf(c);
  if (!auth?.organization) return next(); // the route refuses the caller in its own words
  const organizationId = auth.organization.id;
  const caller = auth.apiKey ? `key:${auth.apiKey.id}` : `user:${auth.user!.id}`;
  const db = c.var.deps.database.forOrganization(organizationId);
  const keys = scoped(db, organizationId);
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(await c.req.text())
    .digest('hex');

  await keys
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`)
    .execute();
  const claimed = await keys
    .insertInto('idempotency_keys', { caller, key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['organization_id', 'caller', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return replay(c, keys, caller, key, requestHash);

  const release = () => keys.deleteFrom('idempotency_keys').where('caller', '=', caller).where('key', '=', key).execute();
  try {
    await next();
  } catch (error) {
    await release();
    throw error;
  }
  const { status } = c.res;
  if (c.error || status >= 300) {
    await release();
    return;
  }
  const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (c.res.headers.has(name) ? [[name, c.res.headers.get(name)!]] : [])));
  await keys
    .updateTable('idempotency_keys')
    .set({ status, response_body: await c.res.clone().text(), response_headers: JSON.stringify(headers) })
    .where('caller', '=', caller)
    .where('key', '=', key)
    .execute();
});

async function replay(c: Context<AppEnv>, keys: ReturnType<typeof scoped>, caller: string, key: string, requestHash: string): Promise<Response> {
  const first = await keys.selectFrom('idempotency_keys').selectAll().where('caller', '=', caller).where('key', '=', key).executeTakeFirst();
  if (first && first.request_hash !== requestHash)
    throw new DomainError('UNPROCESSABLE', IDEMPOTENCY_MESSAGES.otherRequest, { issues: [{ path: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.otherRequest }] });
  // Still running — or released since our insert found it, the first request having failed: retry.
  if (!first || first.status === null) throw new DomainError('CONFLICT', IDEMPOTENCY_MESSAGES.running, { retryAfter: 1 });
  const headers = { ...first.response_headers, 'Idempotent-Replayed': 'true' };
  // Through the context, so the headers every answer carries (security, request id) are on it too; a 204 has no body.
  return first.response_body ? c.body(first.response_body, first.status as ContentfulStatusCode, headers) : c.body(null, first.status as StatusCode, headers);
}
