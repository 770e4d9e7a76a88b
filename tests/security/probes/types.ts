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
 * isolation is the token's, tested in the domain's own suite. `hostileDoors`: see HostileDoor.
 */
export type ProbeModule = {
  probes?: Record<string, Probe>;
  restProbes?: Record<string, RestProbe>;
  capabilityRoutes?: Record<string, string>;
  hostileDoors?: Record<string, HostileDoor>;
};

/** What a field takes; the hostile values tried in it follow from it (tests/security/hostile-doors.test.ts). */
export type FieldKind = 'text' | 'id' | 'ids' | 'int' | 'bool' | 'enum';

/** Organization A, whose records are named but must never be reached, and B, the caller; both signed up afresh for each door. */
export type HostileWorld = { deps: AppDeps; a: Account; b: Account; apiA: Caller; apiB: Caller };

/** A case of a door's own, beyond those its fields' kinds give: the whole input, refused naming `field` unless `accepted` (then isolated). */
export type HostileCase = { name: string; field: string; input: Record<string, unknown>; accepted?: boolean };

/**
 * A door probed with hostile input, one field at a time: every bad value is a 4xx naming the field
 * (never a 5xx), an id of organization A is not found, and a refused call leaves `tables` as they
 * were in both organizations. The key is `tRPC <procedure>` or `<METHOD> <route>`, whose `:params`
 * carry the input fields `params` names (the rest travels as the query of a GET or DELETE, else as
 * the JSON body).
 */
export type HostileDoor = {
  params?: Record<string, string>;
  fields: Record<string, FieldKind>;
  /**
   * B's input the door accepts (sent last, after every hostile case); per id field an id of A's of the
   * kind it names (every value of `foreign` must stay out of B's answers); and the door's own cases.
   */
  prepare: (w: HostileWorld) => Promise<{ input: Record<string, unknown>; foreign: Record<string, string>; cases?: HostileCase[] }>;
  /** The organization-owned tables the door reads or writes. */
  tables: string[];
  /** Id fields where an id of A's is answered as if it named nothing (a removal that removes nothing). */
  foreignIgnored?: string[];
  /** The door takes no input: whatever it is given, its answer must show nothing of A. */
  noInput?: boolean;
  /** Fields where null is a value the door takes (an assignee's null unassigns): answered, not refused. */
  nullable?: string[];
};
