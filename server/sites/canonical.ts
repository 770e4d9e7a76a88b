import { createHash } from 'node:crypto';
import { escapeHtml } from '../email/outbox';

/**
 * A published version's canonical link and og:url name the site's address as it is when the page is
 * served, not when it was published (issue #20): the version stores this placeholder as their base,
 * and the serving path puts the site's current base in (its first verified custom domain, else
 * /s/<handle> on the product's origin). A domain verified or removed changes the base without a
 * republish: the route cache forgets on the tables' NOTIFY and the next answer is made with the new base.
 */
export const CANONICAL_BASE = 'https://canonical-base.switchboard.invalid';

/** The stored HTML with the site's base in its canonical addresses (HTML without the placeholder is returned as it is). */
export function withCanonicalBase(html: string, base: string): string {
  if (!html.includes(`"${CANONICAL_BASE}`)) return html;
  return html.replaceAll(`"${CANONICAL_BASE}`, `"${escapeHtml(base)}`);
}

/** The ETag of a version served with a base: its stored one when the base changes nothing, else one of both. */
export function canonicalEtag(html: string, etag: string, base: string): string {
  if (!html.includes(`"${CANONICAL_BASE}`)) return etag;
  return createHash('sha256').update(`${etag}\n${base}`, 'utf8').digest('hex');
}
