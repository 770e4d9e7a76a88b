import { createMiddleware } from 'hono/factory';
import { bearerToken } from '../kernel/caller';
import { SESSION_COOKIE } from '../kernel/caller';
import type { AppEnv } from './env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests a browser was tricked into sending. A request carrying the
 * session cookie must come from PUBLIC_URL's origin (Origin, else Referer) — /trpc included, since
 * tRPC accepts multipart mutations that need no preflight. API-key requests carry no ambient
 * authority and are not checked; a cookie-less request is refused only when it says it is cross-site.
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || bearerToken(c.req.header('authorization'))) return next();
  const expected = originOf(c.var.deps.config.publicUrl);
  const origin = originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));
  const hasSession = (c.req.header('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
  if (hasSession ? origin !== expected : origin !== undefined && origin !== expected) {
    return c.json({ message: 'Cross-site request refused' }, 403);
  }
  return next();
});
