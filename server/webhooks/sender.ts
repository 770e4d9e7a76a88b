import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { version } from '../config';
import type { ResolvedTarget } from './ssrf';

/** A receiver has this long to answer before the attempt counts as a timeout (and is retried). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the delivery log keeps of an answer. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Standard Webhooks signatures of a message, one per secret (during a rotation's overlap both are sent). */
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

/** The Standard Webhooks headers of one message: its id, the time it was signed and its signature(s). */
export function signedHeaders(secrets: string[], messageId: string, at: Date, body: string): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signatureHeader(secrets, messageId, at, body) };
}

export type SendResult = { statusCode: number | null; responseExcerpt: string | null; error: string | null; durationMs: number; retryAfterSeconds: number | null; timedOut: boolean };

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/**
 * Keep-alive connections for a batch of POSTs to ONE checked target: the agent's sockets are all
 * connected to that address, so it must not carry a request to another target or address.
 */
export const keepAliveAgent = (target: ResolvedTarget, maxSockets: number) =>
  new (target.url.protocol === 'https:' ? HttpsAgent : HttpAgent)({ keepAlive: true, maxSockets, timeout: DELIVERY_TIMEOUT_MS });

/**
 * POSTs the body to the target, connecting to its checked address (the Host header and TLS name stay
 * the URL's), over `agent`'s connections when given (keepAliveAgent of this target), else a
 * connection of its own. Never throws: a network error or timeout is a result with no status code.
 */
export function postSigned(target: ResolvedTarget, headers: Record<string, string>, body: string, agent?: HttpAgent): Promise<SendResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const req = request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        ...(agent ? { agent } : {}),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': `Switchboard-Webhooks/${version}` },
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: res.statusCode ?? null,
            responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
            error: null,
            retryAfterSeconds: retryAfterSeconds(res.headers['retry-after']),
            timedOut: false,
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_EXCERPT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the rest of a large answer is not read.
          if (size >= RESPONSE_EXCERPT_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => {
      finish({ statusCode: null, responseExcerpt: null, error: `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`, retryAfterSeconds: null, timedOut: true });
      req.destroy();
    });
    req.on('error', (error) => finish({ statusCode: null, responseExcerpt: null, error: error.message, retryAfterSeconds: null, timedOut: false }));
    req.end(body);
  });
}
