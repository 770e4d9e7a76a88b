import type { AppDeps } from '../../../server/deps';
import type { buildTestApp } from '../../helpers/app';
import type { Account } from '../../helpers/factories';

export type Caller = ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>;

/**
 * Creates a record in organization A (as A's Super Admin `api`) and returns the input that names
 * it for the procedure under test; a member of organization B must then get NOT_FOUND/FORBIDDEN.
 */
export type Probe = (deps: AppDeps, a: Account, api: Caller) => Promise<unknown>;

/** For a REST route with a path parameter: creates a record in A and returns its id for the path. */
export type RestProbe = (deps: AppDeps, a: Account, api: Caller) => Promise<string>;

/** Each file in this folder exports `probes` and optionally `restProbes`. */
export type ProbeModule = { probes?: Record<string, Probe>; restProbes?: Record<string, RestProbe> };
