import { Hono, type Context } from 'hono';
import { assertSafeInput } from '../errors';
import type { AppEnv } from '../http/env';
import { receiveInbound, receiveStatus } from './inbound';
import { smsProvider } from './twilio';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/**
 * Reads the raw form body and checks X-Twilio-Signature with the SDK's validator against
 * PUBLIC_URL + the path and query Twilio called; null (nothing read further, nothing written)
 * when the signature is missing or wrong.
 */
async function verifiedParams(c: Context<AppEnv>): Promise<Record<string, string> | null> {
  const raw = await c.req.text();
  const params = Object.fromEntries(new URLSearchParams(raw));
  const url = new URL(c.req.url);
  const signedUrl = `${c.var.deps.config.publicUrl}${url.pathname}${url.search}`;
  if (!smsProvider(c.var.deps.config).validateWebhook(c.req.header('x-twilio-signature'), signedUrl, params)) return null;
  // Signed is not the same as storable: a NUL or lone surrogate is refused (400) like on every door.
  assertSafeInput(params);
  return params;
}

const forbidden = (c: Context<AppEnv>) => c.json({ message: 'Invalid Twilio signature' }, 403);

/** Twilio's webhooks: POST /api/sms/webhooks/inbound and /api/sms/webhooks/status (no session; the signature is the authentication). */
export const smsWebhooks = new Hono<AppEnv>()
  .post('/inbound', async (c) => {
    const params = await verifiedParams(c);
    if (!params) return forbidden(c);
    const { reply } = await receiveInbound(c.var.deps, params);
    const twiml = reply ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(reply)}</Message></Response>` : EMPTY_TWIML;
    return c.body(twiml, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  })
  .post('/status', async (c) => {
    const params = await verifiedParams(c);
    if (!params) return forbidden(c);
    await receiveStatus(c.var.deps, c.req.query('messageId') ?? null, params);
    return c.body(null, 204);
  });
