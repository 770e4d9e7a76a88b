import { Hono, type Context } from 'hono';
import { assertSafeInput } from '../errors';
import type { AppEnv } from '../http/env';
import { receiveInbound, receiveStatus } from './inbound';
import { verifyTwilioWebhook } from './twilio';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/**
 * Reads the raw form body and checks X-Twilio-Signature with the SDK's validator against
 * PUBLIC_URL + the path and query Twilio called, with the environment's account or the
 * organizations' own (verifyTwilioWebhook); null (nothing read further, nothing written) when the
 * signature is missing or wrong.
 */
async function verifiedParams(c: Context<AppEnv>): Promise<{ params: Record<string, string>; within: string[] | null } | null> {
  const raw = await c.req.text();
  const params = Object.fromEntries(new URLSearchParams(raw));
  const url = new URL(c.req.url);
  const signedUrl = `${c.var.deps.config.publicUrl}${url.pathname}${url.search}`;
  const verified = await verifyTwilioWebhook(c.var.deps, { signature: c.req.header('x-twilio-signature'), url: signedUrl, params });
  if (!verified) return null;
  // Signed is not the same as storable: a NUL or lone surrogate is refused (400) like on every door.
  assertSafeInput(params);
  return { params, within: verified.within };
}

const forbidden = (c: Context<AppEnv>) => c.json({ message: 'Invalid Twilio signature' }, 403);

/** Twilio's webhooks: POST /api/sms/webhooks/inbound and /api/sms/webhooks/status (no session; the signature is the authentication). */
export const smsWebhooks = new Hono<AppEnv>()
  .post('/inbound', async (c) => {
    const verified = await verifiedParams(c);
    if (!verified) return forbidden(c);
    const { reply } = await receiveInbound(c.var.deps, verified.params, verified.within);
    const twiml = reply ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(reply)}</Message></Response>` : EMPTY_TWIML;
    return c.body(twiml, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  })
  .post('/status', async (c) => {
    const verified = await verifiedParams(c);
    if (!verified) return forbidden(c);
    await receiveStatus(c.var.deps, c.req.query('messageId') ?? null, verified.params, verified.within);
    return c.body(null, 204);
  });
