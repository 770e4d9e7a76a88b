import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

type AnalyticsBatch = { events: { name: string; params: Record<string, unknown> }[] };

/**
 * The analytics batches the page sends (spec §7 conversion events), answered here: this test is
 * about the forms, not where analytics are stored.
 */
async function captureAnalytics(page: Page): Promise<AnalyticsBatch['events']> {
  const events: AnalyticsBatch['events'] = [];
  await page.route('**/api/analytics/events', async (route) => {
    events.push(...(route.request().postDataJSON() as AnalyticsBatch).events);
    await route.fulfill({ status: 204 });
  });
  return events;
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

describe('lead capture in the browser', () => {
  it('takes the hero and demo forms to contacts with their tags, shown in /contacts and the Forms view', async () => {
    // The first organization created receives the public site's leads.
    const { page: owner } = await openSignedIn(e2e);
    const stamp = Date.now().toString(36);
    const heroEmail = `hero-${stamp}@prospect.example`;
    const demoEmail = `demo-${stamp}@prospect.example`;

    const visitor = await e2e.open();
    const events = await captureAnalytics(visitor);
    await visitor.goto('/?utm_source=e2e&utm_campaign=launch');
    const trial = visitor.getByRole('complementary', { name: 'Talk to someone who has set up a hundred CRMs' });
    await trial.getByRole('textbox', { name: 'Email' }).fill(heroEmail);
    await trial.getByRole('button', { name: 'Get my setup plan' }).click();
    await trial.getByRole('status').getByText('Thank you for your interest. We’ll be in touch within 2 business hours.').waitFor();
    await toastOn(visitor).getByText('Success!').waitFor();
    expect(await trial.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    await expect.poll(() => events.find((e) => e.name === 'lead_generated'), { timeout: 15_000 }).toMatchObject({ params: { source: 'hero-trial', variant: 'hero', value: 300, currency: 'USD' } });

    await visitor.goto('/book-demo');
    await visitor.getByRole('heading', { level: 1, name: 'Book a Demo' }).waitFor();
    await expect.poll(() => visitor.title()).toBe('Book a Demo · Switchboard');
    await visitor.getByRole('textbox', { name: 'Business email' }).fill(demoEmail);
    await visitor.getByRole('button', { name: 'Request a Demo' }).click();
    await visitor.getByRole('heading', { name: 'Demo Request Received' }).waitFor();
    await toastOn(visitor).getByText('Demo request sent. Our enterprise team will contact you within 24 hours.').waitFor();
    expect(await visitor.getByRole('textbox', { name: 'Business email' }).count()).toBe(0);
    await expect.poll(() => events.find((e) => e.name === 'demo_requested'), { timeout: 15_000 }).toMatchObject({ params: { source: 'book-demo', value: 500, currency: 'USD' } });

    await owner.goto('/contacts');
    const contacts = table(owner, 'Contacts');
    const heroRow = contacts.getByRole('row', { name: new RegExp(heroEmail) });
    await heroRow.waitFor();
    expect(await heroRow.getByText('hero', { exact: true }).isVisible()).toBe(true);
    expect(await heroRow.getByText('trial', { exact: true }).isVisible()).toBe(true);
    const demoRow = contacts.getByRole('row', { name: new RegExp(demoEmail) });
    expect(await demoRow.getByText('enterprise-demo', { exact: true }).isVisible()).toBe(true);

    await owner.getByRole('link', { name: 'Forms' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    const forms = table(owner, 'Forms');
    await forms.getByRole('row', { name: /hero-trial/ }).waitFor();
    expect(
      await forms
        .getByRole('row', { name: /book-demo/ })
        .getByRole('cell', { name: '1', exact: true })
        .count(),
    ).toBeGreaterThan(0);
    await forms.getByRole('link', { name: 'hero-trial' }).click();
    await table(owner, 'Submissions of hero-trial').getByRole('link', { name: heroEmail }).click();
    await owner.getByRole('heading', { level: 1, name: heroEmail }).waitFor();
    expect(new URL(owner.url()).pathname).toMatch(/^\/contacts\/[0-9a-f-]{36}$/);

    // Settings → Integrations: this organization receives the leads; Kit is not configured, nothing was forwarded.
    await owner.goto('/settings/integrations');
    await owner
      .getByRole('region', { name: 'Public site leads' })
      .getByText(/receives them \(the first organization created on this server\)/)
      .waitFor();
    expect(await owner.getByRole('region', { name: 'Kit (ConvertKit)' }).getByText('Not configured').isVisible()).toBe(true);
    expect(await owner.getByRole('region', { name: 'Deliveries' }).getByText('Nothing has been forwarded yet.').isVisible()).toBe(true);
  });
});
