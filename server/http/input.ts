import type { MiddlewareHandler } from 'hono';
import { fieldError } from '../errors';
import { textIssue } from '../input/guard';
import type { AppEnv } from './env';

/**
 * The input guard on query strings (server/input/guard.ts): a parameter whose name or value holds a
 * NUL character (`?q=a%00b`) answers 400 naming it, whichever route reads it and however (a service's
 * schema, an export's filter, a webhook's lookup). Bodies are guarded where they are parsed.
 */
export const safeQuery: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.url.includes('?')) {
    for (const [key, values] of Object.entries(c.req.queries())) {
      const keyIssue = textIssue(key);
      if (keyIssue) throw fieldError('query', `keys ${keyIssue}`);
      for (const value of values) {
        const issue = textIssue(value);
        if (issue) throw fieldError(key, issue);
      }
    }
  }
  await next();
};
