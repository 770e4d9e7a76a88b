import { Fragment } from 'react';
import { hrefOf, type BlockContext } from '../context';
import { escapeHtml } from '../html';
import { videoEmbed, type BlockProps } from '../schema';

export function Heading({ text, level, align }: BlockProps['Heading']) {
  const Tag = level;
  return <Tag className={`sb-heading sb-${level} sb-align-${align}`}>{text}</Tag>;
}
export const HEADING_CSS = `:where(.sb-heading){margin:0}.sb-heading{line-height:1.2;font-weight:750;letter-spacing:-.01em;text-wrap:balance}
.sb-h1{font-size:clamp(2rem,6vw,3.25rem)}.sb-h2{font-size:clamp(1.6rem,4vw,2.25rem)}.sb-h3{font-size:1.25rem}`;

/** Plain text: a blank line separates paragraphs, a single line break stays a line break. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className={className}>
            {p.split('\n').map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        ))}
    </>
  );
}

export function Text({ text, size, align }: BlockProps['Text']) {
  return (
    <div className={`sb-text sb-text-${size} sb-align-${align}`}>
      <Paragraphs text={text} />
    </div>
  );
}
export const TEXT_CSS = `.sb-text p{margin:0 0 .85em;max-width:70ch}.sb-text p:last-child{margin-bottom:0}.sb-align-center.sb-text p{margin-inline:auto}
.sb-text-lead{font-size:1.2rem}.sb-text-small{font-size:.9rem}`;

export function Image({ src, assetId, alt, width, height, caption, rounded }: BlockProps['Image'], ctx: BlockContext) {
  const url = assetId && ctx.assetUrl ? ctx.assetUrl(assetId) : src;
  if (!url) return ctx.mode === 'editor' ? <div className="sb-placeholder">Image: add an address or upload a file</div> : null;
  return (
    <figure className="sb-image">
      <img src={url} alt={alt} width={width} height={height} loading="lazy" decoding="async" className={rounded ? 'sb-rounded' : undefined} />
      {caption && <figcaption className="sb-muted">{caption}</figcaption>}
    </figure>
  );
}
export const IMAGE_CSS = `:where(.sb-image){margin:0}.sb-image img{display:block;width:100%;height:auto}.sb-rounded{border-radius:var(--sb-radius)}.sb-image figcaption{font-size:.9rem;margin-top:.5rem}`;

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * The poster's markup: a play button and the title; a link to the player when `href` is given.
 * Styled by attributes only, as it is also a frame's document under the page's policy (no <style>).
 */
function posterMarkup(title: string, provider: keyof typeof PROVIDER_NAMES, href: string | null): string {
  const tag = href ? 'a' : 'span';
  return (
    `<${tag}${href ? ` href="${escapeHtml(href)}"` : ''} style="position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;padding:1rem;text-align:center;color:#fff;background:#111827;text-decoration:none;outline-offset:-6px;font:600 1.0625rem/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    '<svg viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false"><rect width="68" height="48" rx="12" fill="#fff"/><path d="M27 14l18 10-18 10z" fill="#111827"/></svg>' +
    `<span>${escapeHtml(title)}<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"> (plays here, from ${PROVIDER_NAMES[provider]})</span></span></${tag}>`
  );
}

/**
 * A frame whose first document is our own poster (srcdoc: no request at all), its link the player's
 * address: a click navigates the frame itself to the player, which plays in place. No JavaScript,
 * and no request to YouTube or Vimeo before the visitor asks (no thumbnail either, it would be one).
 * In the editor, the poster without its link.
 */
export function Video({ url, title }: BlockProps['Video'], ctx: BlockContext) {
  const embed = videoEmbed(url);
  if (!embed) return ctx.mode === 'editor' ? <div className="sb-placeholder">Video: add a YouTube or Vimeo address</div> : null;
  if (ctx.mode === 'editor') return <div className="sb-video" dangerouslySetInnerHTML={{ __html: posterMarkup(title, embed.provider, null) }} />;
  const poster = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0">${posterMarkup(title, embed.provider, embed.embedUrl)}</body></html>`;
  return (
    <div className="sb-video">
      <iframe srcDoc={poster} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
    </div>
  );
}
export const VIDEO_CSS = `.sb-video{position:relative;aspect-ratio:16/9;border-radius:var(--sb-radius);overflow:hidden;background:#111827}.sb-video iframe{position:absolute;inset:0;width:100%;height:100%;border:0}`;

export function Button({ label, href, variant, align }: BlockProps['Button'], ctx: BlockContext) {
  return (
    <p className={`sb-button sb-align-${align}`}>
      <a className={`sb-btn sb-btn-${variant}`} href={hrefOf(ctx, href)}>
        {label}
      </a>
    </p>
  );
}
export const BUTTON_CSS = `:where(.sb-button){margin:0}`;
