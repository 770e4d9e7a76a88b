import { hrefOf, type BlockContext } from '../context';
import type { BlockProps } from '../schema';
import { Paragraphs } from './content';

/** A list block's optional title: an h2, so headings stay in order under the page's h1. */
function ListTitle({ title, intro }: { title: string; intro?: string }) {
  if (!title && !intro) return null;
  return (
    <div className="sb-list-head">
      {title && <h2 className="sb-heading sb-h2">{title}</h2>}
      {intro && <Paragraphs text={intro} className="sb-muted" />}
    </div>
  );
}
const LIST_CSS = `.sb-list-head{text-align:center;max-width:44rem;margin:0 auto 2rem}.sb-list-head p{margin:.75rem 0 0}`;

export function FeatureGrid({ title, intro, columns, items }: BlockProps['FeatureGrid']) {
  return (
    <div className="sb-features">
      <ListTitle title={title} intro={intro} />
      <ul className={`sb-grid sb-grid-${columns}`}>
        {items.map((item, i) => (
          <li key={i} className="sb-card">
            <h3 className="sb-heading sb-h3">{item.title}</h3>
            {item.text && <Paragraphs text={item.text} className="sb-muted" />}
          </li>
        ))}
      </ul>
    </div>
  );
}
export const GRID_CSS = `.sb-grid{list-style:none;margin:0;padding:0;display:grid;gap:1.25rem}
@media(min-width:40rem){.sb-grid-2,.sb-grid-3,.sb-grid-4{grid-template-columns:repeat(2,1fr)}}
@media(min-width:64rem){.sb-grid-3{grid-template-columns:repeat(3,1fr)}.sb-grid-4{grid-template-columns:repeat(4,1fr)}}
.sb-card{background:var(--sb-bg);color:var(--sb-text);border:1px solid var(--sb-line);border-radius:var(--sb-radius);padding:1.5rem}.sb-card p{margin:.5rem 0 0}`;
export const FEATURE_GRID_CSS = [LIST_CSS, GRID_CSS];

export function Testimonials({ title, items }: BlockProps['Testimonials']) {
  return (
    <div className="sb-testimonials">
      <ListTitle title={title} />
      <ul className={`sb-grid sb-grid-${Math.min(3, Math.max(2, items.length))}`}>
        {items.map((item, i) => (
          <li key={i} className="sb-card">
            <figure className="sb-quote">
              <blockquote>
                <Paragraphs text={item.quote} />
              </blockquote>
              <figcaption>
                <strong>{item.name}</strong>
                {item.role && <span className="sb-muted">, {item.role}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
export const TESTIMONIALS_CSS = [
  LIST_CSS,
  GRID_CSS,
  `.sb-quote{margin:0}.sb-quote blockquote{margin:0 0 1rem;font-size:1.05rem}.sb-quote blockquote p{margin:0 0 .5em}.sb-quote blockquote p:first-child::before{content:"\\201C"}.sb-quote blockquote p:last-child::after{content:"\\201D"}`,
];

export function PricingTable({ title, plans }: BlockProps['PricingTable'], ctx: BlockContext) {
  return (
    <div className="sb-pricing">
      <ListTitle title={title} />
      <ul className={`sb-grid sb-grid-${Math.min(3, Math.max(2, plans.length))}`}>
        {plans.map((plan, i) => (
          <li key={i} className={`sb-card sb-plan${plan.highlighted ? ' sb-plan-highlight' : ''}`}>
            <h3 className="sb-heading sb-h3">{plan.name}</h3>
            <p className="sb-price">
              <strong>{plan.price}</strong>
              {plan.period && <span className="sb-muted"> {plan.period}</span>}
            </p>
            {plan.description && <p className="sb-muted">{plan.description}</p>}
            {plan.features.trim() && (
              <ul className="sb-plan-features">
                {plan.features
                  .split('\n')
                  .map((f) => f.trim())
                  .filter(Boolean)
                  .map((f, j) => (
                    <li key={j}>{f}</li>
                  ))}
              </ul>
            )}
            {plan.ctaLabel && plan.ctaHref && (
              <a className={`sb-btn ${plan.highlighted ? 'sb-btn-primary' : 'sb-btn-secondary'}`} href={hrefOf(ctx, plan.ctaHref)}>
                {plan.ctaLabel}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
export const PRICING_TABLE_CSS = [
  LIST_CSS,
  GRID_CSS,
  `.sb-plan{display:flex;flex-direction:column;gap:.75rem}.sb-plan p{margin:0}.sb-plan-highlight{border:2px solid var(--sb-brand)}
.sb-price strong{font-size:2rem;line-height:1.1}.sb-plan-features{margin:0;padding-left:1.25rem;flex:1}.sb-plan-features li{margin:.25rem 0}.sb-plan .sb-btn{text-align:center}`,
];

/** Native disclosure widgets: open and close without JavaScript, announced by screen readers. */
export function Faq({ title, items }: BlockProps['Faq']) {
  return (
    <div className="sb-faq">
      <ListTitle title={title} />
      {items.map((item, i) => (
        <details key={i} className="sb-faq-item">
          <summary>{item.question}</summary>
          <Paragraphs text={item.answer} />
        </details>
      ))}
    </div>
  );
}
export const FAQ_CSS = [
  LIST_CSS,
  `.sb-faq{max-width:48rem;margin-inline:auto}.sb-faq-item{border-bottom:1px solid var(--sb-line);padding:1rem 0}
.sb-faq-item summary{cursor:pointer;font-weight:650;font-size:1.05rem;min-height:24px}.sb-faq-item p{margin:.75rem 0 0}`,
];

export const FAQ_DEFAULT = { title: 'Questions', items: [{ question: 'A question people ask', answer: 'A short, direct answer.' }] };
