import { Hono, type Context } from 'hono';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readQuery } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { UNSUBSCRIBE_PAGE_PATH, ZExportSuppressionsQuery, ZOneClickUnsubscribeBody, ZUnsubscribeTokenInput } from './schema';
import { exportSuppressionsCsv } from './suppressions';
import { resubscribeByToken, unsubscribeByToken, unsubscribeState } from './unsubscribe';

const tokenOf = (c: Context<AppEnv>) => parseInput(ZUnsubscribeTokenInput, { token: c.req.param('token') }).token;

const disposition = (filename: string) => `attachment; filename="${filename}"`;

/**
 * /api/email: the recipients' unsubscribe doors (public: the link's token is the credential; RFC
 * 8058) and the suppression list's CSV export (members with email:manage, cookie or API key).
 */
export const complianceRest = new Hono<AppEnv>()
  // The List-Unsubscribe link opened in a browser: the page that asks before changing anything (a link scanner's GET unsubscribes no one).
  .get('/unsubscribe/:token', (c) => c.redirect(UNSUBSCRIBE_PAGE_PATH(tokenOf(c)), 303))
  // RFC 8058 one-click: the mailbox provider (or the page) POSTs List-Unsubscribe=One-Click, as a form; unsubscribed at once, no confirmation.
  .post('/unsubscribe/:token', async (c) => {
    const token = tokenOf(c);
    let form: Record<string, unknown> = {};
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
    parseInput(ZOneClickUnsubscribeBody, form);
    return c.json(await unsubscribeByToken(c.var.deps, token, c.var.meta), 200);
  })
  .get('/unsubscribe/:token/status', async (c) => c.json(await unsubscribeState(c.var.deps, tokenOf(c), c.var.meta)))
  .post('/unsubscribe/:token/resubscribe', async (c) => c.json(await resubscribeByToken(c.var.deps, tokenOf(c), c.var.meta)))
  // The export is recorded in the audit log: not a read-only transaction (decision 028).
  .get('/suppressions.csv', requireOrg('email:manage', { writes: true }), async (c) => {
    const result = await exportSuppressionsCsv(orgContextOf(c), readQuery(c, ZExportSuppressionsQuery));
    return c.body(result.csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition(result.filename),
      'Cache-Control': 'no-store',
      'X-Total-Count': String(result.total),
    });
  });
