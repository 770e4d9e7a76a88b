import type { DatabaseHandle } from '../db';
import type { Logger } from '../logging';
import { insertVisits, type VisitRow } from './funnel-serve';

/**
 * Funnel visits counted by the public doors, written in batches: a visit is kept in memory (once
 * per variant, day and visitor, as the table's key counts it) and written within FLUSH_MS, or at
 * the domain's close when the server stops (after its requests drained), so a funnel page costs no
 * statement of its own. A failed write keeps its visits for the next one.
 */

const FLUSH_MS = 1_000;
/** Written per statement. */
const CHUNK = 500;
/** Past this many waiting visits (the database unreachable for long), new ones are dropped and logged. */
const MAX_WAITING = 200_000;

class VisitBuffer {
  private waiting = new Map<string, VisitRow>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
  ) {}

  add(visit: VisitRow): void {
    const key = `${visit.variant_id}\n${visit.day}\n${visit.visitor_hash}`;
    if (this.waiting.has(key)) return;
    if (this.waiting.size >= MAX_WAITING) {
      this.dropped += 1;
      return;
    }
    this.waiting.set(key, visit);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is waiting (after any write under way); resolves once it is stored or kept for the next try. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = new Map();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Map<string, VisitRow>): Promise<void> {
    if (this.dropped > 0) {
      this.logger.error({ dropped: this.dropped }, 'funnel visits dropped: too many waiting to be written');
      this.dropped = 0;
    }
    const byOrganization = new Map<string, VisitRow[]>();
    for (const visit of batch.values()) {
      const rows = byOrganization.get(visit.organization_id) ?? [];
      if (rows.length === 0) byOrganization.set(visit.organization_id, rows);
      rows.push(visit);
    }
    for (const [organizationId, rows] of byOrganization) {
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        try {
          await insertVisits(this.database.forOrganization(organizationId), chunk);
        } catch (error) {
          this.logger.warn({ err: error, organizationId, visits: chunk.length }, 'funnel visits not written yet; retried with the next batch');
          for (const visit of chunk) this.add(visit);
        }
      }
    }
  }
}

/** One buffer per opened database (keyed as server/sites/route-cache.ts keys its caches). */
const buffers = new WeakMap<DatabaseHandle['listen'], VisitBuffer>();

/** Counts a funnel visit within about a second. */
export function countVisit(deps: { database: DatabaseHandle; logger: Logger }, visit: VisitRow): void {
  let buffer = buffers.get(deps.database.listen);
  if (!buffer) buffers.set(deps.database.listen, (buffer = new VisitBuffer(deps.database, deps.logger)));
  buffer.add(visit);
}

/** Writes the visits waiting now (the domain's close, and tests that read the counts). */
export async function flushVisits(database: DatabaseHandle): Promise<void> {
  await buffers.get(database.listen)?.flush();
}
