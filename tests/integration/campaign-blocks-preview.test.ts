import { describe, expect, it } from 'vitest';
import type { TEmailBlocks } from '../../server/campaigns/blocks/schema';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

const BLOCKS: TEmailBlocks = [
  { id: 'h', type: 'heading', text: 'Hello {{contact.firstName | there}} from {{organization.name}}', level: 1, align: 'left' },
  { id: 'b', type: 'button', label: 'Book', href: 'https://bit.ly/x?e={{email}}', align: 'center' },
];

describe('campaignBlocks.preview: the editor’s preview as a contact', { timeout: 120_000 }, () => {
  it('merges the chosen contact’s values (both spellings) into the HTML, text and subject, with the spam check', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'preview');
    const api = caller(browser(owner.cookie));
    const ada = await api.contacts.create({ firstName: 'Ada', email: 'ada+x@example.test' });
    const preview = await api.campaignBlocks.preview({ blocks: BLOCKS, subject: 'For {{firstName|you}}', contactId: ada.id });
    const organization = await deps.database.db.selectFrom('organizations').select('name').where('id', '=', owner.organizationId).executeTakeFirstOrThrow();
    expect(preview.subject).toBe('For Ada');
    expect(preview.html).toContain(`Hello Ada from ${organization.name}`);
    expect(preview.text).toContain('Book: https://bit.ly/x?e=ada%2Bx%40example.test');
    expect(preview.findings.map((f) => f.code)).toEqual(['missing_unsubscribe', 'link_shortener']);
    const anonymous = await api.campaignBlocks.preview({ blocks: BLOCKS });
    expect(anonymous.html).toContain('Hello there from');
  });

  it('names the bad field, and answers NOT_FOUND for a contact it does not know (another organization’s: tests/security/probes/campaign-blocks.ts)', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'preview-refusals');
    const api = caller(browser(owner.cookie));
    await expect(api.campaignBlocks.preview({ blocks: [{ id: 'i', type: 'image', src: 'http://x/a.png', alt: 'A' }] as never })).rejects.toThrow('blocks.0.src: must be an https:// image address');
    await expect(api.campaignBlocks.preview({ blocks: BLOCKS, contactId: crypto.randomUUID() })).rejects.toThrow('contactId: is not a known contact');
  });
});
