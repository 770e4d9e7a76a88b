import { Hono, type Context } from 'hono';
import { DomainError } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { ZBulkSendSmsInput, ZSendSmsInput, ZSendTemplateSmsInput } from './schema';
import { bulkSendSms, listTemplates, sendSms, sendTemplateSms, smsAccount } from './service';
import { smsWebhooks } from './webhook';

/**
 * Spec app-core §7: a send answers `{success:false, error}` with the error's status when refused or
 * invalid — its body's validation included, so the body is read inside `run`.
 */
async function sendResult(c: Context, run: () => Promise<Record<string, unknown>>) {
  try {
    return c.json({ success: true, ...(await run()) }, 200);
  } catch (error) {
    if (error instanceof DomainError) return c.json({ success: false, error: error.message, ...error.details }, error.httpStatus);
    throw error;
  }
}

/** This door's words for a body that is not JSON. */
const NOT_JSON = { notJson: 'The request body must be JSON' };

/** /api/sms/*: the spec's REST paths (cookie or API key) over the same services as the tRPC `sms` router, and Twilio's webhooks. */
export const smsRest = new Hono<AppEnv>()
  .route('/webhooks', smsWebhooks)
  .get('/templates', requireOrg('sms:read', { writes: true }), async (c) => c.json(await listTemplates(orgContextOf(c))))
  .get('/account', requireOrg('sms:read'), async (c) => c.json(await smsAccount(orgContextOf(c))))
  .post('/send', requireOrg('sms:send'), async (c) => sendResult(c, async () => sendSms(orgContextOf(c), await readBody(c, ZSendSmsInput, NOT_JSON))))
  .post('/bulk-send', requireOrg('sms:send'), async (c) => {
    try {
      return c.json(await bulkSendSms(orgContextOf(c), await readBody(c, ZBulkSendSmsInput, NOT_JSON)), 200);
    } catch (error) {
      if (error instanceof DomainError) return c.json({ success: false, error: error.message }, error.httpStatus);
      throw error;
    }
  })
  .post('/send-template', requireOrg('sms:send'), async (c) => sendResult(c, async () => sendTemplateSms(orgContextOf(c), await readBody(c, ZSendTemplateSmsInput, NOT_JSON))));
