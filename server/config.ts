import { readFileSync } from 'node:fs';
import { z } from 'zod';

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').default(3000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL').optional(),
  DATA_DIR: z.string().default('./.data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  JOBS_ENABLED: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  LEADS_ORGANIZATION_ID: z.uuid({ error: 'must be an organization id (a UUID)' }).optional(),
  GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics measurement id such as G-ABC123XYZ').optional(),
  JOBS_POLL_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(50, 'must be between 50 and 60000').max(60_000, 'must be between 50 and 60000').default(1000),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Origin the product is reached at, without a trailing slash. */
  publicUrl: string;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** Take the client's address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Run background-job handlers in this process (false: only enqueue, for multi-process deployments). */
  jobsEnabled: boolean;
  /** How often an idle job queue looks for new jobs, in milliseconds. */
  jobsPollMs: number;
  /** The organization that receives the public site's leads and chats; unset: the first organization created. */
  leadsOrganizationId: string | undefined;
  /** Google Analytics measurement id; when set, the served pages carry the gtag.js tag. */
  gaMeasurementId: string | undefined;
  version: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Parses the environment once; a bad value throws one line naming the variable and the rule. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty values mean "not set", as most deploy tools write them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    jobsEnabled: e.JOBS_ENABLED === 'true' || e.JOBS_ENABLED === '1',
    jobsPollMs: e.JOBS_POLL_MS,
    leadsOrganizationId: e.LEADS_ORGANIZATION_ID,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    version,
  };
}
