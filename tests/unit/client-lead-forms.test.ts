import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from '../../client/components/lead-forms/demo-request-form';
import { conversionOf, LEAD_FORM_VARIANTS } from '../../client/components/lead-forms/lead-form';
import { leadTags } from '../../client/components/lead-forms/submit';

describe('public lead forms', () => {
  it('count the enterprise and demo variants and the executive-demo magnet as enterprise contacts (1000), every other lead 300', () => {
    expect(LEAD_FORM_VARIANTS).toEqual(['hero', 'enterprise', 'demo', 'sidebar', 'footer', 'popup', 'default']);
    expect(conversionOf('enterprise', undefined)).toEqual({ name: 'enterprise_contact', value: 1000 });
    expect(conversionOf('demo', 'roi-calculator')).toEqual({ name: 'enterprise_contact', value: 1000 });
    expect(conversionOf('sidebar', 'executive-demo')).toEqual({ name: 'enterprise_contact', value: 1000 });
    for (const variant of ['hero', 'sidebar', 'footer', 'popup', 'default'] as const) expect(conversionOf(variant, 'crm-strategy-guide')).toEqual({ name: 'lead_generated', value: 300 });
  });

  it('send the variant, the chosen lead magnet and the given tags, empty ones removed, each once', () => {
    expect(leadTags('enterprise', 'executive-demo', 'case-study', '', '  ', 'enterprise', undefined)).toEqual(['enterprise', 'executive-demo', 'case-study']);
  });

  it('demo request: an e-mail is invalid when empty or without an at sign (the server checks the rest)', () => {
    expect(looksLikeEmail('')).toBe(false);
    expect(looksLikeEmail('   ')).toBe(false);
    expect(looksLikeEmail('ada.example.com')).toBe(false);
    expect(looksLikeEmail('ada@example.com')).toBe(true);
  });
});
