import { Hono, type Context } from 'hono';
import { escapeHtml } from '../email/outbox';
import { parseInput } from '../errors';
import type { AppEnv } from '../http/env';
import { paymentsConfigured } from '../plans/limits';
import { formatPrice } from '../sites/blocks/components/payment';
import { draftSiteOrder, pageUrlOf, type OrderDraft } from '../sites/orders';
import { PAY_PATH } from '../sites/publish';
import { ZPayDoorParams, ZSandboxCheckoutBody, ZSandboxOrderParams } from '../sites/schema';
import { completeSandboxCheckout, sandboxOrder, startSiteCheckout } from './site-checkout';

/**
 * The doors of a site's Payment block's checkout (server/billing/site-checkout.ts), on the product's origin:
 * GET /api/pay/<pageId>/<blockId> shows the product and its price and changes nothing; its POST opens
 * the order and a Stripe Checkout Session (metadata: organization, funnel, step, variant, the visitor's
 * daily hash) and sends the visitor there. Without Stripe (no STRIPE_SECRET_KEY) the checkout is this
 * server's sandbox page, which says so and completes the order through the same completeSiteOrder the
 * signed webhook calls (decision 042).
 *
 * The POSTs answer a page that moves on by <meta refresh> rather than a 303: a page's form-action
 * 'self' also applies to a form's redirects in Chromium, and checkout.stripe.com (or a custom domain)
 * is not 'self'.
 */

type Deps = AppEnv['Variables']['deps'];

const money = (amountMinor: number | string, currency: string) => formatPrice(Number(amountMinor) / 100, currency);

const BOX = 'max-width:32rem;margin:3rem auto;padding:2rem;border:1px solid #e5e7eb;border-radius:12px;font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937';
const BUTTON = 'font:inherit;font-weight:650;padding:.8rem 1.4rem;border:0;border-radius:999px;background:#2563eb;color:#fff;cursor:pointer';
const INPUT = 'display:block;width:100%;font:inherit;padding:.6rem .7rem;margin:.25rem 0 1rem;border:1px solid #9ca3af;border-radius:8px';

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 404 | 409 | 422 = 200, head = '') {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${head}</head><body><main style="${BOX}">${body}</main></body></html>`;
  return c.html(html, status, { 'Cache-Control': 'no-store' });
}

/** The visitor moves on to `url` (the checkout, or the funnel's next step once paid). */
function continueTo(c: Context<AppEnv>, url: string, message: string) {
  const safe = escapeHtml(url);
  return page(c, message, `<p>${escapeHtml(message)}</p><p><a href="${safe}">Continue</a></p>`, 200, `<meta http-equiv="refresh" content="0;url=${safe}">`);
}

const sandboxNote = (deps: Deps) =>
  paymentsConfigured(deps.config)
    ? ''
    : '<p role="note" style="padding:.75rem 1rem;border-radius:8px;background:#fef3c7;color:#78350f"><strong>Sandbox:</strong> payments are not configured on this server (no Stripe key), so no card is charged. The next page records the order as paid, as Stripe would.</p>';

function orderPage(c: Context<AppEnv>, draft: OrderDraft) {
  const { product } = draft;
  const action = `${PAY_PATH}/${draft.pageId}/${encodeURIComponent(draft.blockId)}`;
  return page(
    c,
    `${product.productName} — ${draft.siteName}`,
    `<p style="margin:0;color:#4b5563">${escapeHtml(draft.siteName)}</p><h1 style="margin:.25rem 0">${escapeHtml(product.productName)}</h1>` +
      (product.description ? `<p>${escapeHtml(product.description)}</p>` : '') +
      `<p style="font-size:2rem;font-weight:700;margin:.5rem 0 1rem">${escapeHtml(money(draft.amountMinor, product.currency))}</p>${sandboxNote(c.var.deps)}` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="${BUTTON}">${escapeHtml(product.buttonLabel)}</button></form>` +
      `<p><a href="${escapeHtml(pageUrlOf(draft))}">Back</a></p>`,
  );
}

const payParams = (c: Context<AppEnv>) => parseInput(ZPayDoorParams, { pageId: c.req.param('pageId'), blockId: c.req.param('blockId') });
const sandboxParams = (c: Context<AppEnv>) => parseInput(ZSandboxOrderParams, { orderId: c.req.param('orderId') });

/** A form post's fields (urlencoded or multipart; anything else reads as empty and fails the schema). */
async function formBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  return c.req.parseBody().catch(() => ({}));
}

export const siteCheckoutRest = new Hono<AppEnv>()
  .get('/pay/sandbox/:orderId', async (c) => {
    const order = await sandboxOrder(c.var.deps, sandboxParams(c).orderId);
    if (order.status === 'paid') return continueTo(c, order.success_url, 'This order is already paid.');
    return page(
      c,
      `Sandbox checkout — ${order.product_name}`,
      `<h1 style="margin:0 0 .5rem">Sandbox checkout</h1>${sandboxNote(c.var.deps)}<p>${escapeHtml(order.siteName)}: <strong>${escapeHtml(order.product_name)}</strong>, ${escapeHtml(money(order.amount_minor, order.currency))}</p>` +
        `<form method="post"><label>E-mail<input name="email" type="email" required autocomplete="email" style="${INPUT}"></label><label>Name<input name="name" autocomplete="name" style="${INPUT}"></label>` +
        `<button type="submit" style="${BUTTON}">Complete the test payment</button></form>`,
    );
  })
  .post('/pay/sandbox/:orderId', async (c) => {
    const { orderId } = sandboxParams(c);
    const buyer = parseInput(ZSandboxCheckoutBody, await formBody(c));
    const done = await completeSandboxCheckout(c.var.deps, orderId, buyer);
    return continueTo(c, done.successUrl, done.paidNow ? 'Payment recorded (sandbox).' : 'This order is already paid.');
  })
  .get('/pay/:pageId/:blockId', async (c) => {
    const { pageId, blockId } = payParams(c);
    return orderPage(c, await draftSiteOrder(c.var.deps.database.db, c.var.deps.config.publicUrl, pageId, blockId));
  })
  .post('/pay/:pageId/:blockId', async (c) => {
    const { pageId, blockId } = payParams(c);
    const draft = await draftSiteOrder(c.var.deps.database.db, c.var.deps.config.publicUrl, pageId, blockId);
    return continueTo(c, await startSiteCheckout(c.var.deps, draft, c.var.meta), 'Taking you to the secure payment page…');
  });
