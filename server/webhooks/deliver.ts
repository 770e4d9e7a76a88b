import { sql, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { WebhookDeliveriesTable } from '../db/schema';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { publishEvent } from '../events/publish';
import { openEndpointSecret } from './secrets';
import { postSigned, signedHeaders, type SendResult } from './sender';
import { RefusedTarget, resolveTarget } from './ssrf';

export const DELIVER_JOB = 'webhooks.deliver';
export type DeliverJobData = { organizationId: string; deliveryId: string };

/** Retries stop this long after the first attempt (or a manual redelivery). */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
/** A claimed delivery not finished by then (its worker died) may be claimed again. */
const LEASE_SECONDS = 60;

/** The wait before retry `attempts` + 1: 5 s, 20 s, 80 s, … at most 6 hours. */
export const backoffSeconds = (attempts: number) => Math.min(5 * 4 ** Math.max(0, attempts - 1), 6 * 3600);

type Delivery = Selectable<WebhookDeliveriesTable>;

const unfinished = ['pending', 'sending', 'retrying'] as const;

/**
 * Claims a delivery for one attempt: due, not claimed by a live worker, and first in its endpoint's
 * record chain (an earlier delivery about the same record still unfinished goes first).
 */
async function claim(db: Db, data: DeliverJobData): Promise<Delivery | undefined> {
  return scoped(db, data.organizationId)
    .updateTable('webhook_deliveries')
    .set({ state: 'sending', attempts: sql<number>`attempts + 1`, lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`, updated_at: sql<Date>`now()` })
    .where('id', '=', data.deliveryId)
    .where((eb) =>
      eb.or([eb.and([eb('state', 'in', ['pending', 'retrying']), eb('next_attempt_at', '<=', sql<Date>`now()`)]), eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', sql<Date>`now()`)])]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as earlier')
            .select('earlier.id')
            .whereRef('earlier.endpoint_id', '=', 'webhook_deliveries.endpoint_id')
            .whereRef('earlier.record_key', '=', 'webhook_deliveries.record_key')
            .whereRef('earlier.sequence', '<', 'webhook_deliveries.sequence')
            .where('earlier.state', 'in', [...unfinished]),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Hands the next delivery of a finished one's record chain to a job. */
async function kickNext(trx: Db, deps: AppDeps, delivery: Delivery): Promise<void> {
  const next = await scoped(trx, delivery.organization_id)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', delivery.endpoint_id)
    .where('record_key', '=', delivery.record_key)
    .where('state', 'in', ['pending', 'retrying'])
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
  if (next) await deps.jobs.send(DELIVER_JOB, { organizationId: delivery.organization_id, deliveryId: next.id }, { db: trx });
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
async function disableForFailure(trx: Db, delivery: Delivery, lastError: string): Promise<void> {
  const org = scoped(trx, delivery.organization_id);
  const reason = `Deliveries failed for 24 hours (last: ${lastError})`;
  const endpoint = await org
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', delivery.endpoint_id)
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
  await publishEvent(trx, { organizationId: delivery.organization_id, type: 'webhook_endpoint_disabled', payload: { endpointId: endpoint.id, url: endpoint.url, reason }, actorUserId: null });
}

/** Records the attempt and moves the delivery on; only the worker holding the claim (same attempt number) writes. */
async function settle(deps: AppDeps, delivery: Delivery, result: SendResult, headers: Record<string, string>, final: 'failed' | 'cancelled' | null = null): Promise<void> {
  const outcome = final ? 'failed' : outcomeOf(result);
  const lastError = result.error ?? (outcome === 'delivered' ? null : `answered ${result.statusCode}`);
  const windowEnd = delivery.window_started_at.getTime() + RETRY_WINDOW_SECONDS * 1000;
  const waitSeconds = Math.max(backoffSeconds(delivery.attempts), result.retryAfterSeconds ?? 0);
  const retryAt = new Date(Date.now() + waitSeconds * 1000);
  const exhausted = outcome === 'retry' && retryAt.getTime() > windowEnd;
  const state = final ?? (outcome === 'delivered' ? 'delivered' : outcome === 'retry' && !exhausted ? 'retrying' : 'failed');
  await deps.database.db.transaction().execute(async (trx) => {
    const org = scoped(trx, delivery.organization_id);
    const updated = await org
      .updateTable('webhook_deliveries')
      .set({
        state,
        lease_until: null,
        last_status_code: result.statusCode,
        last_error: lastError,
        delivered_at: state === 'delivered' ? sql<Date>`now()` : null,
        next_attempt_at: state === 'retrying' ? retryAt : sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', delivery.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', delivery.attempts)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return; // another worker took it over after our lease ran out
    await org
      .insertInto('webhook_delivery_attempts', {
        delivery_id: delivery.id,
        attempt: delivery.attempts,
        request_headers: JSON.stringify(headers),
        status_code: result.statusCode,
        response_excerpt: result.responseExcerpt,
        error: result.error,
        duration_ms: result.durationMs,
      })
      .execute();
    if (state === 'retrying') {
      await deps.jobs.send(DELIVER_JOB, { organizationId: delivery.organization_id, deliveryId: delivery.id }, { db: trx, startAfter: retryAt });
      return;
    }
    if (exhausted && delivery.event_id !== null) await disableForFailure(trx, delivery, lastError ?? 'no answer');
    await kickNext(trx, deps, delivery);
  });
}

/** The job: one attempt at one delivery (signed, to the checked address), then its next step. */
export async function deliver(deps: AppDeps, data: DeliverJobData): Promise<void> {
  const delivery = await claim(deps.database.db, data);
  if (!delivery) {
    const current = await scoped(deps.database.db, data.organizationId).selectFrom('webhook_deliveries').select(['state', 'lease_until']).where('id', '=', data.deliveryId).executeTakeFirst();
    // Claimed by a worker that may have died: try again once its lease ends (the queue retries a throwing job).
    if (current?.state === 'sending') throw new Error(`webhook delivery ${data.deliveryId} is being sent by another worker`);
    return; // done, not due yet (its own job comes), or waiting behind an earlier one (which hands it on)
  }
  const endpoint = await scoped(deps.database.db, data.organizationId)
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'enabled', 'secret', 'previous_secret', 'previous_secret_expires_at'])
    .where('id', '=', delivery.endpoint_id)
    .executeTakeFirstOrThrow();
  const body = JSON.stringify(delivery.payload);
  const at = new Date();
  const secrets = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > at ? [endpoint.previous_secret] : [])].map((stored) =>
    openEndpointSecret(deps.config, endpoint.id, stored),
  );
  const headers = signedHeaders(secrets, delivery.message_id, at, body);
  const shown = { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/v1,[^ ]+/g, 'v1,…') };
  const unsent = (error: string): SendResult => ({ statusCode: null, responseExcerpt: null, error, durationMs: 0, retryAfterSeconds: null, timedOut: false });
  // A test event goes to a disabled endpoint too (to try it before enabling it); real events do not.
  if (!endpoint.enabled && delivery.event_id !== null) return settle(deps, delivery, unsent('the endpoint is disabled'), {}, 'cancelled');
  let target;
  try {
    target = await resolveTarget(endpoint.url, deps.config.webhooksAllowPrivateNetworks);
  } catch (error) {
    if (!(error instanceof RefusedTarget)) throw error;
    // Refused at delivery time (its name now resolves inside): failed for good, never sent.
    return settle(deps, delivery, unsent(`refused: ${error.message}`), shown, 'failed');
  }
  await settle(deps, delivery, await postSigned(target, headers, body), shown);
}
