import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { receiveHook } from './hooks';
import { HOOK_SIGNATURE_HEADER } from './schema';

/**
 * POST /api/automations/hooks/{token}: a workflow's inbound webhook (public, signed; described in
 * server/api-v1/doors.ts). The signature is checked on the raw bytes before the body is parsed.
 * 202 when a run started, 200 when the enrolment rules skipped it.
 */
export const hooksRest = new Hono<AppEnv>().post('/:token', async (c) => {
  const raw = Buffer.from(await c.req.arrayBuffer());
  const result = await receiveHook(c.var.deps, c.req.param('token'), raw, c.req.header(HOOK_SIGNATURE_HEADER), c.var.meta.ip);
  return c.json(result, result.status === 'enrolled' ? 202 : 200);
});
