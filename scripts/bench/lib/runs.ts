import { openDatabase, type DatabaseHandle } from '../../../server/db';
import { migrateToLatest } from '../../../server/db/migrate';
import { benchDatabaseName, benchDatabaseUrl, progress } from './common';

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `measure` run `runs` times one after the other (each announced on stderr); its figures and their median. */
export async function repeated(runs: number, what: string, measure: (run: number) => Promise<number>): Promise<{ values: number[]; median: number }> {
  const values: number[] = [];
  for (let run = 0; run < runs; run++) {
    progress(`${what}, run ${run + 1} of ${runs}`);
    values.push(await measure(run));
  }
  return { values, median: median(values) };
}

/** A bench's figure rows, each printed (`[prefix] a | b | …`) as soon as it is measured; the table at the end repeats them. */
export function figures(prefix: string): { rows: string[][]; record(row: string[]): void } {
  const rows: string[][] = [];
  return {
    rows,
    record(row) {
      rows.push(row);
      console.log(`[${prefix}] ${row.join(' | ')}`);
    },
  };
}

export type BenchDatabase = { kind: 'postgres' | 'pglite'; label: string; database: DatabaseHandle };

/**
 * Runs `bench` on each database the variants name (`<PREFIX>_VARIANTS`, some of postgres,pglite;
 * default both): Postgres in a fresh database (benchDatabaseName) on BENCH_DATABASE_URL (or
 * DATABASE_URL), skipped with a note when neither is set; embedded PGlite in memory. Each migrated
 * first and closed after; `rowLevelSecurity` runs organization work under the policies, as the server
 * does by default. Resolves to the rows of every run, Postgres first.
 */
export async function onEachDatabase(prefix: string, bench: (target: BenchDatabase) => Promise<string[][]>, { rowLevelSecurity = false }: { rowLevelSecurity?: boolean } = {}): Promise<string[][]> {
  const variants = (process.env[`BENCH_${prefix.toUpperCase()}_VARIANTS`] ?? 'postgres,pglite').split(',');
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  const rows: string[][] = [];
  if (variants.includes('postgres') && !base) {
    console.log(`\n[${prefix}] Postgres part skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server where a database can be created.`);
  } else if (variants.includes('postgres') && base) {
    const database = await openDatabase({ kind: 'postgres', url: await benchDatabaseUrl(base, benchDatabaseName(prefix), { fresh: true }), maxConnections: 20, rowLevelSecurity });
    try {
      await migrateToLatest(database.db);
      rows.push(...(await bench({ kind: 'postgres', label: 'Postgres', database })));
    } finally {
      await database.close();
    }
  }
  if (variants.includes('pglite')) {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity });
    try {
      await migrateToLatest(database.db);
      rows.push(...(await bench({ kind: 'pglite', label: 'PGlite (in memory)', database })));
    } finally {
      await database.close();
    }
  }
  return rows;
}
