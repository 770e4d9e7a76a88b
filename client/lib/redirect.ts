/** Where the sign-in pages send someone when no (valid) return path was given. */
export const DEFAULT_AFTER_SIGN_IN = '/app';

const AUTH_PAGES = new Set(['/login', '/signup']);

/**
 * A return path from the URL, kept only when it stays on this site: it starts with a single '/',
 * has no backslash or control character (browsers read "/\evil.com" as "//evil.com"), and is not a
 * sign-in page itself. Anything else becomes the fallback.
 */
export function safeRedirect(raw: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'http://switchboard.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://switchboard.invalid') return fallback;
  // Nor once decoded: a router that decodes "/%2F%2Fevil.example" must not meet "//evil.example".
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex
  if (decoded.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  if (AUTH_PAGES.has(url.pathname.replace(/\/+$/, '') || '/')) return fallback;
  return url.pathname + url.search + url.hash;
}
