import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcCall, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { cleaningVisitCalendar } from './helpers/calendars';
import { watchViolations } from './helpers/csp';

/**
 * Sites on a custom domain (issue #20): Chromium reaches any *.example.test name at this machine,
 * and the domain check connects to the server itself with the domain as Host (its sandbox setting),
 * so a domain verifies as one pointed at the server would.
 */
const e2e = useE2E({
  env: (port) => ({ SITES_DOMAIN_CHECK_URL: `http://127.0.0.1:${port}` }),
  browserArgs: ['--host-resolver-rules=MAP *.example.test 127.0.0.1'],
});

/** A tRPC call that must succeed; its answer's data. */
const call = <T = { id: string }>(page: Page, path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);

type Site = { id: string; handle: string; pages: { id: string; path: string }[] };

async function siteWithPages(page: Page, name: string): Promise<Site> {
  const { id } = await call(page, 'sites.create', { name });
  const response = await trpcQuery(page, 'sites.get', { siteId: id });
  return ((await response.json()) as { result: { data: Site } }).result.data;
}

/** The address of a path on a custom domain, at the server's port (where Chromium's rule sends the name). */
const onDomain = (domain: string, path: string) => `http://${domain}:${new URL(e2e.url).port}${path}`;

/** Adds the domain in the site's Domains tab and verifies it there. */
async function verifyInDomainsTab(page: Page, siteId: string, domain: string): Promise<void> {
  await page.goto(`/websites/${siteId}`);
  await page.getByRole('tab', { name: 'Domains' }).click();
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const item = page.getByRole('listitem', { name: domain });
  await item.getByText('Not verified').waitFor();
  await item.getByRole('button', { name: 'Verify' }).click();
  await item.getByText('Verified', { exact: true }).waitFor();
}

describe('Websites: a published page on the site’s custom domain, by Host header (issue #20)', () => {
  it('verifies a domain in the Domains tab; a visitor reaching that name sees the published page, its canonical link naming the domain', async () => {
    const { page } = await openSignedIn(e2e);
    const site = await siteWithPages(page, 'Shop Dental');
    for (const p of site.pages) await call(page, 'sites.publish', { pageId: p.id });
    await verifyInDomainsTab(page, site.id, 'shop.example.test');

    const visitor = await e2e.open();
    const violations = await watchViolations(visitor);
    const response = await visitor.goto(onDomain('shop.example.test', '/'));
    expect(response?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: 'Expert help, without the wait' }).waitFor();
    expect(await visitor.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://shop.example.test/');
    // Another page of the site, by its path on the domain (no /s/<handle> prefix).
    expect((await visitor.goto(onDomain('shop.example.test', '/thank-you')))?.status()).toBe(200);
    expect(new URL(visitor.url()).host).toBe(`shop.example.test:${new URL(e2e.url).port}`);
    expect(violations).toEqual([]);
  });
});

describe('Websites: the Booking calendar block (issue #20)', () => {
  it('shows the calendar in its frame, sized to it, on the site’s path and on its domain, and books a slot from inside the frame', async () => {
    const { page } = await openSignedIn(e2e, { timezoneId: 'UTC' });
    await cleaningVisitCalendar(page, e2e, { start: '09:00', end: '12:00' });
    const site = await siteWithPages(page, 'Harbour Dental');
    // The Booking page template: its Booking calendar block shows the organization's first calendar.
    const booking = await call(page, 'sites.createPage', { siteId: site.id, path: '/book', title: 'Book your appointment', templateId: 'booking' });
    await call(page, 'sites.publish', { pageId: booking.id });
    await verifyInDomainsTab(page, site.id, 'book.example.test');

    for (const address of [`${e2e.url}/s/${site.handle}/book`, onDomain('book.example.test', '/book')]) {
      const visitor = await e2e.open({ timezoneId: 'UTC' });
      const violations = await watchViolations(visitor);
      await visitor.goto(address);
      await visitor.getByRole('heading', { level: 1, name: 'Book your appointment' }).waitFor();
      const frame = visitor.locator('iframe[data-sb-booking]');
      const inside = visitor.frameLocator('iframe[data-sb-booking]');
      // The booking page without the product's chrome: the calendar's name, its free times, no brand link or chat button.
      await inside.getByRole('heading', { level: 1, name: 'Cleaning visit' }).waitFor();
      await inside
        .getByRole('button', { name: /^\d\d:\d\d$/ })
        .first()
        .waitFor();
      expect(await inside.getByRole('link', { name: 'Switchboard home' }).count()).toBe(0);
      expect(await inside.getByRole('button', { name: /chat/i }).count()).toBe(0);

      // The frame takes the height the page posts: two weeks of times are taller than its 640 px default.
      const frameHeight = () => frame.evaluate((f) => f.clientHeight);
      const contentHeight = () => inside.locator('main').evaluate((m) => Math.ceil(m.getBoundingClientRect().height));
      await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight())), { timeout: 10_000 }).toBeLessThanOrEqual(1);
      const withTimes = await frameHeight();
      expect(withTimes).toBeGreaterThan(640);

      // Picking a time shows the shorter form, and the frame follows it.
      await inside
        .getByRole('button', { name: /^\d\d:\d\d$/ })
        .first()
        .click();
      await inside.getByLabel('Your name').waitFor();
      await expect.poll(frameHeight, { timeout: 10_000 }).toBeLessThan(withTimes);
      await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight())), { timeout: 10_000 }).toBeLessThanOrEqual(1);

      if (address.startsWith(e2e.url)) {
        await inside.getByRole('button', { name: 'Change' }).click();
      } else {
        // Booked from inside the frame on the custom domain (another site than the booking page's).
        await inside.getByLabel('Your name').fill('Ada Visitor');
        await inside.getByLabel('E-mail').fill(`ada.${Date.now()}@example.test`);
        await inside.getByRole('button', { name: 'Book', exact: true }).click();
        await inside.getByRole('status').getByText('A confirmation with a calendar invitation is on its way').waitFor();
      }
      expect(violations, address).toEqual([]);
      await visitor.context().close();
    }

    // The booking landed in the organization's CRM: its visitor is a contact.
    await page.goto('/contacts');
    await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: 'Ada Visitor' }).waitFor();
  });
});
