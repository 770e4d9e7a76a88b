import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { checkHealth, checkReadiness } from './service';

export const healthRest = new Hono<AppEnv>()
  .get('/health', async (c) => {
    const { database, config } = c.var.deps;
    const status = await checkHealth({ database, version: config.version });
    c.header('Cache-Control', 'no-store');
    return c.json(status, status.ok ? 200 : 503);
  })
  .get('/health/ready', async (c) => {
    const readiness = await checkReadiness(c.var.deps);
    c.header('Cache-Control', 'no-store');
    return c.json(readiness, readiness.ready ? 200 : 503);
  });
