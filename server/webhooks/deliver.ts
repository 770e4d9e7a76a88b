import type { Agent as HttpAgent } from 'node:http';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, Db } from '../db';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { publishEvent } from '../events/publish';
import { openEndpointSecret } from './secrets';
import { keepAliveAgent, postSigned, signedHeaders, type SendResult } from './sender';
import { RefusedTarget, resolveTarget, type ResolvedTarget } from './ssrf';

export const DELIVER_JOB = 'webhooks.deliver';
/** One job drains one endpoint: its due deliveries, batch after batch. */
export type DeliverJobData = { organizationId: string; endpointId: string };

/** Retries stop this long after the first attempt (or a manual redelivery). */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
/** A claimed delivery not finished by then (its worker died) may be claimed again. */
const LEASE_SECONDS = 60;
/** Deliveries of one endpoint claimed together and sent side by side, each record's first one only. */
const BATCH_SIZE = 25;
/** A job stops taking batches after this long (well inside its expiry and a graceful stop's wait) and hands on to the next job. */
const DRAIN_BUDGET_MS = 5_000;

/** The wait before retry `attempts` + 1: 5 s, 20 s, 80 s, … at most 6 hours. */
export const backoffSeconds = (attempts: number) => Math.min(5 * 4 ** Math.max(0, attempts - 1), 6 * 3600);

type Delivery = Selectable<WebhookDeliveriesTable>;
type Endpoint = Pick<Selectable<WebhookEndpointsTable>, 'id' | 'url' | 'enabled' | 'secret' | 'previous_secret' | 'previous_secret_expires_at'>;

const unfinished = ['pending', 'sending', 'retrying'] as const;

/** No earlier delivery of the same endpoint and record is unfinished: this one is first in its record chain. */
const firstInChain = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  not(
    exists(
      selectFrom('webhook_deliveries as earlier')
        .select('earlier.id')
        .whereRef('earlier.endpoint_id', '=', 'webhook_deliveries.endpoint_id')
        .whereRef('earlier.record_key', '=', 'webhook_deliveries.record_key')
        .whereRef('earlier.sequence', '<', 'webhook_deliveries.sequence')
        .where('earlier.state', 'in', [...unfinished]),
    ),
  );

/** The endpoints whose drain a transaction already woke (now): a later wake in it would add nothing. */
const wokenIn = new WeakMap<Db, Set<string>>();

/**
 * Wakes the drain of these endpoints (now, or at `at`). One job of a key waits at a time (the
 * queue's 'short' policy), so a burst of events queues one drain per endpoint, not one per delivery.
 * The caller's transaction must hold each endpoint row (a delivery row inserted there does, by its
 * foreign key; else FOR KEY SHARE): a waiting drain that this send was folded into then claims
 * only after that transaction commits (its first claim locks the row FOR UPDATE), so sees its rows. For
 * the same reason a second wake now in one transaction (the consumer's, 50 events) is skipped.
 */
export async function wakeDrains(deps: AppDeps, db: Db, organizationId: string, endpointIds: string[], at?: Date): Promise<void> {
  let ids = endpointIds;
  if (!at && db.isTransaction) {
    const woken = wokenIn.get(db) ?? new Set<string>();
    wokenIn.set(db, woken);
    ids = endpointIds.filter((id) => !woken.has(id));
    for (const id of ids) woken.add(id);
  }
  // A later wake has a key of its own: a drain waiting for a retry must not absorb one due now.
  const key = (id: string) => (at ? `${id}@${Math.ceil(at.getTime() / 1000)}` : id);
  await deps.jobs.sendMany(
    DELIVER_JOB,
    ids.map((endpointId) => ({ data: { organizationId, endpointId }, singletonKey: key(endpointId), ...(at ? { startAfter: at } : {}) })),
    { db },
  );
}

/**
 * Claims up to BATCH_SIZE deliveries of the endpoint for one attempt each: due (a claim's lease
 * end is its next_attempt_at, so a dead worker's claim is due again), not locked by another claim,
 * and first in their record chain, so one batch never holds two deliveries of the same record.
 * A job's first claim locks the endpoint row first: a transaction whose wake was folded into this
 * job while it waited (holding the row, see wakeDrains) commits before the claim looks. Later
 * claims need not wait: nothing folds into a job once it runs.
 */
async function claimBatch(db: Db, data: DeliverJobData, first: boolean): Promise<{ endpoint: Endpoint | undefined; claimed: Delivery[] }> {
  const claim = async (trx: Db) => {
    const org = scoped(trx, data.organizationId);
    const endpoint = await org
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'enabled', 'secret', 'previous_secret', 'previous_secret_expires_at'])
      .where('id', '=', data.endpointId)
      .$if(first, (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!endpoint) return { endpoint, claimed: [] };
    const due = org
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', data.endpointId)
      .where('state', 'in', [...unfinished])
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where(firstInChain)
      .orderBy('next_attempt_at')
      .limit(BATCH_SIZE)
      .forUpdate()
      .skipLocked();
    const lease = sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const claimed = await org
      .updateTable('webhook_deliveries')
      .set({ state: 'sending', attempts: sql<number>`attempts + 1`, lease_until: lease, next_attempt_at: lease, updated_at: sql<Date>`now()` })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return { endpoint, claimed };
  };
  return first ? db.transaction().execute(claim) : claim(db);
}

/** What the attempt's answer means: delivered, retry (timeouts, network errors, 5xx, 429), or failed for good. */
export function outcomeOf(result: SendResult): 'delivered' | 'retry' | 'failed' {
  if (result.statusCode === null) return 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode === 429 || result.statusCode === 408 || result.statusCode >= 500) return 'retry';
  return 'failed';
}

/**
 * The endpoint failed for the whole retry window: it is disabled, its other unsent deliveries are
 * cancelled, and the admins are told (the webhook_endpoint_disabled notification).
 */
async function disableForFailure(trx: Db, organizationId: string, endpointId: string, lastError: string): Promise<void> {
  const org = scoped(trx, organizationId);
  const reason = `Deliveries failed for 24 hours (last: ${lastError})`;
  const endpoint = await org
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning(['id', 'url'])
    .executeTakeFirst();
  if (!endpoint) return;
  await org
    .updateTable('webhook_deliveries')
    .set({ state: 'cancelled', last_error: 'the endpoint was disabled', updated_at: sql<Date>`now()` })
    .where('endpoint_id', '=', endpoint.id)
    .where('state', 'in', ['pending', 'retrying'])
    .execute();
  await publishEvent(trx, { organizationId, type: 'webhook_endpoint_disabled', payload: { endpointId: endpoint.id, url: endpoint.url, reason }, actorUserId: null });
}

/** One claimed delivery's attempt: what was sent (headers as logged) and what came back; `final` settles it without reading the answer. */
type Attempt = { delivery: Delivery; result: SendResult; headers: Record<string, string>; final?: 'failed' | 'cancelled' };

/**
 * Records a batch's attempts and moves each delivery on, in one transaction of set-based
 * statements; only the claim's holder (same attempt number, still sending) writes a delivery.
 */
async function settleBatch(deps: AppDeps, organizationId: string, endpointId: string, attempts: Attempt[]): Promise<void> {
  const now = Date.now();
  const rows = attempts.map(({ delivery, result, headers, final }) => {
    const outcome = final ? 'failed' : outcomeOf(result);
    const lastError = result.error ?? (outcome === 'delivered' ? null : `answered ${result.statusCode}`);
    const windowEnd = delivery.window_started_at.getTime() + RETRY_WINDOW_SECONDS * 1000;
    const retryAt = now + Math.max(backoffSeconds(delivery.attempts), result.retryAfterSeconds ?? 0) * 1000;
    const exhausted = outcome === 'retry' && retryAt > windowEnd;
    const state = final ?? (outcome === 'delivered' ? 'delivered' : outcome === 'retry' && !exhausted ? 'retrying' : 'failed');
    return { delivery, result, headers, state, lastError, disables: exhausted && delivery.event_id !== null, next: state === 'retrying' ? new Date(retryAt).toISOString() : null };
  });
  await deps.database.db.transaction().execute(async (trx) => {
    const org = scoped(trx, organizationId);
    const values = rows.map((r) => ({ id: r.delivery.id, attempts: r.delivery.attempts, state: r.state, status: r.result.statusCode, error: r.lastError, next: r.next }));
    type Row = { id: string; attempts: number; state: Delivery['state']; status: number | null; error: string | null; next: Date | null };
    const settled = await org
      .updateTable('webhook_deliveries')
      .from(sql<Row>`jsonb_to_recordset(${JSON.stringify(values)}::jsonb)`.as<'v'>(sql`v(id uuid, attempts int, state text, status int, error text, next timestamptz)`))
      .set((eb) => ({
        state: eb.ref('v.state'),
        lease_until: null,
        last_status_code: eb.ref('v.status'),
        last_error: eb.ref('v.error'),
        delivered_at: sql<Date | null>`case when v.state = 'delivered' then now() end`,
        next_attempt_at: sql<Date>`coalesce(v.next, now())`,
        updated_at: sql<Date>`now()`,
      }))
      .whereRef('webhook_deliveries.id', '=', 'v.id')
      .where('webhook_deliveries.state', '=', 'sending')
      .whereRef('webhook_deliveries.attempts', '=', 'v.attempts')
      .returning('webhook_deliveries.id')
      .execute();
    // The others were taken over by another worker after our lease ran out: theirs is the attempt to log.
    const mine = new Set(settled.map((r) => r.id));
    const logged = rows.filter((r) => mine.has(r.delivery.id));
    if (logged.length === 0) return;
    await org
      .insertInto(
        'webhook_delivery_attempts',
        logged.map(({ delivery, result, headers }) => ({
          delivery_id: delivery.id,
          attempt: delivery.attempts,
          request_headers: JSON.stringify(headers),
          status_code: result.statusCode,
          response_excerpt: result.responseExcerpt,
          error: result.error,
          duration_ms: result.durationMs,
        })),
      )
      .execute();
    const exhausted = logged.find((r) => r.disables);
    if (exhausted) await disableForFailure(trx, organizationId, endpointId, exhausted.lastError ?? 'no answer');
  });
}

const unsent = (error: string): SendResult => ({ statusCode: null, responseExcerpt: null, error, durationMs: 0, retryAfterSeconds: null, timedOut: false });

/** The signing secrets of the endpoint now: the current one, and the previous one during a rotation's overlap. */
function secretsOf(deps: AppDeps, endpoint: Endpoint, at: Date): string[] {
  const stored = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > at ? [endpoint.previous_secret] : [])];
  return stored.map((value) => openEndpointSecret(deps.config, endpoint.id, value));
}

/**
 * One batch: the endpoint's secrets opened and its target resolved and checked once, then every
 * delivery signed and sent side by side over the drain's keep-alive connections to that address.
 */
async function sendBatch(deps: AppDeps, endpoint: Endpoint, claimed: Delivery[], connections: Connections): Promise<Attempt[]> {
  const at = new Date();
  const secrets = secretsOf(deps, endpoint, at);
  const signed = claimed.map((delivery) => {
    const body = JSON.stringify(delivery.payload);
    const headers = signedHeaders(secrets, delivery.message_id, at, body);
    return { delivery, body, headers, shown: { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/v1,[^ ]+/g, 'v1,…') } };
  });
  // A test event goes to a disabled endpoint too (to try it before enabling it); real events do not.
  const cancelled = endpoint.enabled ? [] : signed.filter((s) => s.delivery.event_id !== null);
  const toSend = endpoint.enabled ? signed : signed.filter((s) => s.delivery.event_id === null);
  const attempts: Attempt[] = cancelled.map((s) => ({ delivery: s.delivery, result: unsent('the endpoint is disabled'), headers: {}, final: 'cancelled' }));
  if (toSend.length === 0) return attempts;
  let target;
  try {
    target = await resolveTarget(endpoint.url, deps.config.webhooksAllowPrivateNetworks);
  } catch (error) {
    if (!(error instanceof RefusedTarget)) throw error;
    // Refused at delivery time (its name now resolves inside): failed for good, never sent.
    return [...attempts, ...toSend.map((s): Attempt => ({ delivery: s.delivery, result: unsent(`refused: ${error.message}`), headers: s.shown, final: 'failed' }))];
  }
  const agent = connections.to(target);
  const sent = await Promise.all(toSend.map(async (s): Promise<Attempt> => ({ delivery: s.delivery, result: await postSigned(target, s.headers, s.body, agent), headers: s.shown })));
  return [...attempts, ...sent];
}

/** A drain's keep-alive connections: one agent per checked address (a new one if the name resolves elsewhere later). */
class Connections {
  private current: { key: string; agent: HttpAgent } | undefined;
  to(target: ResolvedTarget): HttpAgent {
    const key = `${target.url.origin} ${target.address}`;
    if (this.current?.key !== key) {
      this.current?.agent.destroy();
      this.current = { key, agent: keepAliveAgent(target, BATCH_SIZE) };
    }
    return this.current.agent;
  }
  close(): void {
    this.current?.agent.destroy();
  }
}

/**
 * After a drain: when the endpoint's next delivery that may go (first in its record chain) is due,
 * now or at its retry or lease end, a drain is waiting for it. Nothing else schedules retries.
 */
async function wakeForNext(deps: AppDeps, data: DeliverJobData): Promise<void> {
  const next = await scoped(deps.database.db, data.organizationId)
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.min('next_attempt_at').as('at'), sql<boolean>`min(next_attempt_at) <= now()`.as('due')])
    .where('endpoint_id', '=', data.endpointId)
    .where('state', 'in', [...unfinished])
    .where(firstInChain)
    .executeTakeFirst();
  if (!next?.at) return;
  await wakeDrains(deps, deps.database.db, data.organizationId, [data.endpointId], next.due ? undefined : new Date(next.at));
}

/**
 * The job: drains one endpoint — claims a batch of due deliveries, sends them, settles them, and
 * again until none is due, the time budget is spent or the queue stops — then makes sure a drain
 * waits for the next.
 */
export async function drainEndpoint(deps: AppDeps, data: DeliverJobData, signal?: AbortSignal): Promise<void> {
  const started = Date.now();
  const connections = new Connections();
  try {
    for (let first = true; Date.now() - started < DRAIN_BUDGET_MS && !signal?.aborted; first = false) {
      const { endpoint, claimed } = await claimBatch(deps.database.db, data, first);
      if (!endpoint) return; // deleted, with its deliveries
      if (claimed.length === 0) break;
      await settleBatch(deps, data.organizationId, endpoint.id, await sendBatch(deps, endpoint, claimed, connections));
    }
  } finally {
    connections.close();
  }
  await wakeForNext(deps, data);
}
