import os from 'node:os';
import postgres from 'postgres';
import { num } from './table';

/** A positive number from the environment (`1_000_000` and `1,000,000` read as one million). */
export function envNumber(name: string, fallback: number, { whole = false }: { whole?: boolean } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!(whole ? Number.isInteger(value) : Number.isFinite(value)) || value <= 0) {
    throw new Error(`${name} must be a positive ${whole ? 'whole ' : ''}number (got ${JSON.stringify(raw)})`);
  }
  return value;
}

/** A progress line on stderr, so stdout keeps only the figures. */
export function progress(text: string): void {
  process.stderr.write(`  … ${text}\n`);
}

/** Node, CPUs and kernel, for a bench's heading. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.release()}`;
}

/** Other work on the machine skews every figure: how busy it was, e.g. `loadLine('at start')`. */
export function loadLine(when: string): string {
  const [one, five] = os.loadavg();
  return `(load average ${when}: ${num(one ?? 0, 1)} over 1 min, ${num(five ?? 0, 1)} over 5 min, on ${os.cpus().length} CPUs)`;
}

/** The p-th percentile of ascending values (NaN when there are none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A database URL fit to print: no password, no query. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'postgres';
  }
}

/**
 * The name of a bench's own Postgres database: BENCH_DATABASE_NAME when set (so benches run side by
 * side on one server keep apart), else `sb_bench_<bench>`.
 */
export function benchDatabaseName(bench: string): string {
  return process.env.BENCH_DATABASE_NAME || `sb_bench_${bench}`;
}

/**
 * The URL of a bench's own database on the Postgres server at `baseUrl`, created if missing;
 * `fresh` drops it first (a bench that needs an empty database on every run).
 */
export async function benchDatabaseUrl(baseUrl: string, name: string, { fresh = false }: { fresh?: boolean } = {}): Promise<string> {
  const quoted = `"${name.replace(/"/g, '""')}"`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    if (fresh) await admin.unsafe(`drop database if exists ${quoted} with (force)`);
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await admin.unsafe(`create database ${quoted}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
