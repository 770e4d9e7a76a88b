import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_URL_PLACEHOLDER } from '../email/outbox';

/**
 * Open and click tracking of campaign e-mail: a 1×1 pixel per recipient and each link rewritten to
 * a per-recipient redirect signed with the campaign's key (HMAC-SHA256), so a changed target or
 * recipient is refused and the door can never be used to send people elsewhere (no open redirect).
 */

export const TRACKING_PATH = '/api/campaigns/t';

const signature = (key: string, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

export function signedClickUrl(publicUrl: string, key: string, recipientId: string, target: string): string {
  return `${publicUrl}${TRACKING_PATH}/c/${recipientId}?u=${encodeURIComponent(target)}&s=${signature(key, 'click', recipientId, target)}`;
}

export function signedOpenUrl(publicUrl: string, key: string, recipientId: string): string {
  return `${publicUrl}${TRACKING_PATH}/o/${recipientId}?s=${signature(key, 'open', recipientId)}`;
}

/** Whether `given` is the signature of these parts under the key (constant time). */
export function verifySignature(key: string, given: string | undefined, ...parts: string[]): boolean {
  if (!given) return false;
  const expected = Buffer.from(signature(key, ...parts));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const verifyClick = (key: string, recipientId: string, target: string, given: string | undefined) => verifySignature(key, given, 'click', recipientId, target);
export const verifyOpen = (key: string, recipientId: string, given: string | undefined) => verifySignature(key, given, 'open', recipientId);

/** Only web links are tracked and redirected to; mailto:, tel: and anchors stay as written. */
export const isWebLink = (url: string) => /^https?:\/\/[^\s/]/i.test(url);

const unescapeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The HTML with its web links signed for the recipient and the open pixel before `</body>` (or at the end). */
export function withTracking(html: string, publicUrl: string, key: string, recipientId: string): string {
  const linked = html.replace(/(<a\b[^>]*?\bhref\s*=\s*)(["'])(.*?)\2/gi, (whole, start: string, quote: string, raw: string) => {
    const target = unescapeAttribute(raw.trim());
    // The unsubscribe link is the e-mail channel's to fill in (and a click on it is not interest).
    const tracked = isWebLink(target) && target !== UNSUBSCRIBE_URL_PLACEHOLDER;
    return tracked ? `${start}${quote}${escapeAttribute(signedClickUrl(publicUrl, key, recipientId, target))}${quote}` : whole;
  });
  const pixel = `<img src="${escapeAttribute(signedOpenUrl(publicUrl, key, recipientId))}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return /<\/body>/i.test(linked) ? linked.replace(/<\/body>/i, `${pixel}</body>`) : `${linked}${pixel}`;
}

/** Seconds after sending within which a fetch is a security scanner's, not a person's. */
export const SCANNER_WINDOW_SECONDS = 10;

/**
 * Whether an open or click was made by a machine: Apple Mail Privacy Protection (its proxy fetches
 * every image with a bare "Mozilla/5.0" agent, from Apple's 17.0.0.0/8), known link scanners and
 * proxies by their agent, or any fetch within seconds of the message leaving (a gateway scanning it).
 */
export function isMachineFetch(input: { userAgent: string | null; ip: string | null; sentAt: Date | null; at: Date }): boolean {
  const agent = input.userAgent?.trim() ?? '';
  if (agent === '' || agent === 'Mozilla/5.0') return true;
  if (/barracuda|mimecast|proofpoint|symantec|forcepoint|trendmicro|safelinks|urldefense|bingpreview|python-requests|curl\/|wget\/|headlesschrome|go-http-client/i.test(agent)) return true;
  if (input.ip && /^(::ffff:)?17\./.test(input.ip)) return true;
  return input.sentAt !== null && input.at.getTime() - input.sentAt.getTime() < SCANNER_WINDOW_SECONDS * 1000;
}
