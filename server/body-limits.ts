import { HOOK_MAX_BYTES } from './automations/schema';
import { LIST_LIMITS } from './campaigns/schema';
import { IMPORT_LIMITS } from './contacts/schema';
import { INBOUND_EMAIL_MAX_BYTES } from './email/schema';
import { KB, MB } from './http/body-limit';
import { TRPC_ENDPOINT } from './http/trpc';
import { SITE_ANALYTICS_LIMITS } from './site-analytics/schema';
import { SITE_ASSET_MAX_BYTES } from './sites/schema';

/**
 * The request body limits, the one place they are defined. Every request with a body goes through
 * `bodyLimits` (server/http/body-limit.ts): the first rule whose path matches sets the limit, otherwise `json`.
 */
export const BODY_LIMITS = {
  /** Any JSON body (REST, /api/v1, tRPC calls and batches): 1 MB. */
  json: 1 * MB,
  /** The site's analytics batches (sendBeacon): 64 KB. */
  analytics: SITE_ANALYTICS_LIMITS.maxBodyBytes,
  /**
   * Twilio's webhooks are small forms: a message's Body is at most 1,600 characters and it carries at
   * most 10 media URLs (Twilio's "Our request to your webhook URL"); 64 KB is many times that.
   */
  twilioWebhook: 64 * KB,
  /**
   * Stripe documents no maximum event size; events embed whole objects (an invoice with its lines,
   * metadata of up to 50 keys of 500 characters) and were seen past 50 KB. 1 MB, the size others settled on.
   */
  stripeWebhook: 1 * MB,
  /** A CSV import's file, its bytes as the body (POST /api/contacts/imports/preview). */
  csvUpload: IMPORT_LIMITS.maxBytes,
  /**
   * tRPC's imports.preview / imports.start carry the CSV as a JSON string: escaping can double a file's
   * quotes and line ends, so twice the file limit plus the other fields. A batch gets it only when
   * every call in it is one of these.
   */
  csvJson: 2 * IMPORT_LIMITS.maxBytes + 1 * MB,
  /** A list's CSV import (tRPC campaigns.listImport, POST /api/v1/campaigns/lists/import): the CSV (LIST_LIMITS.csvBytes) as a JSON string, escaped as above. */
  listCsvJson: 2 * LIST_LIMITS.csvBytes + 1 * MB,
  /** An inbound e-mail, raw MIME with its attachments (the SMTP listener's SIZE too): 25 MB, what the big mailbox providers accept. */
  inboundEmail: INBOUND_EMAIL_MAX_BYTES,
  /** An unsubscribe link's POSTs: RFC 8058's one-click body is the form `List-Unsubscribe=One-Click`; 4 KB leaves room for a multipart envelope. */
  unsubscribe: 4 * KB,
  /** A site payment's form posts (the order's button; the sandbox checkout's e-mail and name): 8 KB. */
  sitePayment: 8 * KB,
  /** A workflow's inbound webhook (a contact and a few fields): 64 KB. */
  automationHook: HOOK_MAX_BYTES,
  /** A site's picture upload (POST /api/sites/<siteId>/assets): the 5 MB picture and its multipart envelope. */
  siteAsset: SITE_ASSET_MAX_BYTES + 64 * KB,
} as const;

/** tRPC procedures (by path) allowed a larger body than `json`. */
const TRPC_PROCEDURE_LIMITS: Record<string, number> = {
  'imports.preview': BODY_LIMITS.csvJson,
  'imports.start': BODY_LIMITS.csvJson,
  'campaigns.listImport': BODY_LIMITS.listCsvJson,
};

/** Exact path → limit, for the routes that need another size than `json`. */
const PATH_LIMITS: Record<string, number> = {
  '/api/analytics/events': BODY_LIMITS.analytics,
  '/api/sms/webhooks/inbound': BODY_LIMITS.twilioWebhook,
  '/api/sms/webhooks/status': BODY_LIMITS.twilioWebhook,
  '/api/stripe/webhook': BODY_LIMITS.stripeWebhook,
  '/api/contacts/imports/preview': BODY_LIMITS.csvUpload,
  '/api/v1/campaigns/lists/import': BODY_LIMITS.listCsvJson,
  '/api/email/inbound': BODY_LIMITS.inboundEmail,
};

/** Path prefix → limit, for the doors whose last segment is a parameter. */
const PREFIX_LIMITS: [prefix: string, limit: number][] = [
  ['/api/email/inbound/', BODY_LIMITS.inboundEmail],
  ['/api/email/unsubscribe/', BODY_LIMITS.unsubscribe],
  ['/api/automations/hooks/', BODY_LIMITS.automationHook],
  ['/api/pay/', BODY_LIMITS.sitePayment],
];

/** The body limit of a request path (without its query). */
export function bodyLimitFor(path: string): number {
  const exact = PATH_LIMITS[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (exact !== undefined) return exact;
  const prefixed = PREFIX_LIMITS.find(([prefix]) => path.startsWith(prefix));
  if (prefixed) return prefixed[1];
  if (/^\/api\/sites\/[^/]+\/assets\/?$/.test(path)) return BODY_LIMITS.siteAsset;
  if (path.startsWith(`${TRPC_ENDPOINT}/`)) {
    // /trpc/a.b,c.d: a batch is allowed the smallest limit of its calls.
    const procedures = decodeURIComponent(path.slice(TRPC_ENDPOINT.length + 1)).split(',');
    return Math.min(...procedures.map((p) => TRPC_PROCEDURE_LIMITS[p] ?? BODY_LIMITS.json));
  }
  return BODY_LIMITS.json;
}
