import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Permission } from '../kernel/permissions';
import { assertPermission, requireOrgAuth, requireUserAuth } from '../kernel/access';
import { registry } from '../kernel/registry';
import { actingForOrganization, readingForOrganization } from '../db';
import { assertSafeInput, DomainError, ERROR_TABLE, validationError, type FieldIssue } from '../errors';
import type { TrpcContext } from './context';

/** Procedure metadata: the permission a procedure requires, readable by the role-matrix tests. */
export type ProcedureMeta = {
  permission?: Permission;
  /** Top-level input fields holding a file's text (an imported CSV), which the input guard leaves to the service. */
  fileText?: readonly string[];
  /**
   * A query that waits on something other than the database (a provider's API) between its
   * statements, or that may write (defaults created on first use): it runs without the read-only
   * transaction, which would hold a connection — on PGlite the only session — across that wait,
   * or refuse the write (decision 028).
   */
  outsideReadTransaction?: true;
};

/** Subscriptions over SSE: server pings, and the client reconnects after this long without any. */
export const SSE_OPTIONS = {
  ping: { enabled: true, intervalMs: 15_000 },
  client: { reconnectAfterInactivityMs: 20_000 },
} as const;

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const issues: FieldIssue[] | undefined = error.cause instanceof DomainError ? error.cause.issues : undefined;
      const details: Record<string, unknown> | undefined = error.cause instanceof DomainError ? error.cause.details : undefined;
      const message = error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal error' : shape.message;
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues, details } };
    },
    sse: SSE_OPTIONS,
  });

/**
 * Maps a DomainError thrown by a service or a guard — and an input that failed its schema, as the
 * same VALIDATION error the REST doors give — to its tRPC code from the one error table.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause instanceof ZodError ? validationError(result.error.cause) : result.error.cause;
  if (cause instanceof DomainError) {
    // A 429 says when to try again, as on the REST doors (http/errors.ts).
    if (cause.retryAfter !== undefined) ctx.resHeaders.set('Retry-After', String(cause.retryAfter));
    return { ...result, error: new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause }) };
  }
  return result;
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * The input guard on the raw input, before any schema parses it: every procedure (and /api/v1, which
 * calls them) refuses a NUL character, a lone surrogate or a hostile depth with a 400 naming the field.
 */
const safeInput = t.middleware(async ({ getRawInput, meta, next }) => {
  assertSafeInput(await getRawInput(), { fileText: meta?.fileText });
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(safeInput);

/** A signed-in user (not an API key). */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const auth = requireUserAuth(await ctx.getAuth());
  return next({ ctx: { auth, db: ctx.deps.database.db } });
});

/**
 * A caller acting inside an organization: a member's session or an API key. An organization whose
 * trial ended or subscription lapsed is read-only: its mutations are refused here, for every screen.
 * A query runs in one read-only transaction of the organization's (decision 028), ended with it;
 * mutations and subscriptions keep a transaction per statement outside their explicit ones.
 */
export const orgProcedure = publicProcedure.use(async ({ ctx, next, type, path, meta }) => {
  const auth = requireOrgAuth(await ctx.getAuth());
  const organizationId = auth.organization.id;
  if (type === 'mutation' && !registry().isReadOnlyExempt(path)) await registry().assertWritable(ctx.deps, organizationId);
  if (type !== 'query' || meta?.outsideReadTransaction) {
    const deps = actingForOrganization(ctx.deps, organizationId);
    return next({ ctx: { auth, organizationId, db: deps.database.db, deps } });
  }
  const { deps, end } = readingForOrganization(ctx.deps, organizationId);
  let ok = false;
  try {
    const result = await next({ ctx: { auth, organizationId, db: deps.database.db, deps } });
    ok = result.ok;
    return result;
  } finally {
    await end(ok ? 'commit' : 'rollback');
  }
});

/** orgProcedure plus one permission, checked by the same function the REST doors use. */
export function permittedProcedure(permission: Permission) {
  return orgProcedure.meta({ permission }).use(({ ctx, next }) => {
    assertPermission(ctx.auth, permission);
    return next();
  });
}
