import type { Hono } from 'hono';
import { queueAccountEmail } from './account-emails/mailer';
import { API_DOCS_STYLE } from './api-v1/docs';
import { apiDocsRoutes, apiFallback, apiV1Routes, knownQueryParameters } from './api-v1/rest';
import { resolveAuth } from './auth/resolve';
import { assertWritable } from './plans/limits';
import type { AppDeps } from './deps';
import { DOMAINS } from './domains';
import { PRESENCE_EVENTS, type EventRule, type EventType } from './events/types';
import type { AppEnv } from './http/env';
import type { RecordPages } from './http/record-pages';
import type { Domain, InvalidatedPaths, QueryPath } from './kernel/domain';
import type { Permission, PermissionRule } from './kernel/permissions';
import { installAccountMailer } from './kernel/account-emails';
import { installRegistry } from './kernel/registry';
import { conversationTouchInserts, touchConversation } from './conversations/touch';
import { createOrganization } from './organizations/create';
import { readSettings } from './organizations/settings';
import { router } from './trpc/init';

/**
 * The app assembled from its domains (server/domains.ts): the app router, the REST doors, the job
 * handlers, and what the kernel's guards need from the domains (the registry: permissions, event
 * types, the caller's resolution, the read-only rule). The kernel imports no domain; this module
 * is the one place that knows them all (docs/decisions/023-kernel-assembly-and-domain-registry.md).
 */

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;
type RoutersOf<D> = D extends Domain<infer Routers> ? Routers : never;
type AppRouters = UnionToIntersection<RoutersOf<(typeof DOMAINS)[number]>>;

/** Merges the domains' entries of one kind, refusing a name two domains claim. */
function merged<T>(kind: string, entries: (Partial<Record<string, T>> | undefined)[]): Record<string, T> {
  const all: Record<string, T> = {};
  for (const entry of entries) {
    for (const [name, value] of Object.entries(entry ?? {})) {
      if (name in all) throw new Error(`Two domains declare the ${kind} "${name}"`);
      all[name] = value as T;
    }
  }
  return all;
}

/** The list, seen through what every description may hold. */
const domains: readonly Domain[] = DOMAINS;

export const appRouter = router(
  merged(
    'router key',
    domains.map((d) => d.router),
  ) as AppRouters,
);
export type AppRouter = typeof appRouter;

/**
 * Every query path the domains' events say they make stale (`invalidates`) is a query or a router of
 * the app router: a typo fails the typecheck here, naming the path (`string`: a list not written `as const`).
 */
type UnknownQueryPaths = Exclude<InvalidatedPaths<(typeof DOMAINS)[number]>, QueryPath<AppRouter>>;
export const INVALIDATIONS_CHECKED: [UnknownQueryPaths] extends [never] ? true : { unknownQueryPaths: UnknownQueryPaths } = true;

/** Router keys whose mutations a read-only organization may still make. */
const readOnlyExempt = domains.flatMap((d) => (d.readOnlyExempt ? Object.keys(d.router ?? {}) : []));
const organizationCreated = domains.flatMap((d) => (d.onOrganizationCreated ? [d.onOrganizationCreated] : []));

installRegistry({
  permissions: merged<PermissionRule>(
    'permission',
    domains.map((d) => d.permissions),
  ) as Record<Permission, PermissionRule>,
  events: merged<EventRule>('event type', [PRESENCE_EVENTS, ...domains.map((d) => d.events)]) as Record<EventType, EventRule>,
  resolveCaller: resolveAuth,
  assertWritable: (deps, organizationId) => assertWritable(deps.database.db, deps.config, organizationId),
  isReadOnlyExempt: (procedurePath) => readOnlyExempt.some((key) => procedurePath.startsWith(`${key}.`)),
  repsSeeOwnOnly: async (db, organizationId) => (await readSettings(db, organizationId)).salesRepsSeeOwnOnly,
  onOrganizationCreated: async (trx, organizationId, now) => {
    for (const created of organizationCreated) await created(trx, organizationId, now);
  },
  createSignupOrganization: (trx, { industry, ...owner }) => createOrganization(trx, { ...owner, origin: 'signup', settings: industry ? { industry } : {} }),
  touchConversation,
  conversationTouchInserts,
});
installAccountMailer(queueAccountEmail);

/** The application screens of one record, from every domain. */
export const RECORD_PAGES: RecordPages = merged(
  'record page',
  domains.map((d) => d.recordPages),
);

/** Inline styles of the pages the server renders itself, for the Content-Security-Policy. */
export const SERVER_STYLES = [API_DOCS_STYLE];

/** Mounts on /api every domain's REST doors, in the order of the list, then /api/v1 and its reference over the app router, then the answer for a path or method no door takes. */
export function mountRestDoors(api: Hono<AppEnv>): void {
  api.use('/v1/*', knownQueryParameters(appRouter));
  for (const domain of domains) for (const door of domain.rest ?? []) api.route(door.path, door.routes());
  api.route('/v1', apiV1Routes(appRouter));
  api.route('/', apiDocsRoutes(appRouter));
  api.all('*', apiFallback(appRouter));
}

/** Where every domain registers its background jobs on the one queue; startServer calls this before the queue starts. */
export function registerJobHandlers(deps: AppDeps): void {
  for (const domain of domains) domain.jobs?.(deps);
}

/**
 * The domains' start-up checks (idempotent), in the order of the domain list; startServer calls this
 * once the queue runs. A check that fails is logged and does not stop the start: the next start retries it.
 */
export async function runStartupChecks(deps: AppDeps): Promise<void> {
  for (const domain of domains) {
    try {
      await domain.onStarted?.(deps);
    } catch (error) {
      deps.logger.error({ err: error, domain: domain.name }, 'a start-up check failed; it runs again at the next start');
    }
  }
}

/** Releases what the domains hold open (the SMTP pool), once the jobs that use it have stopped. */
export async function closeDomains(deps: AppDeps): Promise<void> {
  for (const domain of domains) await domain.close?.(deps);
}
