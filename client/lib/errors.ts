/**
 * Reading the errors the server answers with. A tRPC error carries `data: { code, httpStatus, issues }`
 * (server/trpc/init.ts); the REST doors answer `{ message, issues }`. Both name fields by path.
 */

export type FieldIssue = { path: string; message: string };

type ErrorData = { code?: unknown; httpStatus?: unknown; issues?: unknown; details?: unknown };

function dataOf(error: unknown): ErrorData | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ErrorData) : undefined;
}

/** The tRPC error code (UNAUTHORIZED, FORBIDDEN, BAD_REQUEST, …), if the error has one. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = dataOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUnauthorized = (error: unknown) => errorCodeOf(error) === 'UNAUTHORIZED';
export const isForbidden = (error: unknown) => errorCodeOf(error) === 'FORBIDDEN';

/** The server's field issues, e.g. [{ path: 'email', message: 'An account with this e-mail already exists' }]. */
export function issuesOf(error: unknown): FieldIssue[] {
  const issues = dataOf(error)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is FieldIssue => typeof i === 'object' && i !== null && typeof (i as FieldIssue).path === 'string' && typeof (i as FieldIssue).message === 'string');
}

/** The error's own message when it has one worth showing, else the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message.trim()) return fallback;
  // fetch() rejecting says only this; say what it means.
  if (/^(Failed to fetch|NetworkError|Load failed)/i.test(message)) return 'Could not reach the server. Check your connection and try again.';
  return message;
}

/** What the server gave to resolve the error (e.g. `{ candidates }` when a number belongs to several contacts). */
export function detailsOf(error: unknown): Record<string, unknown> {
  const details = dataOf(error)?.details;
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
}
