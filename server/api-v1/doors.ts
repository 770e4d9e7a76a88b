import { z } from 'zod';
import type { Permission } from '../kernel/permissions';
import { ZAuthPayload, ZLoginInput, ZPreferencesAnswer, ZSignupInput, ZUpdatePreferencesInput } from '../auth/schema';
import { ZReportRange, REPORTS } from '../analytics/schema';
import { ZCreatePaymentIntentInput, ZCreateSubscriptionInput, ZProvisioningTokenInput } from '../billing/inputs';
import { ZBillingConfig, ZPaymentIntentAnswer, ZProvisioningAnswer, ZStripeWebhookAnswer, ZSubscriptionAnswer } from '../billing/records';
import { ZSendChatMessageInput, ZVisitorConversationInput } from '../chat/inputs';
import { ZChatConversationRecord, ZChatSendResult } from '../chat/records';
import { ZExportContactsInput, ZImportUploadPreview } from '../contacts/schema';
import { ZHealthStatus } from '../health/schema';
import { ZLeadAccepted, ZLeadRefused, ZSubmitLeadInput } from '../leads/schema';
import { ZActingOrganization, ZMemberList } from '../organizations/schema';
import { ZRecordSiteEventsInput, ZSiteEventsStored } from '../site-analytics/schema';
import { ZBulkSendSmsInput, ZSendSmsInput, ZSendTemplateSmsInput, ZSmsAccountAnswer, ZSmsBulkSent, ZSmsRefused, ZSmsSent, ZSmsTemplateRecord } from '../sms/schema';
import { ZSetLessonCompletionInput, ZTrainingProgress } from '../training/schema';

/**
 * The REST doors besides /api/v1's resources (server/app.ts and each domain's rest.ts), described
 * for the OpenAPI document from the same zod schemas their services parse and answer with. A door
 * added to a rest.ts without an entry here fails tests/integration/openapi.test.ts.
 */
export type DoorAnswer = {
  description: string;
  /** A JSON answer's schema. */
  schema?: z.ZodType;
  /** A non-JSON answer's media type (a file, a stream, TwiML). */
  mediaType?: string;
};

export type RestDoor = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template, e.g. /api/appointments/{id}/ics. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call it: anyone, a signed-in user (session), a member (session or API key, with `permission`), or the provider's signature. */
  access: 'public' | 'user' | 'member' | 'signature';
  permission?: Permission;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (an uploaded file, a provider's form post). */
  rawBody?: { mediaType: string; description: string };
  answers: Record<string, DoorAnswer>;
  /** The body of the door's refusals when not the common Error. */
  refusal?: z.ZodType;
};

const json = (description: string, schema: z.ZodType): DoorAnswer => ({ description, schema });
const file = (description: string, mediaType: string): DoorAnswer => ({ description, mediaType });

export const DOOR_TAGS: { name: string; description: string }[] = [
  { name: 'organization', description: 'The organization an API key or session acts in, and its members.' },
  { name: 'auth', description: 'Sign-up, sign-in and the signed-in user (browser sessions; spec app-core §7).' },
  { name: 'files', description: 'CSV exports and imports, calendar files.' },
  { name: 'sms', description: 'Sending SMS and the SMS account (spec app-core §7).' },
  { name: 'public site', description: 'What the public site calls: lead forms, payments, the chat widget, page analytics, training progress.' },
  { name: 'webhooks', description: 'Calls from providers, authenticated by their signature (Stripe, Twilio).' },
  { name: 'health', description: 'Whether the server and its database answer.' },
];

export const REST_DOORS: RestDoor[] = [
  {
    method: 'get',
    path: '/api/v1/organization',
    tag: 'organization',
    summary: 'The acting organization',
    description: 'Which organization the key or session acts in, with its role and permissions.',
    access: 'member',
    answers: { '200': json('The organization, role, permissions and how the caller is signed in', ZActingOrganization) },
  },
  {
    method: 'get',
    path: '/api/v1/members',
    tag: 'organization',
    summary: 'List members and pending invites',
    access: 'member',
    permission: 'members:read',
    answers: { '200': json('The members and the invites not yet accepted', ZMemberList) },
  },
  {
    method: 'post',
    path: '/api/auth/signup',
    tag: 'auth',
    summary: 'Sign up',
    description: 'Creates the user and their organization and signs them in (Set-Cookie).',
    access: 'public',
    body: ZSignupInput,
    answers: { '201': json('Signed in', ZAuthPayload) },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in',
    description: 'Signs in (Set-Cookie).',
    access: 'public',
    body: ZLoginInput,
    answers: { '200': json('Signed in', ZAuthPayload) },
  },
  { method: 'get', path: '/api/auth/user', tag: 'auth', summary: 'The signed-in user', access: 'user', answers: { '200': json('The user, their organization and permissions', ZAuthPayload) } },
  {
    method: 'patch',
    path: '/api/auth/preferences',
    tag: 'auth',
    summary: 'Change preferences',
    description: 'Send only the keys to change.',
    access: 'user',
    body: ZUpdatePreferencesInput,
    answers: { '200': json('Every preference', ZPreferencesAnswer) },
  },
  { method: 'post', path: '/api/auth/logout', tag: 'auth', summary: 'Sign out', access: 'user', answers: { '204': { description: 'Signed out (the cookie is cleared)' } } },
  {
    method: 'get',
    path: '/api/contacts/export.csv',
    tag: 'files',
    summary: 'Export contacts as CSV',
    description: 'The contacts of a filter or saved view; `columns` is comma-separated. X-Total-Count says how many.',
    access: 'member',
    permission: 'data:export',
    query: ZExportContactsInput,
    answers: { '200': file('The CSV file', 'text/csv') },
  },
  {
    method: 'post',
    path: '/api/contacts/imports/preview',
    tag: 'files',
    summary: 'Preview a CSV import',
    description: 'The file as it is on disk (UTF-8, UTF-16 or Windows-1252): its columns, first rows and a suggested mapping.',
    access: 'member',
    permission: 'data:import',
    rawBody: { mediaType: 'text/csv', description: 'The CSV file’s bytes' },
    answers: { '200': json('The preview and the decoded text', ZImportUploadPreview) },
  },
  {
    method: 'get',
    path: '/api/contacts/imports/{id}/errors.csv',
    tag: 'files',
    summary: 'An import’s rejected rows as CSV',
    access: 'member',
    permission: 'data:import',
    answers: { '200': file('The CSV file', 'text/csv') },
  },
  {
    method: 'get',
    path: '/api/appointments/{id}/ics',
    tag: 'files',
    summary: 'An appointment as a calendar file',
    access: 'member',
    permission: 'appointments:read',
    answers: { '200': file('The iCalendar file', 'text/calendar') },
  },
  ...REPORTS.map((report): RestDoor => ({
    method: 'get',
    path: `/api/reports/${report}.csv`,
    tag: 'files',
    summary: `Export the ${report} report as CSV`,
    description: 'For `period` (e.g. 30d) or `from`/`to` (YYYY-MM-DD); `pipelineId` for the pipeline report.',
    access: 'member',
    permission: 'reports:read',
    query: ZReportRange,
    answers: { '200': file('The CSV file', 'text/csv') },
  })),
  {
    method: 'get',
    path: '/api/sms/templates',
    tag: 'sms',
    summary: 'List SMS templates',
    access: 'member',
    permission: 'sms:read',
    answers: { '200': json('The templates', z.array(ZSmsTemplateRecord)) },
  },
  {
    method: 'get',
    path: '/api/sms/account',
    tag: 'sms',
    summary: 'The SMS provider account',
    access: 'member',
    permission: 'sms:read',
    answers: { '200': json('The account and its numbers', ZSmsAccountAnswer) },
  },
  {
    method: 'post',
    path: '/api/sms/send',
    tag: 'sms',
    summary: 'Send an SMS',
    access: 'member',
    permission: 'sms:send',
    body: ZSendSmsInput,
    answers: { '200': json('Accepted for delivery', ZSmsSent) },
    refusal: ZSmsRefused,
  },
  {
    method: 'post',
    path: '/api/sms/bulk-send',
    tag: 'sms',
    summary: 'Send an SMS to many numbers',
    access: 'member',
    permission: 'sms:send',
    body: ZBulkSendSmsInput,
    answers: { '200': json('Each number’s outcome', ZSmsBulkSent) },
    refusal: ZSmsRefused,
  },
  {
    method: 'post',
    path: '/api/sms/send-template',
    tag: 'sms',
    summary: 'Send an SMS from a template',
    access: 'member',
    permission: 'sms:send',
    body: ZSendTemplateSmsInput,
    answers: { '200': json('Accepted for delivery', ZSmsSent) },
    refusal: ZSmsRefused,
  },
  {
    method: 'post',
    path: '/api/convertkit/subscribe',
    tag: 'public site',
    summary: 'Submit a lead form',
    access: 'public',
    body: ZSubmitLeadInput,
    answers: {
      '200': json('Taken', ZLeadAccepted),
      '400': json('Bad input', ZLeadRefused),
      '429': json('Too many submissions (Retry-After)', ZLeadRefused),
      '503': json('No organization receives leads', ZLeadRefused),
    },
  },
  {
    method: 'get',
    path: '/api/billing/config',
    tag: 'public site',
    summary: 'Whether payments are configured',
    access: 'public',
    answers: { '200': json('The publishable key, or why payments are off', ZBillingConfig) },
  },
  {
    method: 'get',
    path: '/api/billing/provisioning',
    tag: 'public site',
    summary: 'A bought subscription’s organization',
    access: 'public',
    query: ZProvisioningTokenInput,
    answers: { '200': json('Pending, or ready with the set-password link (once)', ZProvisioningAnswer) },
  },
  {
    method: 'post',
    path: '/api/create-payment-intent',
    tag: 'public site',
    summary: 'Start a one-off payment',
    description: 'Send `Idempotency-Key` once per visit: a retried click answers the same payment.',
    access: 'public',
    body: ZCreatePaymentIntentInput,
    answers: { '200': json('The payment’s client secret', ZPaymentIntentAnswer) },
  },
  {
    method: 'post',
    path: '/api/create-subscription',
    tag: 'public site',
    summary: 'Subscribe to a plan',
    description: 'Signed in, it subscribes the current organization (billing:manage); otherwise a new organization is created once paid. Send `Idempotency-Key`.',
    access: 'public',
    body: ZCreateSubscriptionInput,
    answers: { '200': json('The subscription’s client secret', ZSubscriptionAnswer) },
  },
  {
    method: 'post',
    path: '/api/chat/messages',
    tag: 'public site',
    summary: 'A visitor’s chat message',
    access: 'public',
    body: ZSendChatMessageInput,
    answers: { '201': json('The message and the bot’s reply', ZChatSendResult) },
  },
  {
    method: 'get',
    path: '/api/chat/conversation',
    tag: 'public site',
    summary: 'A visitor’s conversation',
    access: 'public',
    query: ZVisitorConversationInput,
    answers: { '200': json('The messages', ZChatConversationRecord) },
  },
  {
    method: 'get',
    path: '/api/chat/stream',
    tag: 'public site',
    summary: 'The team’s replies as they come',
    description: 'Server-sent events: `ready`, then `message` events (a chat message as JSON, its id as the event id); reconnect with Last-Event-ID.',
    access: 'public',
    query: ZVisitorConversationInput,
    answers: { '200': file('An event stream', 'text/event-stream') },
  },
  {
    method: 'post',
    path: '/api/analytics/events',
    tag: 'public site',
    summary: 'Record page views',
    access: 'public',
    body: ZRecordSiteEventsInput,
    answers: { '202': json('How many were kept', ZSiteEventsStored) },
  },
  {
    method: 'get',
    path: '/api/training/progress',
    tag: 'public site',
    summary: 'The training course’s progress',
    description: 'Signed out, it answers signedIn: false.',
    access: 'public',
    answers: { '200': json('The completed lessons', ZTrainingProgress) },
  },
  {
    method: 'put',
    path: '/api/training/progress',
    tag: 'public site',
    summary: 'Mark a lesson complete or not',
    access: 'user',
    body: ZSetLessonCompletionInput,
    answers: { '200': json('The completed lessons', ZTrainingProgress) },
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    tag: 'webhooks',
    summary: 'Stripe’s events',
    description: 'Checked with Stripe-Signature (STRIPE_WEBHOOK_SECRET) on the raw body before anything else.',
    access: 'signature',
    rawBody: { mediaType: 'application/json', description: 'A Stripe event, as Stripe signed it' },
    answers: { '200': json('Received (a repeated event is a duplicate; another account’s is ignored)', ZStripeWebhookAnswer) },
  },
  {
    method: 'post',
    path: '/api/sms/webhooks/inbound',
    tag: 'webhooks',
    summary: 'Twilio: an incoming SMS',
    description: 'Checked with X-Twilio-Signature against PUBLIC_URL and the path.',
    access: 'signature',
    rawBody: { mediaType: 'application/x-www-form-urlencoded', description: 'Twilio’s message parameters' },
    answers: { '200': file('TwiML: the automatic reply, if any', 'text/xml') },
  },
  {
    method: 'post',
    path: '/api/sms/webhooks/status',
    tag: 'webhooks',
    summary: 'Twilio: a message’s delivery status',
    access: 'signature',
    rawBody: { mediaType: 'application/x-www-form-urlencoded', description: 'Twilio’s status parameters' },
    answers: { '204': { description: 'Recorded' } },
  },
  {
    method: 'get',
    path: '/api/health',
    tag: 'health',
    summary: 'Health check',
    access: 'public',
    answers: { '200': json('Healthy', ZHealthStatus), '503': json('The database does not answer', ZHealthStatus) },
  },
];
