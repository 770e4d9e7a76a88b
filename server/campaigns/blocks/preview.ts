import type { z } from 'zod';
import { scoped } from '../../db/scoped';
import { unknownRecord } from '../../errors';
import type { OrgContext } from '../../kernel/context';
import { ownerOnlyFilter } from '../../organizations/members';
import { renderTemplate } from '../../templates/variables';
import { mergeValuesOf } from './merge';
import { renderEmailBlocks } from './render';
import { spamCheck, type ZPreviewBlocksInput } from './schema';

/**
 * The editor's preview: the blocks rendered as the chosen contact would get them (a contact the
 * caller may see), the merged subject, the plain-text part and the spam check. The unsubscribe link
 * points at the public unsubscribe page with no valid token: a preview unsubscribes nobody.
 */
export async function previewBlocks(ctx: OrgContext, input: z.output<typeof ZPreviewBlocksInput>) {
  const organization = await ctx.db.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
  let values: Record<string, string> = { 'organization.name': organization.name };
  if (input.contactId) {
    const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
    let query = scoped(ctx.db, ctx.organizationId)
      .selectFrom('contacts')
      .select(['first_name', 'last_name', 'email', 'phone', 'company_name', 'job_title', 'custom_fields'])
      .where('id', '=', input.contactId);
    if (ownerOnly) query = query.where('owner_id', '=', ownerOnly);
    const contact = await query.executeTakeFirst();
    if (!contact) throw unknownRecord('contactId', 'is not a known contact');
    values = mergeValuesOf(
      {
        firstName: contact.first_name,
        lastName: contact.last_name,
        email: contact.email,
        phone: contact.phone,
        companyName: contact.company_name,
        jobTitle: contact.job_title,
        customFields: contact.custom_fields,
      },
      organization,
    );
  }
  const { html, text } = await renderEmailBlocks(input.blocks, { values, unsubscribeUrl: `${ctx.deps.config.publicUrl}/unsubscribe/preview` });
  return { subject: renderTemplate(input.subject, values).text, html, text, findings: spamCheck({ blocks: input.blocks }) };
}
