import type { SlotComponent } from '@puckeditor/core';
import type { BlockProps } from '../schema';

export function Section({ background, width, padding, anchor, content: Content }: BlockProps['Section'] & { content: SlotComponent }) {
  return (
    <section className={`sb-section sb-bg-${background} sb-pad-${padding}`} id={anchor || undefined}>
      <Content className={`sb-wrap sb-w-${width} sb-stack`} />
    </section>
  );
}
export const SECTION_CSS = `.sb-section{padding-inline:1.25rem}.sb-pad-small{padding-block:1.5rem}.sb-pad-medium{padding-block:3rem}.sb-pad-large{padding-block:4.5rem}
.sb-wrap{margin-inline:auto}.sb-w-narrow{max-width:42rem}.sb-w-normal{max-width:64rem}.sb-w-wide{max-width:80rem}
.sb-bg-muted{background:var(--sb-soft)}.sb-bg-brand{background:var(--sb-brand);color:var(--sb-on-brand)}.sb-bg-dark{background:#111827;color:#f9fafb}
.sb-bg-brand a:not(.sb-btn),.sb-bg-dark a:not(.sb-btn){color:inherit}.sb-bg-brand .sb-muted,.sb-bg-dark .sb-muted{color:inherit;opacity:.92}
@media(min-width:48rem){.sb-pad-medium{padding-block:4.5rem}.sb-pad-large{padding-block:6.5rem}}`;

export function Columns({ layout, verticalAlign, left: Left, right: Right }: BlockProps['Columns'] & { left: SlotComponent; right: SlotComponent }) {
  return (
    <div className={`sb-columns sb-cols-${layout} sb-valign-${verticalAlign}`}>
      <Left className="sb-col sb-stack" />
      <Right className="sb-col sb-stack" />
    </div>
  );
}
export const COLUMNS_CSS = `.sb-columns{display:grid;gap:2rem}.sb-col{min-width:0}
@media(min-width:48rem){.sb-cols-1-1{grid-template-columns:1fr 1fr}.sb-cols-2-1{grid-template-columns:2fr 1fr}.sb-cols-1-2{grid-template-columns:1fr 2fr}.sb-valign-center{align-items:center}}`;

export function Spacer({ size }: BlockProps['Spacer']) {
  return <div className={`sb-spacer sb-spacer-${size}`} aria-hidden="true" />;
}
export const SPACER_CSS = `.sb-spacer-small{height:1rem}.sb-spacer-medium{height:2.5rem}.sb-spacer-large{height:5rem}`;
