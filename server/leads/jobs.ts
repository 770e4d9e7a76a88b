import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { createKitClient } from './kit';
import type { TSubmitLead } from './schema';

export const KIT_FORWARD_JOB = 'leads.kit-forward';

export type KitForwardJobData = { organizationId: string; deliveryId: string };

/** Retries after the first failure: with 30 s doubling, the last one comes about four hours later. */
export const KIT_RETRY_LIMIT = 9;
export const KIT_RETRY_DELAY_SECONDS = 30;

/**
 * Sends one submission to Kit: the subscriber, then each of its tags. Idempotent — Kit upserts
 * subscribers by address and tagging twice is a no-op, and a delivered row is never sent again —
 * so the queue's at-least-once delivery and retries are safe. Each attempt is counted on the
 * delivery row with its error, for the integrations log; the last failure marks it failed.
 */
export async function forwardToKit(deps: Pick<AppDeps, 'database' | 'config'>, data: KitForwardJobData, job: { retryCount: number; signal: AbortSignal }): Promise<unknown> {
  const org = scoped(deps.database.db, data.organizationId);
  const delivery = await org
    .selectFrom('integration_deliveries')
    .innerJoin('form_submissions', 'form_submissions.id', 'integration_deliveries.submission_id')
    .select(['integration_deliveries.status', 'integration_deliveries.attempts', 'form_submissions.email', 'form_submissions.payload'])
    .where('integration_deliveries.id', '=', data.deliveryId)
    .executeTakeFirst();
  if (!delivery) return { status: 'gone' };
  if (delivery.status === 'delivered') return { status: 'delivered' };
  const apiKey = deps.config.kitApiKey;
  const payload = delivery.payload as Partial<TSubmitLead>;
  try {
    if (!apiKey) throw new Error('KIT_API_KEY is no longer configured');
    const client = createKitClient({ apiKey, baseUrl: deps.config.kitApiBaseUrl, signal: job.signal });
    const firstName = payload.firstName ?? payload.name?.split(/\s+/)[0];
    const subscriber = await client.upsertSubscriber({ email: delivery.email, firstName });
    for (const tag of payload.tags ?? []) await client.tagSubscriber(subscriber.id, tag);
    await org
      .updateTable('integration_deliveries')
      .set((eb) => ({ status: 'delivered', attempts: eb('attempts', '+', 1), last_error: null, external_id: String(subscriber.id), last_attempt_at: new Date(), delivered_at: new Date() }))
      .where('id', '=', data.deliveryId)
      .execute();
    return { status: 'delivered', subscriberId: subscriber.id };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const last = job.retryCount >= KIT_RETRY_LIMIT;
    await org
      .updateTable('integration_deliveries')
      .set((eb) => ({ status: last ? 'failed' : 'retrying', attempts: eb('attempts', '+', 1), last_error: reason.slice(0, 1000), last_attempt_at: new Date() }))
      .where('id', '=', data.deliveryId)
      .execute();
    throw error;
  }
}

/** The leads domain's background jobs: forwarding to Kit, retried with backoff. */
export function registerLeadJobs(deps: AppDeps, options: { retryDelaySeconds?: number } = {}): void {
  deps.jobs.register(KIT_FORWARD_JOB, (job) => forwardToKit(deps, job.data, job), {
    concurrency: 2,
    retryLimit: KIT_RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? KIT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 300,
  });
}
