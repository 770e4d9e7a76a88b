import { createMiddleware } from 'hono/factory';
import { ZodError } from 'zod';
import { DomainError, ERROR_TABLE, type DomainErrorCode, type FieldIssue } from '../errors';
import type { AppEnv } from './env';

/** Where the problem types live: a stable URI per error code, never resolved by our server (docs/decisions/034). */
export const PROBLEM_TYPE_BASE = 'https://switchboard.dev/problems/';

/** The answers HTTP itself gives (no domain code throws them): a wrong method, a body too large or of the wrong type. */
type HttpOnlyCode = 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';
const HTTP_ONLY: Record<HttpOnlyCode, number> = { METHOD_NOT_ALLOWED: 405, PAYLOAD_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415 };

/** Each code of the one error table (server/errors) with its problem title; a code added there must be titled here. */
export const PROBLEM_TITLES: Record<DomainErrorCode | HttpOnlyCode, string> = {
  VALIDATION: 'Invalid input',
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Not authenticated',
  PAYMENT_REQUIRED: 'Payment required',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  UNPROCESSABLE: 'Unprocessable request',
  TOO_MANY_REQUESTS: 'Too many requests',
  INTERNAL: 'Internal error',
  BAD_GATEWAY: 'Bad gateway',
  UNAVAILABLE: 'Service unavailable',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
};

/** `NOT_FOUND` → `https://switchboard.dev/problems/not-found`. */
export const problemType = (code: DomainErrorCode | HttpOnlyCode) => `${PROBLEM_TYPE_BASE}${code.toLowerCase().replace(/_/g, '-')}`;

export type ProblemField = { field: string; message: string };

/** RFC 9457 problem details, with today's `message` (and `issues`, `details`, `requestId` when answered) kept beside them. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors: ProblemField[];
  message: string;
  [extension: string]: unknown;
};

const statusCode = (status: number): DomainErrorCode | HttpOnlyCode | undefined =>
  (Object.keys(ERROR_TABLE) as DomainErrorCode[]).find((code) => ERROR_TABLE[code].http === status) ?? (Object.keys(HTTP_ONLY) as HttpOnlyCode[]).find((code) => HTTP_ONLY[code] === status);

/** The domain error behind an answer, when one was thrown (directly, as a tRPC error's cause, or a zod error). */
function domainCodeOf(error: unknown): DomainErrorCode | undefined {
  if (error instanceof DomainError) return error.code;
  if (error instanceof ZodError) return 'VALIDATION';
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof DomainError ? cause.code : undefined;
}

const isIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' && value !== null && typeof (value as FieldIssue).path === 'string' && typeof (value as FieldIssue).message === 'string';

/**
 * An error answer's body as problem details: the thrown code's type when its status is the answer's,
 * else the status's; `detail` is our message (the text of a body that is not JSON, or the title),
 * `errors` our issues per field. Every other member of the body is kept.
 */
export function problemOf(status: number, body: unknown, error?: unknown): Problem {
  const thrown = domainCodeOf(error);
  const code = thrown && ERROR_TABLE[thrown].http === status ? thrown : statusCode(status);
  const title = code ? PROBLEM_TITLES[code] : `HTTP ${status}`;
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 1000) : undefined;
  const message = typeof object.message === 'string' ? object.message : typeof object.error === 'string' ? object.error : (text ?? title);
  const issues = Array.isArray(object.issues) ? object.issues.filter(isIssue) : [];
  return {
    ...object,
    type: code ? problemType(code) : 'about:blank',
    title,
    status,
    detail: message,
    errors: issues.map(({ path, message }) => ({ field: path, message })),
    message,
  };
}

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * One error shape on /api/v1 (issue #19, RFC 9457; docs/decisions/034): every error answer under
 * the path — a route's, the error handler's, the rate limiter's, the idempotency layer's, CSRF, body
 * limits, 404 and 405 — leaves as `application/problem+json`, whoever wrote it. Mounted before all of
 * them, it rewrites the finished answer, keeping its status and headers (Retry-After, Allow, RateLimit-*).
 */
export const problemDetails = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (res.status < 400 || !res.body || res.headers.get('content-type')?.startsWith(PROBLEM_MEDIA_TYPE)) return;
  const text = await res.text();
  let body: unknown = text;
  if (res.headers.get('content-type')?.includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON after all: its text is the detail
    }
  }
  const headers = new Headers(res.headers);
  headers.set('content-type', PROBLEM_MEDIA_TYPE);
  headers.delete('content-length');
  c.res = undefined; // a fresh answer: the setter would otherwise carry the old one's headers over
  c.res = new Response(JSON.stringify(problemOf(res.status, body, c.error)), { status: res.status, headers });
});
