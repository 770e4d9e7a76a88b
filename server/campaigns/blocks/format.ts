import { z } from 'zod';

/**
 * The e-mail block format (issue #18): what the campaign editor saves and `POST /api/v1/campaigns`
 * accepts as `blocks`. Pure (zod and plain functions), so the client's editor validates and checks
 * with the same rules; the renderer (render.tsx) turns a list into e-mail-safe HTML and plain text.
 *
 * ```json
 * [{ "id": "b1", "type": "heading", "text": "Hello {{contact.firstName | there}}", "level": 1, "align": "left" },
 *  { "id": "b2", "type": "text", "text": "Our spring offer…", "align": "left" },
 *  { "id": "b3", "type": "button", "label": "Book now", "href": "https://example.com/book", "align": "center" },
 *  { "id": "b4", "type": "footer", "postalAddress": "1 Main St, Springfield", "unsubscribeLabel": "Unsubscribe" }]
 * ```
 * Texts and links take merge fields (`{{contact.firstName | fallback}}`, MERGE_FIELDS, or the e-mail
 * channel's bare `{{firstName}}`); a link's
 * merged values are URL-encoded. Errors name the block and field, e.g. `blocks.2.href: must be…`.
 */

export const EMAIL_BLOCK_TYPES = ['heading', 'text', 'image', 'button', 'divider', 'columns', 'social', 'footer'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];
export const MAX_EMAIL_BLOCKS = 100;
export const MAX_COLUMNS = 3;
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'website'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const id = z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'must be at most 40 characters');
const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const align = z.enum(['left', 'center', 'right'], { error: 'must be left, center or right' }).default('left');
/** A link the reader follows: web or mailto, merge fields allowed (checked before merging, so `https://…{{x}}` passes). */
const LINK = /^(https?:\/\/[^\s/]+|mailto:)\S*$/i;
const link = z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters').regex(LINK, 'must be an https://, http:// or mailto: link');
/** An image the reader's mail client fetches: https only (mail clients block or warn on http). */
const imageUrl = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2000, 'must be at most 2000 characters')
  .regex(/^https:\/\/[^\s/]+\S*$/i, 'must be an https:// image address');

export const ZHeadingBlock = z.strictObject({
  id,
  type: z.literal('heading'),
  text: text(200),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' }).default(1),
  align,
});
export const ZTextBlock = z.strictObject({ id, type: z.literal('text'), text: text(5000), align });
export const ZImageBlock = z.strictObject({
  id,
  type: z.literal('image'),
  src: imageUrl,
  alt: text(200),
  href: link.optional(),
  width: z.number({ error: 'must be a number' }).int('must be a whole number').min(40, 'must be at least 40').max(600, 'must be at most 600').default(600),
});
export const ZButtonBlock = z.strictObject({ id, type: z.literal('button'), label: text(80), href: link, align: align.default('center') });
export const ZDividerBlock = z.strictObject({ id, type: z.literal('divider') });
export const ZSocialBlock = z.strictObject({
  id,
  type: z.literal('social'),
  links: z
    .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS, { error: `must be one of ${SOCIAL_NETWORKS.join(', ')}` }), url: link }), { error: 'must be a list of links' })
    .min(1, 'must contain at least one link')
    .max(SOCIAL_NETWORKS.length, `must contain at most ${SOCIAL_NETWORKS.length} links`),
  align: align.default('center'),
});
export const ZFooterBlock = z.strictObject({
  id,
  type: z.literal('footer'),
  /** Anti-spam laws (CAN-SPAM, CASL) ask for the sender's postal address in marketing mail. */
  postalAddress: text(300),
  unsubscribeLabel: text(80).default('Unsubscribe'),
});

/** What a column holds: the simple blocks (no columns inside columns, one footer per e-mail at the bottom level). */
export const ZColumnBlock = z.discriminatedUnion('type', [ZHeadingBlock, ZTextBlock, ZImageBlock, ZButtonBlock, ZDividerBlock], {
  error: 'must be a heading, text, image, button or divider block',
});
export const ZColumnsBlock = z.strictObject({
  id,
  type: z.literal('columns'),
  columns: z
    .array(z.array(ZColumnBlock, { error: 'must be a list of blocks' }).max(20, 'must contain at most 20 blocks'), { error: 'must be a list of columns' })
    .min(2, 'must contain at least 2 columns')
    .max(MAX_COLUMNS, `must contain at most ${MAX_COLUMNS} columns`),
});

export const ZEmailBlock = z.discriminatedUnion('type', [ZHeadingBlock, ZTextBlock, ZImageBlock, ZButtonBlock, ZDividerBlock, ZColumnsBlock, ZSocialBlock, ZFooterBlock], {
  error: `must be a block of type ${EMAIL_BLOCK_TYPES.join(', ')}`,
});
export const ZEmailBlocks = z
  .array(ZEmailBlock, { error: 'must be a list of blocks' })
  .min(1, 'must contain at least one block')
  .max(MAX_EMAIL_BLOCKS, `must contain at most ${MAX_EMAIL_BLOCKS} blocks`)
  .superRefine((blocks, issue) => {
    const seen = new Set<string>();
    const ids = blocks.flatMap((b) => [b.id, ...(b.type === 'columns' ? b.columns.flat().map((c) => c.id) : [])]);
    for (const blockId of ids) {
      if (seen.has(blockId)) issue.addIssue({ code: 'custom', message: `has the block id "${blockId}" twice`, path: [] });
      seen.add(blockId);
    }
    if (blocks.filter((b) => b.type === 'footer').length > 1) issue.addIssue({ code: 'custom', message: 'must contain at most one footer block', path: [] });
  });

export type THeadingBlock = z.output<typeof ZHeadingBlock>;
export type TTextBlock = z.output<typeof ZTextBlock>;
export type TImageBlock = z.output<typeof ZImageBlock>;
export type TButtonBlock = z.output<typeof ZButtonBlock>;
export type TSocialBlock = z.output<typeof ZSocialBlock>;
export type TFooterBlock = z.output<typeof ZFooterBlock>;
export type TColumnBlock = z.output<typeof ZColumnBlock>;
export type TEmailBlock = z.output<typeof ZEmailBlock>;
export type TEmailBlocks = z.output<typeof ZEmailBlocks>;
