import { BOOKING_CALENDAR_CSS } from './components/booking';
import { BUTTON_CSS, HEADING_CSS, IMAGE_CSS, TEXT_CSS, VIDEO_CSS } from './components/content';
import { COUNTDOWN_CSS } from './components/countdown';
import { FOOTER_CSS } from './components/footer';
import { PAYMENT_CSS } from './components/payment';
import { FORM_CSS } from './components/form';
import { FAQ_CSS, FEATURE_GRID_CSS, GRID_CSS, PRICING_TABLE_CSS, TESTIMONIALS_CSS } from './components/lists';
import { COLUMNS_CSS, SECTION_CSS, SPACER_CSS } from './components/layout';
import { BLOCK_TYPES, type BlockType } from './schema';

/**
 * What every published page needs: the palette as variables (the site's brand color overrides
 * --sb-brand and its derived inks), a system font stack, the header, buttons and the helpers several
 * blocks share. Mobile first: the base is the narrow screen, wider screens add columns.
 */
export const BASE_CSS = `:root{--sb-brand:#2563eb;--sb-brand-ink:#1d4ed8;--sb-on-brand:#fff;--sb-text:#1f2937;--sb-muted:#4b5563;--sb-bg:#fff;--sb-soft:#f3f4f6;--sb-line:#e5e7eb;--sb-radius:12px}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:1.0625rem;line-height:1.6;color:var(--sb-text);background:var(--sb-bg)}
img,svg,iframe{max-width:100%}a{color:var(--sb-brand-ink);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--sb-brand-ink);outline-offset:2px}
.sb-skip{position:absolute;left:-10000px;top:.5rem;background:#fff;color:#111827;padding:.6rem 1rem;border-radius:8px;z-index:10}.sb-skip:focus{left:.5rem}
.sb-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding:.75rem 1.25rem;border-bottom:1px solid var(--sb-line)}
.sb-site-name{font-weight:750;font-size:1.1rem;color:var(--sb-text);text-decoration:none;padding:.4rem 0}
.sb-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}.sb-nav a{display:inline-block;padding:.5rem 0;color:var(--sb-text)}
.sb-main{padding-inline:1.25rem}.sb-main>*{max-width:64rem;margin:2rem auto}.sb-main>.sb-section,.sb-main>.sb-footer{max-width:none;margin:0 -1.25rem}
.sb-stack>*+*{margin-top:1.25rem}.sb-align-center{text-align:center}.sb-muted{color:var(--sb-muted)}
.sb-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sb-btn{display:inline-block;font:inherit;font-weight:650;line-height:1.2;padding:.85rem 1.4rem;min-height:44px;border-radius:999px;text-decoration:none;border:2px solid var(--sb-brand);cursor:pointer}
.sb-btn-primary{background:var(--sb-brand);color:var(--sb-on-brand)}.sb-btn-secondary{background:transparent;color:var(--sb-brand-ink);border-color:currentColor}
.sb-btn-primary:hover{filter:brightness(.92)}.sb-bg-brand .sb-btn-primary{background:var(--sb-on-brand);color:var(--sb-brand);border-color:var(--sb-on-brand)}
.sb-bg-brand :is(.sb-form,.sb-card,.sb-countdown) .sb-btn-primary{background:var(--sb-brand);color:var(--sb-on-brand);border-color:var(--sb-brand)}.sb-bg-brand :focus-visible{outline-color:var(--sb-on-brand)}
.sb-bg-brand .sb-btn-secondary,.sb-bg-dark .sb-btn-secondary{color:inherit}
.sb-placeholder{border:2px dashed #9ca3af;border-radius:var(--sb-radius);padding:1.5rem;text-align:center;color:#374151;background:#f9fafb}
.sb-site-footer{padding:1.5rem 1.25rem;text-align:center;font-size:.9rem;color:var(--sb-muted)}
@media(prefers-reduced-motion:no-preference){.sb-btn{transition:filter .15s}}`;

/** Each block's CSS, in chunks; a page gets each chunk once, only for the blocks it uses. */
export const BLOCK_CSS: Record<BlockType, readonly string[]> = {
  Section: [SECTION_CSS],
  Columns: [COLUMNS_CSS],
  Heading: [HEADING_CSS],
  Text: [TEXT_CSS],
  Image: [IMAGE_CSS],
  Video: [VIDEO_CSS],
  Button: [BUTTON_CSS],
  FeatureGrid: [HEADING_CSS, ...FEATURE_GRID_CSS],
  Testimonials: [...TESTIMONIALS_CSS],
  PricingTable: [HEADING_CSS, ...PRICING_TABLE_CSS],
  Faq: [HEADING_CSS, ...FAQ_CSS],
  Countdown: [COUNTDOWN_CSS],
  Form: [HEADING_CSS, FORM_CSS],
  BookingCalendar: [HEADING_CSS, BOOKING_CALENDAR_CSS],
  Payment: [HEADING_CSS, GRID_CSS, PAYMENT_CSS],
  Spacer: [SPACER_CSS],
  Footer: [FOOTER_CSS],
};

/** The stylesheet of a page using these block types: the base, then each needed chunk once. */
export function pageCss(types: Iterable<BlockType>): string {
  const chunks = new Set<string>([BASE_CSS]);
  for (const type of types) for (const chunk of BLOCK_CSS[type]) chunks.add(chunk);
  return [...chunks].join('\n');
}

/**
 * Every block's CSS, for the editor's canvas (H3 puts it in Puck's iframe with brandCss): in the editor
 * any block may appear at any moment.
 */
export const EDITOR_CSS = pageCss(BLOCK_TYPES);

// ——— Brand color: accessible inks derived from the site's choice ———

const HEX = /^#([0-9a-f]{6})$/i;
const SOFT = '#f3f4f6';
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const darken = (hex: string, by: number) =>
  '#' +
  [16, 8, 0]
    .map((shift) =>
      Math.round(((parseInt(hex.slice(1), 16) >> shift) & 255) * (1 - by))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/**
 * The variables for a brand color (#rrggbb): text on it is white or near-black, whichever reads (WCAG
 * AA, 4.5:1); the "ink" used for links and outlines on white and soft grey is the brand darkened until it reads.
 * Anything else keeps the default palette.
 */
export function brandCss(brandColor: string | undefined): string {
  if (!brandColor || !HEX.test(brandColor)) return '';
  const brand = brandColor.toLowerCase();
  const onBrand = contrast(brand, '#ffffff') >= 4.5 ? '#ffffff' : '#111827';
  let ink = brand;
  // Checked against the soft grey of muted sections, the darker of the two light backgrounds.
  for (let step = 1; contrast(ink, SOFT) < 4.5 && step <= 20; step++) ink = darken(brand, step * 0.05);
  return `:root{--sb-brand:${brand};--sb-brand-ink:${ink};--sb-on-brand:${onBrand}}`;
}
