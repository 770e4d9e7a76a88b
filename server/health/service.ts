import type { DatabaseHandle, DatabaseKind } from '../db';
import type { Lifecycle } from '../http/lifecycle';

export type HealthStatus = { ok: true; database: DatabaseKind; version: string } | { ok: false; database: DatabaseKind; version: string; reason: string };

export async function checkHealth(deps: { database: DatabaseHandle; version: string }): Promise<HealthStatus> {
  const { database, version } = deps;
  try {
    await database.ping();
    return { ok: true, database: database.kind, version };
  } catch (error) {
    const reason = `Database unreachable: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, database: database.kind, version, reason };
  }
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether this process should take traffic: serving (not migrating, seeding or draining) and its database answers. */
export async function checkReadiness(deps: { database: DatabaseHandle; lifecycle: Lifecycle }): Promise<Readiness> {
  const reason = deps.lifecycle.notReadyReason;
  if (reason) return { ready: false, reason };
  try {
    await deps.database.ping();
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `Database unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}
