import { sql } from 'kysely';
import { upsertContactByEmail } from '../contacts/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { publishEvent } from '../events/publish';
import { priceMinor, walkBlocks, ZPaymentProps, type BlockProps, type PageData } from './blocks/schema';
import { pageVariant, utcDay, visitorHash, type Visitor } from './funnel-serve';
import { redirectOf } from './forms';
import { pageDataOf, pageUrl, siteBaseUrl, verifiedDomains } from './repo';

/**
 * A Payment block's orders (issue #20, revenue per visitor). The provider (Stripe Checkout, or the
 * sandbox when Stripe is not configured) is the caller's (server/billing/site-checkout.ts): this
 * module knows the product, the funnel step the visitor is on and what a paid order changes, and
 * nothing of Stripe. Both providers complete an order through completeSiteOrder.
 */

/** The metadata kind of a site order's Checkout Session (the Stripe webhook tells them by it). */
export const SITE_ORDER_KIND = 'site_order';

const orderNotFound = () => new DomainError('NOT_FOUND', 'This product is not on a published page');

/** What the order page shows and the checkout needs: the product, its price, and who pays on which step. */
export type OrderDraft = {
  organizationId: string;
  siteId: string;
  pageId: string;
  blockId: string;
  /** The site's name, shown on the order page. */
  siteName: string;
  product: BlockProps['Payment'];
  amountMinor: number;
  /** The site's address (its verified domain, else /s/<handle>) and the page's path on it. */
  siteBase: string;
  pagePath: string;
  funnel: { funnelId: string; stepId: string; variantId: string; nextPageId: string | null } | null;
};

/** The published page's Payment block, or NOT_FOUND (no page, not published, no such block). */
export async function draftSiteOrder(db: Db, publicUrl: string, pageId: string, blockId: string): Promise<OrderDraft> {
  const page = await db
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .innerJoin('sites', 'sites.id', 'site_pages.site_id')
    .select(['site_pages.id', 'site_pages.path', 'site_pages.organization_id', 'sites.id as siteId', 'sites.handle', 'sites.name as siteName', 'site_page_versions.data'])
    .where('site_pages.id', '=', pageId)
    .executeTakeFirst();
  if (!page) throw orderNotFound();
  const block = [...walkBlocks(pageDataOf(page.data) as PageData)].find((b) => b.props.id === blockId);
  const product = block?.type === 'Payment' ? ZPaymentProps.safeParse(block.props) : undefined;
  if (!product?.success) throw orderNotFound();
  const organizationId = page.organization_id;
  const verified = await verifiedDomains(db, organizationId, [page.siteId]);
  const step = await pageVariant(db, organizationId, pageId);
  return {
    organizationId,
    siteId: page.siteId,
    pageId,
    blockId,
    siteName: page.siteName,
    product: product.data,
    amountMinor: priceMinor(product.data.price),
    siteBase: siteBaseUrl(publicUrl, page.handle, verified.get(page.siteId)),
    pagePath: page.path,
    funnel: step ?? null,
  };
}

/** The order as the provider opened it: its session and where the visitor goes once paid. */
export type OpenedOrder = { orderId: string; provider: 'stripe' | 'sandbox'; checkoutSessionId: string; successUrl: string };

/** Where a paid visitor goes (the block's path, the funnel's next step, the thank-you page), as an absolute URL of the site. */
export async function successUrlOf(db: Db, draft: OrderDraft): Promise<string> {
  const target = await redirectOf(db, draft, draft.product.redirectPath, draft.pagePath, draft.funnel?.nextPageId ?? null, 'paid');
  return pageUrl(draft.siteBase, target);
}

/** The page the visitor came from (the checkout's way back). */
export const pageUrlOf = (draft: OrderDraft) => pageUrl(draft.siteBase, draft.pagePath);

/** The Checkout Session's metadata: the organization, funnel, step, variant and the visitor's hash of the day. */
export async function orderMetadata(db: Db, orderId: string, draft: OrderDraft, visitor: Visitor) {
  const day = utcDay();
  return {
    kind: SITE_ORDER_KIND,
    orderId,
    organizationId: draft.organizationId,
    siteId: draft.siteId,
    pageId: draft.pageId,
    funnelId: draft.funnel?.funnelId ?? '',
    stepId: draft.funnel?.stepId ?? '',
    variantId: draft.funnel?.variantId ?? '',
    day,
    visitorHash: await visitorHash(db, visitor, day),
  };
}

/** Stores the opened order (after the provider made its session, so a failed call stores nothing). */
export async function insertSiteOrder(db: Db, draft: OrderDraft, metadata: Awaited<ReturnType<typeof orderMetadata>>, opened: OpenedOrder): Promise<void> {
  await scoped(db, draft.organizationId)
    .insertInto('site_orders', {
      id: opened.orderId,
      site_id: draft.siteId,
      page_id: draft.pageId,
      block_id: draft.blockId,
      funnel_id: draft.funnel?.funnelId ?? null,
      step_id: draft.funnel?.stepId ?? null,
      variant_id: draft.funnel?.variantId ?? null,
      day: metadata.day,
      visitor_hash: metadata.visitorHash,
      product_name: draft.product.productName,
      amount_minor: draft.amountMinor,
      currency: draft.product.currency,
      provider: opened.provider,
      checkout_session_id: opened.checkoutSessionId,
      success_url: opened.successUrl,
    })
    .execute();
}

/** An open sandbox order by its id (the sandbox checkout page), or NOT_FOUND. */
export async function openSandboxOrder(db: Db, orderId: string) {
  const order = /^[0-9a-f-]{36}$/.test(orderId)
    ? await db
        .selectFrom('site_orders')
        .innerJoin('sites', 'sites.id', 'site_orders.site_id')
        .select([
          'site_orders.id',
          'site_orders.checkout_session_id',
          'site_orders.product_name',
          'site_orders.amount_minor',
          'site_orders.currency',
          'site_orders.status',
          'site_orders.success_url',
          'sites.name as siteName',
        ])
        .where('site_orders.id', '=', orderId)
        .where('site_orders.provider', '=', 'sandbox')
        .executeTakeFirst()
    : undefined;
  if (!order) throw new DomainError('NOT_FOUND', 'No such sandbox order');
  return order;
}

export type PaidSession = { checkoutSessionId: string; email: string | null; name: string | null };
export type CompletedOrder = { status: 'paid' | 'already_paid' | 'unknown'; successUrl: string | null };

/**
 * An order was paid (the signed webhook's checkout.session.completed, or the sandbox's button), in
 * the caller's transaction and once: the order turns paid, the buyer becomes a contact (by the
 * session's e-mail), the visitor's funnel row counts the purchase and its revenue, and
 * `site_order_paid` is published. A second completion of the same session changes nothing.
 */
export async function completeSiteOrder(trx: Db, paid: PaidSession, now = new Date()): Promise<CompletedOrder> {
  const order = await trx
    .updateTable('site_orders')
    .set({ status: 'paid', paid_at: now, email: paid.email })
    .where('checkout_session_id', '=', paid.checkoutSessionId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!order) {
    const known = await trx.selectFrom('site_orders').select('success_url').where('checkout_session_id', '=', paid.checkoutSessionId).executeTakeFirst();
    return { status: known ? 'already_paid' : 'unknown', successUrl: known?.success_url ?? null };
  }
  const organizationId = order.organization_id;
  const amount = Number(order.amount_minor);
  let contactId: string | null = null;
  if (paid.email) {
    const [firstName, ...rest] = (paid.name ?? '').trim().split(/\s+/);
    const captured = await upsertContactByEmail(
      trx,
      organizationId,
      { email: paid.email.toLowerCase(), firstName: firstName || undefined, lastName: rest.join(' ') || undefined, source: 'Site payment' },
      null,
      { via: 'site_payment' },
    );
    contactId = captured.contact.id;
    await scoped(trx, organizationId).updateTable('site_orders').set({ contact_id: contactId }).where('id', '=', order.id).execute();
  }
  if (order.funnel_id && order.step_id && order.variant_id) {
    await scoped(trx, organizationId)
      .insertInto('funnel_visits', {
        funnel_id: order.funnel_id,
        step_id: order.step_id,
        variant_id: order.variant_id,
        day: order.day,
        visitor_hash: order.visitor_hash,
        purchases: 1,
        revenue_cents: amount,
      })
      .onConflict((oc) =>
        oc.columns(['variant_id', 'day', 'visitor_hash']).doUpdateSet({
          purchases: sql<number>`funnel_visits.purchases + 1`,
          revenue_cents: sql<string>`funnel_visits.revenue_cents + excluded.revenue_cents`,
        }),
      )
      .execute();
  }
  await publishEvent(trx, {
    organizationId,
    type: 'site_order_paid',
    payload: {
      orderId: order.id,
      contactId,
      siteId: order.site_id,
      pageId: order.page_id,
      funnelId: order.funnel_id,
      productName: order.product_name,
      valueMinor: amount,
      currency: order.currency.toUpperCase(),
      provider: order.provider,
    },
    actorUserId: null,
  });
  return { status: 'paid', successUrl: order.success_url };
}
