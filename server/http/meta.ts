import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Where a request came from, for throttling and the audit log. */
export type RequestMeta = { ip: string; userAgent: string | null };

export function requestMeta(c: Context, trustProxy: boolean): RequestMeta {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  let ip = forwarded;
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket.
    }
  }
  return { ip: ip || 'unknown', userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
}
