import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { findInputIssue, type GuardOptions } from '../input/guard';

/**
 * The one error table: every domain error code, its tRPC code and its HTTP status.
 * Services throw DomainError; the tRPC middleware and Hono's onError both read this table.
 */
export const ERROR_TABLE = {
  VALIDATION: { trpc: 'BAD_REQUEST', http: 400 },
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', http: 401 },
  PAYMENT_REQUIRED: { trpc: 'PAYMENT_REQUIRED', http: 402 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  UNPROCESSABLE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
  BAD_GATEWAY: { trpc: 'BAD_GATEWAY', http: 502 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: ContentfulStatusCode }>;

export type DomainErrorCode = keyof typeof ERROR_TABLE;

export type FieldIssue = { path: string; message: string };

export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly issues: FieldIssue[] | undefined;
  /** Seconds the caller should wait, for TOO_MANY_REQUESTS. */
  readonly retryAfter: number | undefined;
  /** What the caller needs to resolve the error, e.g. the contacts to choose from (`{ candidates }`); answered beside the message. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: DomainErrorCode, message: string, options: { issues?: FieldIssue[]; retryAfter?: number; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.issues = options.issues;
    this.retryAfter = options.retryAfter;
    this.details = options.details;
  }

  get httpStatus(): ContentfulStatusCode {
    return ERROR_TABLE[this.code].http;
  }
}

export function issuesFromZod(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) =>
    // One issue per unknown key, named like any other field.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].map(String).join('.'), message: 'is not a known field' }))
      : [{ path: issue.path.map(String).join('.'), message: issue.message }],
  );
}

/** A validation failure as a DomainError whose message names the first field and its rule. */
export function validationError(error: z.ZodError): DomainError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  return new DomainError('VALIDATION', message, { issues });
}

/** A VALIDATION error naming one field and its rule. */
export function fieldError(path: string, message: string): DomainError {
  return new DomainError('VALIDATION', path ? `${path}: ${message}` : message, { issues: [{ path, message }] });
}

/** A missing (or other organization's) record named by an input field: NOT_FOUND naming the field. */
export function unknownRecord(field: string, rule: string): DomainError {
  return new DomainError('NOT_FOUND', `${field}: ${rule}`, { issues: [{ path: field, message: rule }] });
}

/**
 * The input guard (server/input/guard.ts) as a VALIDATION error: refuses a NUL character, a lone
 * surrogate or a hostile depth anywhere in the value, naming the field.
 */
export function assertSafeInput(input: unknown, options: GuardOptions = {}): void {
  const issue = findInputIssue(input, options);
  if (issue) throw fieldError(issue.path, issue.message);
}

/**
 * Parses input with a zod schema, throwing a VALIDATION DomainError that names the field. The input
 * guard runs first, so every schema inherits its rules.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, guard: GuardOptions = {}): z.output<S> {
  assertSafeInput(input, guard);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The JSON body every door answers an error with. */
export function errorBody(error: DomainError): { message: string; issues?: FieldIssue[]; details?: Record<string, unknown> } {
  return { message: error.message, ...(error.issues ? { issues: error.issues } : {}), ...(error.details ? { details: error.details } : {}) };
}

/**
 * One refused record of a batch (an e-mail batch, an /api/v1 batch): the status its single door
 * would answer, and its message and issues naming `<prefix>.<field>` (e.g. `inputs.3.email`).
 */
export function batchItemError(prefix: string, error: DomainError): { status: number; message: string; issues?: FieldIssue[] } {
  const issues = error.issues?.map((issue) => ({ path: issue.path ? `${prefix}.${issue.path}` : prefix, message: issue.message }));
  const first = issues?.[0];
  return { status: error.httpStatus, message: first ? `${first.path}: ${first.message}` : `${prefix}: ${error.message}`, ...(issues ? { issues } : {}) };
}
