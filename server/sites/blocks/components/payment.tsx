import type { BlockContext } from '../context';
import type { BlockProps } from '../schema';

/** A price as the visitor reads it ($49.00, €12.50). */
export const formatPrice = (price: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(price);

/**
 * A product with its price and a link to its order page on the product's origin, which starts the
 * checkout (Stripe Checkout, or the sandbox when Stripe is not configured). A link rather than a
 * form: a page's form-action is its own origin, and a custom domain's page must reach the product's.
 */
export function Payment({ id, productName, description, price, currency, buttonLabel }: BlockProps['Payment'] & { id: string }, ctx: BlockContext) {
  const href = ctx.mode === 'published' && ctx.payHref ? ctx.payHref(id) : undefined;
  return (
    <div className="sb-card sb-payment">
      <h2 className="sb-heading sb-h3">{productName}</h2>
      {description && <p className="sb-muted">{description}</p>}
      <p className="sb-payment-price">
        <strong>{formatPrice(price, currency)}</strong>
      </p>
      <p className="sb-payment-action">
        {href ? (
          <a className="sb-btn sb-btn-primary" href={href} rel="nofollow">
            {buttonLabel}
          </a>
        ) : (
          <span className="sb-btn sb-btn-primary" aria-disabled="true">
            {buttonLabel}
          </span>
        )}
      </p>
    </div>
  );
}
export const PAYMENT_CSS = `.sb-payment{display:grid;gap:.75rem;max-width:28rem}.sb-payment p{margin:0}.sb-payment-price strong{font-size:2rem;line-height:1.1}`;
