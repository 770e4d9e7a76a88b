import type { AnyTRPCRouter } from '@trpc/server';
import type { Hono } from 'hono';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import type { EventRule, EventType } from '../events/types';
import type { AppEnv } from '../http/env';
import type { RecordPages } from '../http/record-pages';
import type { Permission, PermissionRule } from './permissions';

/**
 * What one domain adds to the app, in one module (server/<domain>/domain.ts); the assembly
 * (server/assembly.ts) reads the list of them (server/domains.ts). The permission and event type
 * names themselves are declared to the type checker by the same module, by augmenting the kernel's
 * PermissionRegistry and EventRegistry interfaces.
 */
export type Domain<Routers extends Record<string, AnyTRPCRouter> = Record<string, AnyTRPCRouter>> = {
  name: string;
  /** Its tRPC routers, by their key in the app router (the client calls `trpc.<key>.<procedure>`). */
  router?: Routers;
  /** Its REST doors, mounted under /api at `path` in the order of the domain list; built once per app. */
  rest?: { path: string; routes: () => Hono<AppEnv> }[];
  /** Registers its background jobs on the queue (before the queue starts); their names and data are declared in JobRegistry (server/jobs/queue.ts). */
  jobs?: (deps: AppDeps) => void;
  /** Releases what it holds open (connection pools) when the app shuts down, after the jobs stopped. */
  close?: (deps: AppDeps) => Promise<void>;
  /** Its permissions and who holds them. */
  permissions?: Partial<Record<Permission, PermissionRule>>;
  /** Its event types: who receives them, and the notification they raise. */
  events?: Partial<Record<EventType, EventRule>>;
  /** The application screens of one of its records, by client route pattern (server/http/record-pages.ts). */
  recordPages?: RecordPages;
  /** Its mutations stay open in a read-only organization (billing: the way to pay again). */
  readOnlyExempt?: true;
  /** Its part of a new organization, in the transaction that creates it (organizations/create.ts). */
  onOrganizationCreated?: (trx: Db, organizationId: string, now: Date | undefined) => Promise<void>;
};

/** Checks a domain's description and keeps its routers' types, from which the app router's type is built. */
export function defineDomain<const Routers extends Record<string, AnyTRPCRouter> = Record<never, AnyTRPCRouter>>(domain: Domain<Routers>): Domain<Routers> {
  return domain;
}
