import type { TColumnBlock, TEmailBlock } from './format';

/**
 * The spam-check list the editor shows before sending (issue #18): what makes mailbox providers
 * file a campaign as spam, or the law object to it. Pure, over the blocks or over raw HTML and text
 * (a campaign written as `html` through the API).
 */

export type SpamFindingCode = 'missing_plain_text' | 'missing_unsubscribe' | 'all_image_body' | 'link_shortener';
export type SpamFinding = { code: SpamFindingCode; severity: 'error' | 'warning'; message: string };

/** Public link shorteners: filters distrust them since they hide where a link goes. */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  't.ly',
  's.id',
  'v.gd',
  'lnkd.in',
  'shorte.st',
  'adf.ly',
]);
/** Fewer words of text than this beside images reads as an image-only e-mail. */
const MIN_TEXT_WORDS = 15;

type Body = { text: string; links: string[]; images: number; unsubscribe: boolean };

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

function leafBody(block: TColumnBlock): Body {
  switch (block.type) {
    case 'heading':
    case 'text':
      return { text: block.text, links: [], images: 0, unsubscribe: false };
    case 'button':
      return { text: block.label, links: [block.href], images: 0, unsubscribe: false };
    case 'image':
      return { text: '', links: block.href ? [block.href] : [], images: 1, unsubscribe: false };
    case 'divider':
      return { text: '', links: [], images: 0, unsubscribe: false };
  }
}

function blockBody(block: TEmailBlock): Body[] {
  switch (block.type) {
    case 'columns':
      return block.columns.flat().map(leafBody);
    case 'social':
      return [{ text: '', links: block.links.map((l) => l.url), images: block.links.length, unsubscribe: false }];
    case 'footer':
      // The footer's words are small print, not the body: they do not offset an image-only e-mail.
      return [{ text: '', links: [], images: 0, unsubscribe: true }];
    default:
      return [leafBody(block)];
  }
}

const decodeEntities = (text: string) => text.replace(/&nbsp;/g, ' ').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

function htmlBody(html: string): Body {
  const links = [...html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi)];
  const visible = html.replace(/<(head|style|script)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return {
    text: decodeEntities(visible),
    links: links.map((m) => decodeEntities(m[1]!)),
    images: [...html.matchAll(/<img\b/gi)].length,
    unsubscribe: links.some((m) => /unsubscribe|\{\{\s*unsubscribeUrl/i.test(`${m[1]} ${m[2]}`)),
  };
}

function hostOf(href: string): string | null {
  try {
    return new URL(href).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The findings, most serious first; an empty list means nothing to fix. */
export function spamCheck(input: { blocks: readonly TEmailBlock[] } | { html: string; text?: string | null }): SpamFinding[] {
  const parts = 'blocks' in input ? input.blocks.flatMap(blockBody) : [htmlBody(input.html)];
  const bodyWords = words(parts.map((p) => p.text).join(' '));
  const images = parts.reduce((sum, p) => sum + p.images, 0);
  const links = parts.flatMap((p) => p.links);
  const findings: SpamFinding[] = [];
  if (!parts.some((p) => p.unsubscribe)) {
    findings.push({ code: 'missing_unsubscribe', severity: 'error', message: 'No unsubscribe link: add a footer block (the law requires one in marketing e-mail).' });
  }
  // Blocks always render a plain-text part; raw HTML needs one given, with words in it.
  const plainText = 'blocks' in input ? bodyWords > 0 : words(input.text ?? '') > 0;
  if (!plainText) findings.push({ code: 'missing_plain_text', severity: 'error', message: 'No plain-text version: write some text; filters distrust HTML-only e-mail.' });
  if (images > 0 && bodyWords < MIN_TEXT_WORDS) {
    findings.push({
      code: 'all_image_body',
      severity: 'warning',
      message: `Mostly images (${bodyWords} word${bodyWords === 1 ? '' : 's'} of text): add at least ${MIN_TEXT_WORDS} words, since images are often blocked and image-only mail looks like spam.`,
    });
  }
  const shortened = [...new Set(links.map(hostOf).filter((host): host is string => host !== null && SHORTENERS.has(host)))];
  if (shortened.length > 0) {
    findings.push({ code: 'link_shortener', severity: 'warning', message: `Link shortener used (${shortened.join(', ')}): link to the full address instead; filters distrust hidden destinations.` });
  }
  return findings;
}
