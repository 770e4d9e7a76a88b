import type { AppDeps } from '../../../server/deps';
import type { buildTestApp } from '../../helpers/app';
import type { Account } from '../../helpers/factories';

export type Caller = ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>;

/**
 * Creates a record in organization A (as A's Super Admin `api`) and returns the input that names
 * it for the procedure under test; a member of organization B must then be refused (NOT_FOUND,
 * FORBIDDEN, or BAD_REQUEST naming the id). A procedure for which an answer is the right outcome
 * (a list filtered by another organization's owner id) returns `{ input, accept }`, where accept
 * checks that the answer reveals nothing of A (for example, no items).
 */
export type ProbeResult = unknown | { input: unknown; accept: (result: unknown) => boolean };
export type Probe = (deps: AppDeps, a: Account, api: Caller) => Promise<ProbeResult>;

export function isAcceptingProbe(value: unknown): value is { input: unknown; accept: (result: unknown) => boolean } {
  return typeof value === 'object' && value !== null && 'accept' in value && typeof (value as { accept: unknown }).accept === 'function';
}

/**
 * For a REST route with a path parameter: creates a record in A and returns its id for the path,
 * or the id with a valid body (a door whose body is checked before the record is looked up).
 */
export type RestProbe = (deps: AppDeps, a: Account, api: Caller) => Promise<string | { id: string; body: unknown }>;

/**
 * Each file in this folder exports `probes` and optionally `restProbes`, and `capabilityRoutes`: the
 * public REST routes whose path parameter is itself the credential (a link's random token, given to
 * one recipient), which answer whoever holds it whatever their organization, each with why. Their
 * isolation is the token's, tested in the domain's own suite.
 */
export type ProbeModule = { probes?: Record<string, Probe>; restProbes?: Record<string, RestProbe>; capabilityRoutes?: Record<string, string> };
