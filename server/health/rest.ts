import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { checkHealth } from './service';

export const healthRest = new Hono<AppEnv>().get('/health', async (c) => {
  const { database, config } = c.var.deps;
  const status = await checkHealth({ database, version: config.version });
  c.header('Cache-Control', 'no-store');
  return c.json(status, status.ok ? 200 : 503);
});
