import { Hono } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ZForgotPasswordInput, ZResetPasswordInput, ZVerifyEmailInput } from './schema';
import { verifyEmail } from './verification';

/** The account links' doors beside /api/auth's sign-up and sign-in (server/auth/rest.ts); the same services as tRPC `account`. */
export const accountRest = new Hono<AppEnv>()
  .post('/forgot-password', async (c) => c.json(await requestPasswordReset(c.var.deps, await readBody(c, ZForgotPasswordInput), c.var.meta), 202))
  .post('/reset-password', async (c) => c.json(await resetPassword(c.var.deps, await readBody(c, ZResetPasswordInput), c.var.meta)))
  .post('/verify-email', async (c) => c.json(await verifyEmail(c.var.deps, await readBody(c, ZVerifyEmailInput))));
