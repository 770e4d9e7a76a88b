import { UNSUBSCRIBE_URL_PLACEHOLDER } from '../email/outbox';
import { htmlToText } from '../email/plain-text';
import { renderTemplate } from '../templates/variables';
import { compileStoredBlocks } from './blocks/render';
import type { TEmailContent } from './schema';

/** The merge values of one recipient: the e-mail channel's contact values ({{firstName}}, custom fields by key…). */
export type MergeContext = Record<string, string>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Merges a recipient's values into text (a subject, an SMS). */
export const mergeText = (template: string, values: MergeContext) => renderTemplate(template, values).text;

/**
 * The campaign's e-mail body, made once for all its recipients, as a function of one recipient's
 * merge values: merge fields replaced (escaped in HTML) with their fallbacks; blocks rendered once
 * by the block editor's renderer (compileStoredBlocks), their footer's unsubscribe link left for
 * queueEmail to fill in (UNSUBSCRIBE_URL_PLACEHOLDER), so the message carries one footer.
 */
export async function compileCampaignBody(content: TEmailContent, field: ContentField = 'email.content'): Promise<(mergeContext: MergeContext) => { html: string; text: string }> {
  if (content.kind === 'blocks') return compileStoredBlocks(content.blocks, { unsubscribeUrl: UNSUBSCRIBE_URL_PLACEHOLDER }, `${field}.blocks`);
  return (mergeContext) => {
    const escaped = Object.fromEntries(Object.entries(mergeContext).map(([key, value]) => [key, escapeHtml(value)]));
    const html = renderTemplate(content.html, escaped).text;
    const text = content.text ? renderTemplate(content.text, mergeContext).text : htmlToText(renderTemplate(content.html, mergeContext).text);
    return { html, text };
  };
}

/** The campaign's e-mail body for one recipient (a test send, a preview). */
export async function renderCampaignBody(content: TEmailContent, mergeContext: MergeContext, field: ContentField = 'email.content'): Promise<{ html: string; text: string }> {
  return (await compileCampaignBody(content, field))(mergeContext);
}

/** Where a body is in the campaign, for its errors: body A, or the A/B test's body B. */
export type ContentField = 'email.content' | 'abTest.contentB';
