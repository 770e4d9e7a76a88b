import { loadConfig } from '../../../server/config';

/** A bench server child's database kind and configuration, from the env its parent gives it. */
export function benchServerConfig() {
  const kind = process.env.BENCH_DB === 'postgres' ? ('postgres' as const) : ('pglite' as const);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: kind === 'postgres' ? process.env.BENCH_DB_URL : undefined,
  });
  if (kind === 'postgres' && !config.databaseUrl) throw new Error('BENCH_DB=postgres needs BENCH_DB_URL');
  return { kind, config };
}
