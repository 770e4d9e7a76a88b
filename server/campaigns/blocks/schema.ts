import { z } from 'zod';
import { ZEmailBlocks } from './format';

/**
 * The campaign e-mail blocks' shared module (the client's editor imports it): the block format
 * (format.ts), the merge fields (merge.ts), the spam check (spam-check.ts) and the preview's input.
 */
export * from './format';
export { MERGE_FIELDS, mergeValuesOf, withContactNames, type MergeContact, type MergeField } from './merge';
export { spamCheck, type SpamFinding, type SpamFindingCode } from './spam-check';

// ——— The editor's preview (campaignBlocks.preview) ———

export const ZPreviewBlocksInput = z.strictObject({
  blocks: ZEmailBlocks,
  subject: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  /** The contact whose values fill the merge fields; none: every placeholder shows its fallback. */
  contactId: z.uuid({ error: 'must be a contact id' }).optional(),
});
