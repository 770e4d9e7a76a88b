import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Context, MiddlewareHandler } from 'hono';
import { IMPORT_LIMITS } from '../contacts/schema';
import { SITE_ANALYTICS_LIMITS } from '../site-analytics/schema';
import { TRPC_ENDPOINT } from './trpc';

const KB = 1024;
const MB = 1024 * KB;

/**
 * The request body limits, the one place they are defined. Every request with a body goes through
 * `bodyLimits` (server/app.ts): the first rule whose path matches sets the limit, otherwise `json`.
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
} as const;

/** tRPC procedures (by path) allowed a larger body than `json`. */
const TRPC_PROCEDURE_LIMITS: Record<string, number> = {
  'imports.preview': BODY_LIMITS.csvJson,
  'imports.start': BODY_LIMITS.csvJson,
};

/** Exact path → limit, for the routes that need another size than `json`. */
const PATH_LIMITS: Record<string, number> = {
  '/api/analytics/events': BODY_LIMITS.analytics,
  '/api/sms/webhooks/inbound': BODY_LIMITS.twilioWebhook,
  '/api/sms/webhooks/status': BODY_LIMITS.twilioWebhook,
  '/api/stripe/webhook': BODY_LIMITS.stripeWebhook,
  '/api/contacts/imports/preview': BODY_LIMITS.csvUpload,
};

/** The body limit of a request path (without its query). */
export function bodyLimitFor(path: string): number {
  const exact = PATH_LIMITS[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (exact !== undefined) return exact;
  if (path.startsWith(`${TRPC_ENDPOINT}/`)) {
    // /trpc/a.b,c.d: a batch is allowed the smallest limit of its calls.
    const procedures = decodeURIComponent(path.slice(TRPC_ENDPOINT.length + 1)).split(',');
    return Math.min(...procedures.map((p) => TRPC_PROCEDURE_LIMITS[p] ?? BODY_LIMITS.json));
  }
  return BODY_LIMITS.json;
}

/** "1 MB", "64 KB", "10.25 MB". */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(2))} MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(2))} KB`;
  return `${bytes} bytes`;
}

/** The one message of a refused body. */
export const bodyTooLargeMessage = (limit: number) => `The request body is larger than ${formatLimit(limit)}, the limit of this path`;

function tooLarge(c: Context, limit: number) {
  const message = bodyTooLargeMessage(limit);
  // On /trpc the same answer also carries tRPC's error envelope, so its client shows the message (every call of a batch gets it).
  const trpc = c.req.path.startsWith(`${TRPC_ENDPOINT}/`) ? { error: { message, code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } } : {};
  // The rest of the body is not wanted: the connection closes after the answer instead of draining it.
  return c.json({ message, ...trpc }, 413, { Connection: 'close' });
}

/**
 * Bounds every request body while it is read. A declared Content-Length over the limit is refused
 * before a byte is read; otherwise the bytes are counted as they arrive (a missing or lying
 * Content-Length changes nothing) and the request is refused as soon as they pass the limit, so at
 * most `limit` bytes are ever held. What passes is handed on as a buffered body of the size read.
 */
export function bodyLimits(limitFor: (path: string) => number = bodyLimitFor): MiddlewareHandler {
  return async function bodyLimit(c, next) {
    // GET and HEAD have no body; not touching `raw.body` keeps node-server's lightweight request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = limitFor(c.req.path);
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return tooLarge(c, limit);

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // The reader is left as it is: node-server drains or closes the connection after the answer.
      if (size > limit) return tooLarge(c, limit);
      chunks.push(value);
    }
    const bytes = concat(chunks, size);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(c.req.raw, { body: bytes, headers });
    return next();
  };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
