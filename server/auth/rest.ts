import { Hono } from 'hono';
import { authOf, requireUser } from '../http/auth';
import { readBody } from '../http/body';
import { userContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { ZLoginInput, ZSignupInput, ZUpdatePreferencesInput } from './schema';
import * as auth from './service';

/** Spec app-core §7's auth paths, for its client and for integrators; the same service as tRPC `auth`. */
export const authRest = new Hono<AppEnv>()
  .post('/signup', async (c) => {
    const { setCookie, payload } = await auth.signup(c.var.deps, await readBody(c, ZSignupInput), c.var.meta);
    c.header('Set-Cookie', setCookie);
    return c.json(payload, 201);
  })
  .post('/login', async (c) => {
    const { setCookie, deviceCookie, payload } = await auth.login(c.var.deps, await readBody(c, ZLoginInput), c.var.meta, c.req.header('cookie'));
    c.header('Set-Cookie', setCookie);
    if (deviceCookie) c.header('Set-Cookie', deviceCookie, { append: true });
    return c.json(payload, 200);
  })
  .get('/user', async (c) => {
    const current = await authOf(c);
    if (!current?.user || !current.session) return c.json({ message: 'Not authenticated' }, 401);
    return c.json(await auth.me({ db: c.var.deps.database.db, auth: { ...current, user: current.user, session: current.session } }));
  })
  .patch('/preferences', requireUser, async (c) => c.json(await auth.updatePreferences(userContextOf(c), await readBody(c, ZUpdatePreferencesInput))))
  .post('/logout', requireUser, async (c) => {
    c.header('Set-Cookie', await auth.logout(userContextOf(c)));
    return c.body(null, 204);
  });
