import { Hono, type Context } from 'hono';
import { DomainError } from '../errors';
import { requireOrg } from '../http/auth';
import type { AppEnv } from '../http/env';
import { bulkSendSms, listTemplates, sendSms, sendTemplateSms, smsAccount, type SmsCtx } from './service';
import { smsWebhooks } from './webhook';

type OrgContext = Context<AppEnv & { Variables: { auth: SmsCtx['auth'] } }>;

const ctxOf = (c: OrgContext): SmsCtx => ({ db: c.var.deps.database.db, organizationId: c.var.auth.organization.id, auth: c.var.auth, deps: c.var.deps });

/** Spec app-core §7: a send answers `{success:false, error}` with the error's status when refused or invalid. */
async function sendResult(c: OrgContext, run: () => Promise<Record<string, unknown>>) {
  try {
    return c.json({ success: true, ...(await run()) }, 200);
  } catch (error) {
    if (error instanceof DomainError) return c.json({ success: false, error: error.message, ...error.details }, error.httpStatus);
    throw error;
  }
}

async function body(c: OrgContext): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError('VALIDATION', 'The request body must be JSON');
  }
}

/** /api/sms/*: the spec's REST paths (cookie or API key) over the same services as the tRPC `sms` router, and Twilio's webhooks. */
export const smsRest = new Hono<AppEnv>()
  .route('/webhooks', smsWebhooks)
  .get('/templates', requireOrg('sms:read'), async (c) => c.json(await listTemplates(ctxOf(c))))
  .get('/account', requireOrg('sms:read'), async (c) => c.json(await smsAccount(ctxOf(c))))
  .post('/send', requireOrg('sms:send'), async (c) => sendResult(c, async () => sendSms(ctxOf(c), await body(c))))
  .post('/bulk-send', requireOrg('sms:send'), async (c) => {
    try {
      return c.json(await bulkSendSms(ctxOf(c), await body(c)), 200);
    } catch (error) {
      if (error instanceof DomainError) return c.json({ success: false, error: error.message }, error.httpStatus);
      throw error;
    }
  })
  .post('/send-template', requireOrg('sms:send'), async (c) => sendResult(c, async () => sendTemplateSms(ctxOf(c), await body(c))));
