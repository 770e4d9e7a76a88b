import { createApp, type CreateAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import type { AppDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { getTestDatabase } from './db';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', ...overrides });
}

export async function buildTestDeps(options: { database?: DatabaseHandle; env?: Record<string, string> } = {}): Promise<AppDeps> {
  const config = testConfig(options.env);
  return { config, database: options.database ?? (await getTestDatabase()), logger: createLogger(config) };
}

/** The whole HTTP app on the worker's test database, plus a tRPC caller factory. */
export async function buildTestApp(options: { database?: DatabaseHandle; env?: Record<string, string>; app?: CreateAppOptions } = {}) {
  const deps = await buildTestDeps(options);
  const app = createApp(deps, options.app);
  const createCaller = createCallerFactory(appRouter);
  const caller = (req: Request = new Request('http://localhost/trpc')) => createCaller({ deps, req, requestId: 'test' });
  return { app, deps, caller };
}
