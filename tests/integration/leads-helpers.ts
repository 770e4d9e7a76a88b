import { randomInt } from 'node:crypto';
import { checkedTestApp } from '../helpers/openapi';
import { browser, createAccount, uniqueEmail } from '../helpers/factories';

/**
 * An organization that receives the public site's leads (LEADS_ORGANIZATION_ID), its Super Admin's
 * tRPC caller, and a poster for POST /api/convertkit/subscribe from an address of the test's own
 * (the per-IP rate limit is counted in the shared test database).
 */
export async function leadsWorld(env: Record<string, string> = {}) {
  const first = await checkedTestApp();
  const owner = await createAccount(first.deps, 'site-owner');
  const built = await checkedTestApp({ env: { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true', ...env } });
  const ip = randomIp();
  const post = (body: unknown, fromIp = ip) =>
    built.app.request('/api/convertkit/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': fromIp },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { ...built, owner, api: built.caller(browser(owner.cookie)), ip, post };
}

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const leadEmail = (label = 'lead') => uniqueEmail(label);

/** The lead form's payload shape (spec §7), with the attribution fields the forms add. */
export function leadFormPayload(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    industry: 'Technology',
    phone: '+1 415 555 2671',
    formId: 'enterprise-contact',
    tags: ['enterprise', 'executive-demo', '', 'enterprise'],
    leadMagnet: 'executive-demo',
    page: 'https://switchboard.test/features?utm_source=newsletter',
    referrer: 'https://news.example.org/article',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'launch',
    ...overrides,
  };
}

/** The landing and demo forms' short shape (spec §7). */
export function shortPayload(email: string, overrides: Record<string, unknown> = {}) {
  return { email, formId: 'hero-trial', firstName: '', tags: ['enterprise-demo', 'landing'], page: 'https://switchboard.test/', ...overrides };
}
