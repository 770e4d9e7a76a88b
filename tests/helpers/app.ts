import type { TRPCRouterRecord } from '@trpc/server';
import { createApp, type CreateAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import type { RequestMeta } from '../../server/http/meta';
import { createLogger } from '../../server/logging';
import { createTrpcContext } from '../../server/trpc/context';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/assembly';
import { getTestDatabase } from './db';
import { TEST_SECRETS_KEY } from './secrets-key';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Tests sign up many organizations from one address, and probe /api/v1 in bursts; the limits' own tests set them back.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    SECRETS_KEY: TEST_SECRETS_KEY,
    SIGNUPS_PER_HOUR: '100000',
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_ORGANIZATION: '1000000',
    ...overrides,
  });
}

export async function buildTestDeps(options: { database?: DatabaseHandle; env?: Record<string, string> } = {}): Promise<AppDeps> {
  const config = testConfig(options.env);
  // Nothing started: a test that runs jobs or realtime starts (and stops) them itself.
  return buildDeps({ config, database: options.database ?? (await getTestDatabase()), logger: createLogger(config) });
}

/**
 * A tRPC caller on `procedures` (the app's router, or a test's own) acting as one request with the given
 * headers (a session cookie or an API key); `resHeaders` shows what it set (cookies).
 */
export function callerFor<TRecord extends TRPCRouterRecord>(
  procedures: Parameters<typeof createCallerFactory<TRecord>>[0],
  { deps, headers = {}, meta = { ip: '127.0.0.1', userAgent: 'vitest' } }: { deps: AppDeps; headers?: HeadersInit; meta?: RequestMeta },
) {
  const resHeaders = new Headers();
  const req = new Request(`${TEST_ORIGIN}/trpc`, { headers });
  return { api: createCallerFactory(procedures)(createTrpcContext({ deps, req, requestId: 'test', meta, resHeaders })), resHeaders };
}

/**
 * The whole HTTP app on the worker's test database, plus a tRPC caller that acts with the given
 * request headers (a session cookie or an API key) and exposes the response headers it set.
 */
export async function buildTestApp(options: { database?: DatabaseHandle; env?: Record<string, string>; app?: CreateAppOptions } = {}) {
  const deps = await buildTestDeps(options);
  const app = createApp(deps, options.app);
  const callerWithHeaders = (headers: HeadersInit = {}, meta?: RequestMeta) => callerFor(appRouter, { deps, headers, meta });
  const caller = (headers: HeadersInit = {}) => callerWithHeaders(headers).api;
  return { app, deps, caller, callerWithHeaders };
}
