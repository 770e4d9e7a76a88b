import { describe, expect, it } from 'vitest';
import { renderAccountEmail, type AccountEmail } from '../../server/email/account-templates';
import { LANGUAGES } from '../../server/languages/schema';

const EMAILS: AccountEmail[] = [
  { template: 'password_reset', link: 'https://crm.example/reset-password/tok' },
  { template: 'signup_existing', signInLink: 'https://crm.example/login', resetLink: 'https://crm.example/forgot-password?email=a%40b.example' },
  { template: 'verify_email', link: 'https://crm.example/verify-email/tok' },
  { template: 'email_changed', newEmail: 'new@b.example', signInLink: 'https://crm.example/login' },
  { template: 'invite', link: 'https://crm.example/invite/tok', organizationName: 'Acme <Dental>', inviterName: 'Ada', roleLabel: 'Sales Rep' },
];

describe('account e-mail templates', () => {
  it.each(EMAILS.map((e) => [e.template, e] as const))('%s renders in every language: HTML with light and dark schemes, and plain text with its link', async (_name, email) => {
    for (const language of LANGUAGES) {
      const { subject, html, text } = await renderAccountEmail(email, language);
      expect(subject.length).toBeGreaterThan(0);
      expect(html).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
      expect(html).toMatch(new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"`));
      expect(html).toContain('name="color-scheme" content="light dark"');
      expect(html).toContain('@media (prefers-color-scheme: dark)');
      const link = 'link' in email ? email.link : email.signInLink;
      expect(text).toContain(link);
      expect(text).not.toMatch(/<(html|body|a|p|div|table)\b/i);
    }
  });

  it('escapes what users typed (an organization name) in the HTML', async () => {
    const { html } = await renderAccountEmail(EMAILS[4]!, 'en');
    expect(html).toContain('Acme &lt;Dental&gt;');
    expect(html).not.toContain('Acme <Dental>');
  });
});
