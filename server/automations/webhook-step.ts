import { backoffSeconds } from '../webhooks/deliver';
import { WEBHOOK_API_VERSION } from '../webhooks/schema';
import { newSigningSecret } from '../webhooks/sender';
import { postSignedOnce } from '../webhooks/signed-post';
import type { ContactSnapshot } from './contact-state';
import type { StepSend } from './step-send';

/**
 * The `webhook` step: the contact (with the run's and the workflow's ids) POSTed as JSON to the
 * step's URL, signed per Standard Webhooks with the step's own secret, through the webhooks
 * domain's sender (SSRF guard pinned at each attempt). Retried with the webhooks' backoff through
 * the job queue; after WEBHOOK_ATTEMPTS the run ends failed with the last answer in its step log.
 */

/** Tries of one call: 5 s, 20 s, 80 s and 320 s apart (the webhooks' backoff), about 7 minutes in all. */
export const WEBHOOK_ATTEMPTS = 5;
/** The event type of the body a webhook step sends. */
export const WEBHOOK_STEP_EVENT = 'automation.webhook';

/** An answer that will not change on a retry (a 4xx, a refused address): the run fails at once. */
export class StepFailedError extends Error {}
/** An answer worth trying again (a 5xx, 429, a timeout, a network error). */
export class RetryableSendError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

type WebhookConfig = { url: string; secret?: string | undefined };

/** The contact as the body carries it: its fields as conditions name them, tags and custom fields. */
function contactObject(contact: ContactSnapshot) {
  return { id: contact.id, ...contact.fields, tags: contact.tags, customFields: contact.custom };
}

/** The headers a webhook step's call is signed with (Standard Webhooks), beside Content-Type: application/json. */
export const WEBHOOK_SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The JSON body a webhook step POSTs: one source for the call and the test run's preview of it. */
export function webhookBody(messageId: string, createdAt: Date, run: { workflowId: string; runId: string; stepId: string }, contact: ContactSnapshot) {
  return {
    id: messageId,
    type: WEBHOOK_STEP_EVENT,
    apiVersion: WEBHOOK_API_VERSION,
    createdAt: createdAt.toISOString(),
    data: { workflowId: run.workflowId, runId: run.runId, stepId: run.stepId, contact: contactObject(contact) },
  };
}

/** What the test run shows of a webhook step: the request a run would make, none made. The run's own ids are shown as placeholders. */
export function webhookPreview(config: WebhookConfig, stepId: string, contact: ContactSnapshot, at: Date): string {
  const body = webhookBody('msg_<run step>', at, { workflowId: '<workflow id>', runId: '<run id>', stepId }, contact);
  return `would POST to ${config.url}, signed with the step's secret (headers ${WEBHOOK_SIGNED_HEADERS.join(', ')}), the body ${JSON.stringify(body)}`;
}

export function webhookSend(config: WebhookConfig, contact: ContactSnapshot): StepSend {
  return {
    kind: 'webhook',
    heldForWindow: false,
    retry: {
      attempts: WEBHOOK_ATTEMPTS,
      delaySeconds: (failures, error) => Math.max(backoffSeconds(failures), Math.min(error instanceof RetryableSendError ? (error.retryAfterSeconds ?? 0) : 0, 3600)),
    },
    perform: async (ctx, idempotencyKey, run) => {
      if (!config.secret) throw new StepFailedError('the step has no signing secret: save the workflow again to generate one');
      if (new URL(config.url).protocol !== 'https:' && ctx.deps.config.nodeEnv !== 'development') throw new StepFailedError('the URL must be https://');
      // The message id is the same on every try of this run step: receivers drop duplicates by it.
      const messageId = `msg_${idempotencyKey.replaceAll(':', '_')}`;
      const body = JSON.stringify(webhookBody(messageId, new Date(), run, contact));
      const { outcome, result } = await postSignedOnce({ url: config.url, secret: config.secret, messageId, body, allowPrivateNetworks: ctx.deps.config.webhooksAllowPrivateNetworks });
      const what = result.statusCode !== null ? `answered HTTP ${result.statusCode}` : (result.error ?? 'no answer');
      if (outcome === 'delivered') return { statusCode: result.statusCode, durationMs: result.durationMs, messageId };
      if (outcome === 'retry') throw new RetryableSendError(`${config.url} ${what}`, result.retryAfterSeconds);
      throw new StepFailedError(`${config.url} ${what}`);
    },
  };
}

const SECRET = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/**
 * Gives every webhook step of a definition being saved its signing secret: the one it carries, else
 * the one the same step had in the stored draft, else a new one. Other steps are left as they are.
 */
export function withWebhookSecrets<D extends { steps: { id: string; type: string; config?: unknown }[] }>(definition: D, stored: unknown): D {
  const before = new Map<string, string>();
  const storedSteps = (stored as { steps?: unknown } | null)?.steps;
  if (Array.isArray(storedSteps)) {
    for (const step of storedSteps as { id?: unknown; type?: unknown; config?: { secret?: unknown } }[]) {
      if (step.type === 'webhook' && typeof step.id === 'string' && typeof step.config?.secret === 'string' && SECRET.test(step.config.secret)) before.set(step.id, step.config.secret);
    }
  }
  return {
    ...definition,
    steps: definition.steps.map((step) => {
      if (step.type !== 'webhook' || typeof step.config !== 'object' || step.config === null || Array.isArray(step.config)) return step;
      const config = step.config as Record<string, unknown>;
      if (typeof config.secret === 'string' && config.secret !== '') return step;
      return { ...step, config: { ...config, secret: before.get(step.id) ?? newSigningSecret() } };
    }),
  };
}

/** A definition as a member who may not edit workflows sees it: webhook steps without their signing secret. */
export function withoutWebhookSecrets<D extends { steps: { id: string; type: string; config?: unknown }[] }>(definition: D): D {
  return {
    ...definition,
    steps: definition.steps.map((step) => {
      if (step.type !== 'webhook' || typeof step.config !== 'object' || step.config === null || !('secret' in step.config)) return step;
      const { secret: _secret, ...config } = step.config as Record<string, unknown>;
      return { ...step, config };
    }),
  };
}
