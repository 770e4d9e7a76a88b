import { Hono } from 'hono';
import { DomainError } from '../errors';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { ZSubmitLeadInput } from './schema';
import { submitLead } from './service';

/**
 * POST /api/convertkit/subscribe — the public forms' endpoint (spec public-site §7). The spec's
 * clients read only the status: 200 {"success":true}; a refusal answers {"success":false,"message"}
 * with 400 (bad input), 429 (rate limit, with Retry-After) or 503 (no organization to receive it).
 */
export const leadsRest = new Hono<AppEnv>().post('/convertkit/subscribe', async (c) => {
  try {
    await submitLead(c.var.deps, await readBody(c, ZSubmitLeadInput, { notJson: 'The request body must be a JSON object' }), c.var.meta);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
    return c.json({ success: false, message: error.message }, error.httpStatus);
  }
  return c.json({ success: true });
});
