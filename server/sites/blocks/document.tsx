import { Render } from '@puckeditor/core/rsc';
import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from './config';
import type { BlockContext } from './context';
import { brandCss, pageCss } from './css';
import { escapeHtml } from './html';
import { ISLAND_NAMES, ISLANDS, type IslandName } from './islands';
import { walkBlocks, type BlockType, type PageData } from './schema';

export type PageDocumentInput = {
  data: PageData;
  ctx: BlockContext;
  page: { title: string; description: string; ogImage?: string | null; noindex: boolean; canonicalUrl: string };
  site: {
    name: string;
    /** The site's home page; the site name in the header links there when given. */
    homeUrl?: string;
    faviconUrl?: string | null;
    headerLinks: { label: string; href: string }[];
    footerText?: string | null;
    /**
     * The address of the site's custom code (admin-only), a document of its own with its own policy
     * (renderCodeDocument): framed sandboxed at the end of the body, never in the page itself.
     */
    customCodeSrc?: string | null;
    brandColor?: string | null;
  };
  /** Each island script's address (islands.ts). */
  islandSrc: Record<IslandName, string>;
};

/** The block types a page uses, slots and zones included. */
export function usedBlockTypes(data: Pick<PageData, 'content' | 'zones'>): Set<BlockType> {
  const types = new Set<BlockType>();
  for (const block of walkBlocks(data)) types.add(block.type);
  return types;
}

/** The islands a page loads: those with one of its blocks (a form, a booking calendar, a countdown); none, and it ships no JavaScript. */
export const islandsOf = (types: ReadonlySet<BlockType>): IslandName[] => ISLAND_NAMES.filter((name) => ISLANDS[name].blocks.some((t) => types.has(t)));

/**
 * A published page as one static HTML document: head metadata, one inline stylesheet holding only
 * what the used blocks need, the site header, the blocks (rendered by Puck's server renderer with the
 * editor's own registry), and one deferred script per island its blocks need (islandsOf).
 */
export function renderPageDocument(input: PageDocumentInput): string {
  const { data, ctx, page, site, islandSrc } = input;
  const types = usedBlockTypes(data);
  const css = `${pageCss(types)}\n${brandCss(site.brandColor ?? undefined)}`.trim();
  const body = renderToStaticMarkup(<Render config={siteConfig(ctx)} data={data} />);
  const attr = escapeHtml;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    page.description && `<meta name="description" content="${attr(page.description)}">`,
    `<link rel="canonical" href="${attr(page.canonicalUrl)}">`,
    page.noindex && '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${attr(site.name)}">`,
    `<meta property="og:title" content="${attr(page.title)}">`,
    page.description && `<meta property="og:description" content="${attr(page.description)}">`,
    `<meta property="og:url" content="${attr(page.canonicalUrl)}">`,
    page.ogImage && `<meta property="og:image" content="${attr(page.ogImage)}">`,
    `<meta name="twitter:card" content="${page.ogImage ? 'summary_large_image' : 'summary'}">`,
    // Without a favicon of its own the page says it has none, so no browser asks the origin for /favicon.ico.
    `<link rel="icon" href="${site.faviconUrl ? attr(site.faviconUrl) : 'data:,'}">`,
    `<style>${css}</style>`,
    ...islandsOf(types).map((name) => `<script src="${attr(islandSrc[name])}" defer></script>`),
  ];
  const siteName = site.homeUrl ? `<a class="sb-site-name" href="${attr(site.homeUrl)}">${escapeHtml(site.name)}</a>` : `<span class="sb-site-name">${escapeHtml(site.name)}</span>`;
  const nav = site.headerLinks.length
    ? `<nav class="sb-nav" aria-label="Main"><ul>${site.headerLinks.map((l) => `<li><a href="${attr(l.href)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul></nav>`
    : '';
  const customCode = site.customCodeSrc
    ? // No allow-same-origin: the code runs in an opaque origin (its document's policy says so too), away from the page, its cookies and its forms.
      `<iframe class="sb-sr" sandbox="allow-scripts" src="${attr(site.customCodeSrc)}" title="Site code" aria-hidden="true" tabindex="-1"></iframe>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head>${head.filter(Boolean).join('')}</head>`,
    '<body>',
    '<a class="sb-skip" href="#main">Skip to content</a>',
    `<header class="sb-header">${siteName}${nav}</header>`,
    `<main id="main" class="sb-main">${body}</main>`,
    site.footerText?.trim() ? `<footer class="sb-site-footer"><p>${escapeHtml(site.footerText)}</p></footer>` : '',
    customCode,
    '</body></html>',
  ].join('');
}

/**
 * A site's custom code as the document its frame loads: the code as the admin wrote it, in the head
 * (what it puts in a body, the parser moves there). Served with CUSTOM_CODE_POLICY (served-pages.ts).
 */
export const renderCodeDocument = (code: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Site code</title>${code}</head><body></body></html>`;
