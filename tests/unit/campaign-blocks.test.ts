import { describe, expect, it } from 'vitest';
import { compileEmailBlocks, compileStoredBlocks, renderEmailBlocks, renderStoredBlocks } from '../../server/campaigns/blocks/render';
import { mergeValuesOf, spamCheck, withContactNames, ZEmailBlocks, type TEmailBlocks } from '../../server/campaigns/blocks/schema';
import { renderTemplate, templateVariables } from '../../server/templates/variables';

const UNSUBSCRIBE = 'https://app.example.com/api/email/unsubscribe/tok123';

const blocks = (input: unknown): TEmailBlocks => ZEmailBlocks.parse(input);

const newsletter = blocks([
  { id: 'h', type: 'heading', text: 'Hello {{contact.firstName | there}}' },
  { id: 't', type: 'text', text: 'Spring is here, {{contact.firstName|friend}}. Our clinic opens on Saturdays from April, with longer evening hours for everyone who works late.' },
  { id: 'i', type: 'image', src: 'https://cdn.example.com/spring.png', alt: 'Spring flowers', href: 'https://example.com/spring' },
  { id: 'b', type: 'button', label: 'Book now', href: 'https://example.com/book?email={{contact.email}}' },
  { id: 'd', type: 'divider' },
  {
    id: 'c',
    type: 'columns',
    columns: [[{ id: 'c1', type: 'text', text: 'Left <b>column</b>' }], [{ id: 'c2', type: 'button', label: 'Right', href: 'mailto:hi@example.com' }]],
  },
  { id: 's', type: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/clinic' }] },
  { id: 'f', type: 'footer', postalAddress: '1 Main St\nSpringfield' },
]);

describe('merge fields', () => {
  it('accepts dotted names with fallbacks in the shared engine, and leaves Object.prototype names alone', () => {
    expect(templateVariables('Hi {{ contact.firstName | there }} from {{organization.name}}')).toEqual(['contact.firstName', 'organization.name']);
    expect(renderTemplate('Hi {{contact.firstName | there}}!', {})).toEqual({ text: 'Hi there!', missing: [] });
    expect(renderTemplate('{{constructor}}{{toString|x}}', {})).toEqual({ text: 'x', missing: ['constructor'] });
    expect(renderTemplate('{{contact..x}} {{.a}}', {})).toEqual({ text: '{{contact..x}} {{.a}}', missing: [] });
  });

  it('takes a contact’s values under both spellings, leaving blank ones to the fallback, with custom fields by key', () => {
    const values = mergeValuesOf(
      { firstName: 'Ada', lastName: ' ', email: 'ada@example.com', phone: null, companyName: 'Analytical', jobTitle: null, customFields: { plan: 'gold', visits: 3, empty: null } },
      { name: 'Clinic' },
    );
    expect(values).toMatchObject({
      firstName: 'Ada',
      'contact.firstName': 'Ada',
      'contact.fullName': 'Ada',
      'contact.company': 'Analytical',
      plan: 'gold',
      'contact.visits': '3',
      'organization.name': 'Clinic',
    });
    expect(Object.keys(values)).not.toContain('contact.lastName');
    expect(Object.keys(values)).not.toContain('empty');
    expect(renderTemplate('{{contact.lastName|Customer}} {{contact.plan}} {{firstName}}', values).text).toBe('Customer gold Ada');
    expect(withContactNames({ firstName: 'Bo', 'organization.name': 'X' })).toEqual({ firstName: 'Bo', 'contact.firstName': 'Bo', 'organization.name': 'X' });
  });
});

describe('the block format', () => {
  it('names the block and field of a bad value', () => {
    const result = ZEmailBlocks.safeParse([
      { id: 'a', type: 'button', label: 'Go', href: 'javascript:alert(1)' },
      { id: 'b', type: 'image', src: 'http://insecure.example.com/x.png', alt: '' },
      { id: 'c', type: 'video' },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toContain('0.href: must be an https://, http:// or mailto: link');
    expect(issues).toContain('1.src: must be an https:// image address');
    expect(issues).toContain('1.alt: is required');
    expect(issues).toContain('2.type: must be a block of type heading, text, image, button, divider, columns, social, footer');
  });

  it('refuses repeated ids, two footers, one column, nested columns and an empty list', () => {
    const message = (input: unknown) => ZEmailBlocks.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(message([])).toEqual([': must contain at least one block']);
    expect(
      message([
        { id: 'x', type: 'divider' },
        { id: 'x', type: 'divider' },
      ]),
    ).toEqual([': has the block id "x" twice']);
    expect(
      message([
        { id: 'f1', type: 'footer', postalAddress: 'A' },
        { id: 'f2', type: 'footer', postalAddress: 'B' },
      ]),
    ).toEqual([': must contain at most one footer block']);
    expect(message([{ id: 'c', type: 'columns', columns: [[]] }])).toEqual(['0.columns: must contain at least 2 columns']);
    expect(message([{ id: 'c', type: 'columns', columns: [[{ id: 'n', type: 'columns', columns: [] }], []] }])).toEqual([
      '0.columns.0.0.type: must be a heading, text, image, button or divider block',
    ]);
  });
});

describe('renderEmailBlocks', () => {
  it('renders e-mail-safe HTML and a plain-text part with the recipient’s values, escaped', async () => {
    const values = mergeValuesOf({ firstName: '<Ada>', lastName: null, email: 'ada+1@example.com', phone: null, companyName: null, jobTitle: null }, { name: 'Clinic' });
    const { html, text } = await renderEmailBlocks(newsletter, { values, unsubscribeUrl: UNSUBSCRIBE });
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('Hello &lt;Ada&gt;');
    expect(html).not.toContain('<Ada>');
    expect(html).toContain('Left &lt;b&gt;column&lt;/b&gt;');
    // A merged value inside a link is URL-encoded.
    expect(html).toContain('href="https://example.com/book?email=ada%2B1%40example.com"');
    expect(html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('src="https://cdn.example.com/spring.png"');
    expect(text).toContain('Hello <Ada>');
    expect(text).toContain('[Spring flowers] https://example.com/spring');
    expect(text).toContain('Book now: https://example.com/book?email=ada%2B1%40example.com');
    expect(text).toContain('Instagram: https://instagram.com/clinic');
    expect(text).toContain(`1 Main St\nSpringfield\nUnsubscribe: ${UNSUBSCRIBE}`);
  });

  it('falls back where a contact has no value', async () => {
    const { html, text } = await renderEmailBlocks(newsletter, { values: {}, unsubscribeUrl: UNSUBSCRIBE });
    expect(html).toContain('Hello there');
    expect(text).toContain('Spring is here, friend.');
    expect(text).toContain('Book now: https://example.com/book?email=\n');
  });
});

describe('compileEmailBlocks (rendered once, merged per recipient)', () => {
  const contact = (firstName: string | null, email: string | null, customFields: Record<string, string> = {}) =>
    mergeValuesOf({ firstName, lastName: 'Lovelace', email, phone: null, companyName: `Q&A "Ltd" 'x'`, jobTitle: null, customFields }, { name: 'Clinic' });
  const recipients = [
    contact('Ada', 'ada@example.com'),
    contact(`<script>alert('x')</script> & "friends"`, 'ada+1@example.com'),
    contact(null, null),
    contact('É'.repeat(160), 'long@example.com'),
    contact('  ', 'blank@example.com'),
  ];
  const withEverything = blocks([
    ...newsletter,
    { id: 'h2', type: 'heading', text: '{{contact.company}} · {{plan|no plan}}', level: 2 },
    { id: 'i2', type: 'image', src: 'https://cdn.example.com/{{plan|basic}}.png', alt: '{{contact.firstName|A}} pic', href: 'https://example.com/p?n={{contact.fullName}}' },
    { id: 's2', type: 'social', links: [{ network: 'website', url: 'https://example.com/{{plan}}' }] },
  ]);

  it('makes the same bytes as rendering each recipient, whatever the values (escaping, fallbacks, the preview line’s length)', async () => {
    for (const body of [newsletter, withEverything]) {
      const compiled = await compileEmailBlocks(body, { unsubscribeUrl: UNSUBSCRIBE });
      for (const values of [...recipients, { ...recipients[0]!, plan: 'gold & <silver>' }]) {
        expect(compiled(values)).toEqual(await renderEmailBlocks(body, { values, unsubscribeUrl: UNSUBSCRIBE }));
      }
    }
  });

  it('keeps a preview line given or without merge fields, and merges stored blocks under both spellings', async () => {
    const fixed = blocks([
      { id: 't', type: 'text', text: 'No fields here' },
      { id: 'h', type: 'heading', text: 'Hi {{firstName|you}}' },
    ]);
    const given = await compileEmailBlocks(newsletter, { unsubscribeUrl: UNSUBSCRIBE, preview: 'Spring {{x}}' });
    expect(given(recipients[0]!)).toEqual(await renderEmailBlocks(newsletter, { values: recipients[0]!, unsubscribeUrl: UNSUBSCRIBE, preview: 'Spring {{x}}' }));
    const stored = await compileStoredBlocks(fixed, { unsubscribeUrl: UNSUBSCRIBE });
    expect(stored({ firstName: 'Bo' })).toEqual(await renderStoredBlocks(fixed, { values: { firstName: 'Bo' }, unsubscribeUrl: UNSUBSCRIBE }));
    expect(stored({ firstName: 'Bo' }).text).toBe('No fields here\n\nHi Bo\n');
  });
});

describe('renderStoredBlocks', () => {
  it('checks stored blocks again, naming the field under email.content.blocks, and merges the bare names too', async () => {
    await expect(renderStoredBlocks([{ id: 'b', type: 'button', label: 'Go', href: 'ftp://x' }], { values: {}, unsubscribeUrl: UNSUBSCRIBE })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'email.content.blocks.0.href: must be an https://, http:// or mailto: link',
    });
    const { text } = await renderStoredBlocks([{ id: 't', type: 'text', text: 'Hi {{contact.firstName|there}}' }], { values: { firstName: 'Bo' }, unsubscribeUrl: UNSUBSCRIBE });
    expect(text).toBe('Hi Bo\n');
  });
});

describe('spamCheck', () => {
  it('finds nothing in a complete e-mail', () => {
    expect(spamCheck({ blocks: newsletter })).toEqual([]);
  });

  it('flags a missing unsubscribe link, an image-only body and link shorteners', () => {
    const findings = spamCheck({
      blocks: blocks([
        { id: 'i', type: 'image', src: 'https://cdn.example.com/a.png', alt: 'Sale', href: 'https://bit.ly/abc' },
        { id: 'b', type: 'button', label: 'Shop', href: 'https://www.tinyurl.com/x' },
      ]),
    });
    expect(findings.map((f) => f.code)).toEqual(['missing_unsubscribe', 'all_image_body', 'link_shortener']);
    expect(findings[2]!.message).toContain('bit.ly, tinyurl.com');
  });

  it('flags a body with no words at all as missing its plain text', () => {
    expect(
      spamCheck({
        blocks: blocks([
          { id: 'd', type: 'divider' },
          { id: 'f', type: 'footer', postalAddress: '1 Main St' },
        ]),
      }).map((f) => f.code),
    ).toEqual(['missing_plain_text']);
  });

  it('checks raw HTML and its text part', () => {
    const html = '<html><head><style>p{}</style></head><body><img src="https://x/a.png"><a href="https://t.co/x">Go</a></body></html>';
    expect(spamCheck({ html }).map((f) => f.code)).toEqual(['missing_unsubscribe', 'missing_plain_text', 'all_image_body', 'link_shortener']);
    const fine = `<p>${'word '.repeat(20)}</p><a href="https://example.com/u/1">Unsubscribe</a>`;
    expect(spamCheck({ html: fine, text: 'word '.repeat(20) })).toEqual([]);
  });
});
