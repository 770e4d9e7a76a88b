import { Hono } from 'hono';
import { DomainError } from '../errors';
import { authOf, requireUser } from '../http/auth';
import type { AppEnv } from '../http/env';
import * as auth from './service';

/** Reads a JSON body; a malformed one is a 400 naming the rule, not a 500. */
export async function jsonBody(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError('VALIDATION', 'body: must be a JSON object', { issues: [{ path: 'body', message: 'must be a JSON object' }] });
  }
}

/** Spec app-core §7's auth paths, for its client and for integrators; the same service as tRPC `auth`. */
export const authRest = new Hono<AppEnv>()
  .post('/signup', async (c) => {
    const { setCookie, payload } = await auth.signup(c.var.deps, await jsonBody(c), c.var.meta);
    c.header('Set-Cookie', setCookie);
    return c.json(payload, 201);
  })
  .post('/login', async (c) => {
    const { setCookie, deviceCookie, payload } = await auth.login(c.var.deps, await jsonBody(c), c.var.meta, c.req.header('cookie'));
    c.header('Set-Cookie', setCookie);
    if (deviceCookie) c.header('Set-Cookie', deviceCookie, { append: true });
    return c.json(payload, 200);
  })
  .get('/user', async (c) => {
    const current = await authOf(c);
    if (!current?.user || !current.session) return c.json({ message: 'Not authenticated' }, 401);
    return c.json(await auth.me(c.var.deps, { ...current, user: current.user, session: current.session }));
  })
  .patch('/preferences', requireUser, async (c) => c.json(await auth.updatePreferences(c.var.deps, c.var.auth, await jsonBody(c), c.var.meta)))
  .post('/logout', requireUser, async (c) => {
    c.header('Set-Cookie', await auth.logout(c.var.deps, c.var.auth, c.var.meta));
    return c.body(null, 204);
  });
