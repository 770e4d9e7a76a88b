import { UNSUBSCRIBE_URL_PLACEHOLDER } from '../email/outbox';
import { renderTemplate } from '../templates/variables';
import { renderStoredBlocks } from './blocks/render';
import type { TEmailContent } from './schema';

/** The merge values of one recipient: the e-mail channel's contact values ({{firstName}}, custom fields by key…). */
export type MergeContext = Record<string, string>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text part from HTML when the author gave none: tags dropped, block ends as line breaks, entities of the common five decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Merges a recipient's values into text (a subject, an SMS). */
export const mergeText = (template: string, values: MergeContext) => renderTemplate(template, values).text;

/**
 * The campaign's e-mail body for one recipient: merge fields replaced (escaped in HTML) with their
 * fallbacks; blocks rendered by the block editor's renderer, their footer's unsubscribe link left
 * for queueEmail to fill in (UNSUBSCRIBE_URL_PLACEHOLDER), so the message carries one footer.
 */
export async function renderCampaignBody(content: TEmailContent, mergeContext: MergeContext): Promise<{ html: string; text: string }> {
  if (content.kind === 'blocks') return renderStoredBlocks(content.blocks, { values: mergeContext, unsubscribeUrl: UNSUBSCRIBE_URL_PLACEHOLDER });
  const escaped = Object.fromEntries(Object.entries(mergeContext).map(([key, value]) => [key, escapeHtml(value)]));
  const html = renderTemplate(content.html, escaped).text;
  const text = content.text ? renderTemplate(content.text, mergeContext).text : htmlToText(renderTemplate(content.html, mergeContext).text);
  return { html, text };
}
