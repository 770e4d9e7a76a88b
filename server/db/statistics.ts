import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Tables whose bulk writers (the batch API, CSV imports) keep the planner's statistics fresh. */
export type AnalysedTable = 'contacts';

/** A table is analysed once the rows written since its last analysis reach a fifth of it, and at least this many. */
const MIN_ROWS = 2_000;
const SHARE = 0.2;

export type TableStatistics = {
  /** Counts rows a committed bulk write added; past the threshold, the table is analysed in the background. */
  bulkWrote(table: AnalysedTable, rows: number): void;
  /** Resolves once no analysis is running (the database closes after it). */
  settled(): Promise<void>;
};

/**
 * ANALYZE after bulk loads, as the Postgres manual advises. The planner's statistics are refreshed by
 * autovacuum on its own schedule (a minute's nap and a tenth of the table changed; never where it is
 * off), and a bulk load outruns them: in a table never analysed, `email_lower = any(100 keys)` is
 * guessed at half the rows, so each upsert batch read every contact of its organization through an
 * index on the organization alone, and a load of 60,000 slowed from 2,400 to 1,200 contacts a second.
 * Counted per process; an analysis that fails is reported and the count starts again.
 */
export function tableStatistics(db: Kysely<Database>, onError: (error: unknown) => void): TableStatistics {
  const tables = new Map<AnalysedTable, { pending: number; threshold: number; running: Promise<void> | null }>();
  const rowsOf = async (table: AnalysedTable) => {
    const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where oid = to_regclass(${table})`.execute(db);
    return Math.max(0, Number(rows[0]?.reltuples ?? 0)); // -1: never analysed nor vacuumed
  };
  const analyse = async (table: AnalysedTable, state: { pending: number; threshold: number }) => {
    const known = await rowsOf(table);
    if (state.pending >= Math.max(MIN_ROWS, known * SHARE)) {
      state.pending = 0;
      await sql`analyze ${sql.table(table)}`.execute(db);
    }
    state.threshold = Math.max(MIN_ROWS, (await rowsOf(table)) * SHARE);
  };
  return {
    bulkWrote(table, rows) {
      if (rows <= 0) return;
      const state = tables.get(table) ?? { pending: 0, threshold: MIN_ROWS, running: null };
      tables.set(table, state);
      state.pending += rows;
      if (state.running || state.pending < state.threshold) return;
      state.running = analyse(table, state)
        .catch(onError)
        .finally(() => {
          state.running = null;
        });
    },
    async settled() {
      await Promise.all([...tables.values()].map((t) => t.running));
    },
  };
}
