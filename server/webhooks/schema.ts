import { z } from 'zod';
import { ZAnswerInstant } from '../records/schema';

/**
 * Outbound webhooks (issue #19): the public event types, the event object receivers get, and every
 * procedure's input and output. Plain data and zod only: the client's Settings → Webhooks imports it.
 */

/**
 * THE table from our outbox events to the public event types: `source` is the outbox type, `when` a
 * payload field that must hold this value, `record` the payload field naming the record (its
 * deliveries to one endpoint go out in order) — `[]` when it is a list of ids.
 */
export const WEBHOOK_EVENT_TYPES = {
  'contact.created': { source: 'contact_created', record: ['contact', 'contactId'], description: 'A contact was created' },
  'contact.updated': { source: 'contact_updated', record: ['contact', 'contactIds[]'], description: 'Contacts were edited (one, or many in a bulk change)' },
  'contact.deleted': { source: 'contact_deleted', record: ['contact', 'contactIds[]'], description: 'Contacts were deleted' },
  'deal.created': { source: 'deal_created', record: ['deal', 'dealId'], description: 'A deal was created' },
  'deal.updated': { source: 'deal_updated', record: ['deal', 'dealId'], description: 'A deal’s fields were edited' },
  'deal.stage_changed': { source: 'deal_moved', record: ['deal', 'dealId'], description: 'A deal moved to another stage' },
  'deal.won': { source: 'deal_won', record: ['deal', 'dealId'], description: 'A deal was won' },
  'deal.lost': { source: 'deal_lost', record: ['deal', 'dealId'], description: 'A deal was lost' },
  'deal.deleted': { source: 'deal_deleted', record: ['deal', 'dealId'], description: 'A deal was deleted' },
  'task.created': { source: 'task_created', record: ['task', 'taskId'], description: 'A task was created' },
  'task.updated': { source: 'task_updated', record: ['task', 'taskId'], description: 'A task was edited' },
  'task.completed': { source: 'task_completed', record: ['task', 'taskId'], description: 'A task was marked done' },
  'task.reopened': { source: 'task_reopened', record: ['task', 'taskId'], description: 'A done task was opened again' },
  'task.deleted': { source: 'task_deleted', record: ['task', 'taskId'], description: 'A task was deleted' },
  'appointment.created': { source: 'appointment_changed', when: ['change', 'created'], record: ['appointment', 'appointmentId'], description: 'An appointment was booked' },
  'appointment.updated': { source: 'appointment_changed', when: ['change', 'updated'], record: ['appointment', 'appointmentId'], description: 'An appointment was changed' },
  'appointment.deleted': { source: 'appointment_changed', when: ['change', 'deleted'], record: ['appointment', 'appointmentId'], description: 'An appointment was cancelled' },
  'sms.received': { source: 'sms_received', record: ['sms', 'messageId'], description: 'An SMS came in' },
  'email.received': { source: 'email_received', record: ['email', 'id'], description: 'An e-mail came in' },
  'email.sent': { source: 'email_status', when: ['status', 'sent'], record: ['email', 'id'], description: 'An e-mail was handed to the mail server' },
  'email.delivered': { source: 'email_status', when: ['status', 'delivered'], record: ['email', 'id'], description: 'An e-mail was delivered' },
  'email.bounced': { source: 'email_status', when: ['status', 'bounced'], record: ['email', 'id'], description: 'An e-mail bounced' },
  'email.failed': { source: 'email_status', when: ['status', 'failed'], record: ['email', 'id'], description: 'An e-mail could not be sent' },
  'form.submitted': { source: 'lead_captured', record: ['contact', 'contactId'], description: 'A public form was submitted' },
  'automation.completed': { source: 'automation_completed', record: ['automation_run', 'runId'], description: 'A workflow run finished' },
} as const satisfies Record<string, { source: string; when?: readonly [string, string]; record: readonly [string, string]; description: string }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;
export const WEBHOOK_EVENT_TYPE_NAMES = Object.keys(WEBHOOK_EVENT_TYPES) as [WebhookEventType, ...WebhookEventType[]];
/** The type a "send test event" delivers; no real event has it. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
/** Version of the event object's shape; a breaking change to it gets a new one. */
export const WEBHOOK_API_VERSION = '2026-11-28';
export const WEBHOOK_ENDPOINTS_MAX = 20;

/** The event object every delivery's body is (stable, versioned: documented in the OpenAPI document's `webhooks`). */
export const ZWebhookEvent = z.strictObject({
  id: z.string().meta({ description: 'The event id, also the `webhook-id` header: drop a delivery whose id you have already handled' }),
  type: z.string().meta({ description: `A public event type (${WEBHOOK_EVENT_TYPE_NAMES.join(', ')}) or ${WEBHOOK_TEST_EVENT_TYPE}` }),
  apiVersion: z.literal(WEBHOOK_API_VERSION),
  createdAt: ZAnswerInstant,
  data: z.record(z.string(), z.unknown()).meta({ description: 'What happened: the record ids and the fields the change names (camelCase)' }),
});

const ZEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPE_NAMES, { error: `must be event types among ${WEBHOOK_EVENT_TYPE_NAMES.join(', ')}` }))
  .min(1, 'must name at least one event type')
  .max(WEBHOOK_EVENT_TYPE_NAMES.length)
  .transform((types) => [...new Set(types)]);

const ZEndpointUrl = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an https:// URL');

export const ZCreateWebhookEndpointInput = z.strictObject({
  url: ZEndpointUrl,
  description: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  eventTypes: ZEventTypes,
  enabled: z.boolean().default(true),
});

export const ZEndpointIdInput = z.strictObject({ id: z.uuid({ error: 'must be a webhook endpoint id' }) });

export const ZUpdateWebhookEndpointFields = z.strictObject({
  url: ZEndpointUrl.optional(),
  description: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  eventTypes: ZEventTypes.optional(),
  enabled: z.boolean().optional(),
});
export const ZUpdateWebhookEndpointInput = ZUpdateWebhookEndpointFields.extend({ id: ZEndpointIdInput.shape.id });

export const ZRotateSecretFields = z.strictObject({
  overlapHours: z.number({ error: 'must be a number of hours' }).int('must be a whole number of hours').min(0, 'must be between 0 and 72').max(72, 'must be between 0 and 72').default(24),
});
export const ZRotateSecretInput = ZRotateSecretFields.extend({ id: ZEndpointIdInput.shape.id });

export const ZWebhookEndpoint = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().meta({ description: 'Why the system disabled it (persistent failure); null when enabled or disabled by a person' }),
  secretHint: z.string().meta({ description: 'The end of the signing secret, to tell secrets apart (the secret itself is shown once)' }),
  previousSecretExpiresAt: ZAnswerInstant.nullable().meta({ description: 'Until then deliveries are also signed with the previous secret' }),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});
export const ZWebhookEndpointList = z.strictObject({ items: z.array(ZWebhookEndpoint) });
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().meta({ description: 'The signing secret (whsec_…): shown this once' }),
});

export const ZWebhookDeliveryState = z.enum(['pending', 'sending', 'retrying', 'delivered', 'failed', 'cancelled']);

export const ZWebhookAttempt = z.strictObject({
  attempt: z.number().int(),
  requestHeaders: z.record(z.string(), z.string()),
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable().meta({ description: 'The first 1 KB of the answer' }),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: ZAnswerInstant,
});

export const ZWebhookDelivery = z.strictObject({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  state: ZWebhookDeliveryState,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZAnswerInstant.nullable(),
  deliveredAt: ZAnswerInstant.nullable(),
  createdAt: ZAnswerInstant,
  payload: ZWebhookEvent,
  log: z.array(ZWebhookAttempt),
});

export const ZListDeliveriesQuery = z.strictObject({
  cursor: z.string().regex(/^\d+$/, 'must be the nextCursor of the previous page').optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(25),
});
export const ZListDeliveriesInput = ZListDeliveriesQuery.extend({ endpointId: z.uuid({ error: 'must be a webhook endpoint id' }) });
export const ZWebhookDeliveryPage = z.strictObject({ items: z.array(ZWebhookDelivery), nextCursor: z.string().nullable() });

export const ZRedeliverInput = z.strictObject({ deliveryId: z.uuid({ error: 'must be a webhook delivery id' }) });
export const ZDeliveryAccepted = z.strictObject({ deliveryId: z.uuid(), state: ZWebhookDeliveryState });

export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;
