import type { DatabaseHandle, DatabaseKind } from '../db';

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
