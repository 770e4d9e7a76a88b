import { Hono } from 'hono';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { ZEmailIdInput, ZSendEmailBatchInput, ZSendEmailInput } from './schema';
import { getEmail } from './send';
import { sendEmail, sendEmailBatch } from './send-accept';

/**
 * /api/v1/emails for integrators (API key or session): one e-mail accepted (202; a worker sends
 * it), a batch of them (202 with a result per item), and one e-mail with its state and events.
 */
export const emailSendRest = new Hono<AppEnv>()
  .post('/', requireOrg('email:send'), async (c) => c.json(await sendEmail(orgContextOf(c), await readBody(c, ZSendEmailInput)), 202))
  .post('/batch', requireOrg('email:send'), async (c) => c.json(await sendEmailBatch(orgContextOf(c), await readBody(c, ZSendEmailBatchInput)), 202))
  .get('/:id', requireOrg('email:read'), async (c) => c.json(await getEmail(orgContextOf(c), parseInput(ZEmailIdInput, { id: c.req.param('id') }))));
