import type { AnyTRPCProcedure, AnyTRPCQueryProcedure, AnyTRPCRouter } from '@trpc/server';
import type { Hono } from 'hono';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import type { EventRule, EventType } from '../events/types';
import type { AppEnv } from '../http/env';
import type { RecordPages } from '../http/record-pages';
import type { Permission, PermissionRule } from './permissions';

/** A domain's event types with their rules. */
export type DomainEvents = Partial<Record<EventType, EventRule>>;

/**
 * What one domain adds to the app, in one module (server/<domain>/domain.ts); the assembly
 * (server/assembly.ts) reads the list of them (server/domains.ts). The permission and event type
 * names themselves are declared to the type checker by the same module, by augmenting the kernel's
 * PermissionRegistry and EventRegistry interfaces.
 */
export type Domain<Routers extends Record<string, AnyTRPCRouter> = Record<string, AnyTRPCRouter>, Events extends DomainEvents = DomainEvents> = {
  name: string;
  /** Its tRPC routers, by their key in the app router (the client calls `trpc.<key>.<procedure>`). */
  router?: Routers;
  /** Its REST doors, mounted under /api at `path` in the order of the domain list; built once per app. */
  rest?: { path: string; routes: () => Hono<AppEnv> }[];
  /** Registers its background jobs on the queue (before the queue starts); their names and data are declared in JobRegistry (server/jobs/queue.ts). */
  jobs?: (deps: AppDeps) => void;
  /** Start-up checks, once the queue has started (and again after a fresh demo workspace is made): each must be idempotent. */
  onStarted?: (deps: AppDeps) => Promise<void>;
  /** Releases what it holds open (connection pools) when the app shuts down, after the jobs stopped. */
  close?: (deps: AppDeps) => Promise<void>;
  /** Its permissions and who holds them. */
  permissions?: Partial<Record<Permission, PermissionRule>>;
  /** Its event types: who receives them, the notification they raise, and the queries they make stale in a browser. */
  events?: Events;
  /** The application screens of one of its records, by client route pattern (server/http/record-pages.ts). */
  recordPages?: RecordPages;
  /** Its mutations stay open in a read-only organization (billing: the way to pay again). */
  readOnlyExempt?: true;
  /** Its part of a new organization, in the transaction that creates it (organizations/create.ts). */
  onOrganizationCreated?: (trx: Db, organizationId: string, now: Date | undefined) => Promise<void>;
};

/**
 * Checks a domain's description and keeps its routers' types, from which the app router's type is
 * built, and its events' types, whose invalidated query paths the assembly checks against that router.
 */
export function defineDomain<const Routers extends Record<string, AnyTRPCRouter> = Record<never, AnyTRPCRouter>, const Events extends DomainEvents = Record<never, EventRule>>(
  domain: Domain<Routers, Events>,
): Domain<Routers, Events> {
  return domain;
}

type QueryPathsIn<Entries, Prefix extends string> = {
  [K in keyof Entries & string]: Entries[K] extends AnyTRPCQueryProcedure
    ? `${Prefix}${K}`
    : Entries[K] extends AnyTRPCProcedure
      ? never
      : `${Prefix}${K}` | QueryPathsIn<Entries[K], `${Prefix}${K}.`>;
}[keyof Entries & string];

/** A path a browser's cached tRPC queries can be invalidated by: a query procedure ('contacts.list') or a router ('analytics'). */
export type QueryPath<Router extends AnyTRPCRouter> = QueryPathsIn<Router['_def']['record'], ''>;

type PathsOf<I> = I extends readonly (infer P)[] ? P : I extends (...args: never[]) => readonly (infer P)[] ? P : never;

/** Every query path a domain's events say they make stale (`string` when a list is not written `as const`). */
export type InvalidatedPaths<D> =
  D extends Domain<Record<string, AnyTRPCRouter>, infer Events> ? { [T in keyof Events]-?: Events[T] extends { invalidates: infer I } ? PathsOf<I> : never }[keyof Events] : never;
