import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { fieldError } from '../errors';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { receiveInboundEmail } from './inbound';
import { INBOUND_SIGNATURE_HEADER, ZInboundEmailJson } from './schema';

/** The same length whatever was given, so the comparison's time says nothing of the secret. */
const digest = (value: string | Buffer) => createHash('sha256').update(value).digest();

function sameSecret(given: string, secret: string): boolean {
  return timingSafeEqual(digest(given), digest(secret));
}

/** `sha256=<hex HMAC-SHA256 of the body with EMAIL_INBOUND_SECRET>`. */
function validSignature(header: string | undefined, body: Buffer, secret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  return given !== undefined && timingSafeEqual(Buffer.from(given, 'hex'), createHmac('sha256', secret).update(body).digest());
}

/** Multipart fields in which providers' raw modes post the message (SendGrid `email`, Mailgun `body-mime`). */
const FORM_FIELDS = ['raw', 'email', 'body-mime'];

/** The raw MIME message: the body itself (message/rfc822, text/plain…), JSON `{raw}`, or a provider's form field. */
async function rawMessageOf(c: Context<AppEnv>, body: Buffer): Promise<Buffer | string> {
  const type = (c.req.header('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'application/json') return (await readBody(c, ZInboundEmailJson)).raw;
  if (type === 'multipart/form-data') {
    // The body was read as bytes for the signature; it is parsed again with its boundary.
    const form = await new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': c.req.header('content-type')! }, body: new Uint8Array(body) }).formData().catch(() => null);
    const field = FORM_FIELDS.map((name) => form?.get(name)).find((value) => value !== undefined && value !== null);
    if (typeof field === 'string' && field.trim()) return field;
    if (field instanceof File) return Buffer.from(await field.arrayBuffer());
    throw fieldError('raw', `must be a form field (${FORM_FIELDS.join(', ')}) holding the raw MIME message`);
  }
  if (body.length === 0 || body.toString('latin1').trim() === '') throw fieldError('body', 'must be a raw MIME message');
  return body;
}

const notConfigured = (c: Context<AppEnv>) => c.json({ message: 'Inbound e-mail is not configured: set EMAIL_INBOUND_SECRET' }, 503);

async function receive(c: Context<AppEnv>, authenticated: (body: Buffer, secret: string) => boolean, refusal: string) {
  const secret = c.var.deps.config.email.inboundSecret;
  if (!secret) return notConfigured(c);
  const body = Buffer.from(await c.req.arrayBuffer());
  if (!authenticated(body, secret)) return c.json({ message: refusal }, 401);
  return c.json(await receiveInboundEmail(c.var.deps, await rawMessageOf(c, body)), 200);
}

/**
 * POST /api/email/inbound/:secret and POST /api/email/inbound (signed): providers' raw inbound
 * mode. No session; the secret in the path, or the body's HMAC in X-Switchboard-Signature, is the
 * authentication. Every message is answered 200 with what became of it (a provider must not retry
 * mail that matched nothing).
 */
export const emailInboundRest = new Hono<AppEnv>()
  .post('/', async (c) => receive(c, (body, secret) => validSignature(c.req.header(INBOUND_SIGNATURE_HEADER), body, secret), `Invalid ${INBOUND_SIGNATURE_HEADER}`))
  .post('/:secret', async (c) => receive(c, (_body, secret) => sameSecret(c.req.param('secret'), secret), 'Invalid inbound e-mail secret'));
