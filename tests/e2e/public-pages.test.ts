import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, SIGNED_OUT_PROBE, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { docTitle } from './helpers/spec';
import { CLAIMS } from '../../client/content/claims';

const e2e = useE2E();

/** The marketing routes of spec public-site §2 built here, with the heading each opens with. */
const PAGES: { path: string; h1: string; title: string }[] = [
  { path: '/basic-landing', h1: 'The simple way to win and keep customers', title: 'CRM and Marketing Automation for Growing Businesses' },
  { path: '/features', h1: 'Everything you need to turn leads into customers', title: 'Features' },
  { path: '/sales-landing', h1: 'Stop losing leads to slow follow-up', title: 'Launch Offer: Answer Every Lead First' },
  { path: '/case-studies', h1: 'Illustrative examples of how teams use Switchboard', title: 'Case Studies' },
  { path: '/dental', h1: 'Fill every chair, keep every patient coming back', title: 'CRM for Dental Practices' },
  { path: '/medspa', h1: 'More consultations booked, more clients returning on schedule', title: 'CRM for Medical Spas' },
  { path: '/agency', h1: 'Run every client from one place', title: 'CRM for Marketing Agencies' },
  { path: '/coaching', h1: 'Spend your time coaching, not chasing', title: 'CRM for Coaches' },
  { path: '/partnerships', h1: 'Give your members a better way to grow, and share in it', title: 'Partner Program' },
  { path: '/help', h1: 'How can we help?', title: 'Help Center' },
  { path: '/tiktok-marketing', h1: 'Short-video marketing scripts', title: 'Short-Video Marketing Scripts' },
  { path: '/video-production', h1: 'Demo recordings', title: 'Demo Recordings' },
  { path: '/demo-dashboard', h1: 'Review automation, live', title: 'Live Demo: Review Automation (being built)' },
  { path: '/tutorials', h1: 'Tutorials', title: 'Tutorials' },
  { path: '/tutorial-system', h1: 'Tutorials', title: 'Tutorials' },
  { path: '/academy', h1: 'Learn Switchboard at your own pace', title: 'Switchboard Academy' },
  { path: '/training-course', h1: 'Switchboard Training Course', title: 'Switchboard Training Course' },
  { path: '/voice-command-center', h1: 'Talk to your CRM', title: 'Voice Command Center' },
  { path: '/enterprise-security', h1: 'Enterprise Security Center', title: 'Enterprise Security Center' },
  { path: '/multi-channel-orchestration', h1: 'One journey across every channel', title: 'Multi-Channel Orchestration' },
  { path: '/automation-builder', h1: 'Visual Automation Builder', title: 'Visual Automation Builder' },
  { path: '/integrations', h1: `${CLAIMS.integrations} built-in integrations, one customer record`, title: 'Integrations' },
  { path: '/vs-hubspot', h1: 'Switchboard vs HubSpot', title: 'Switchboard vs HubSpot' },
  { path: '/vs-activecampaign', h1: 'Switchboard vs ActiveCampaign', title: 'Switchboard vs ActiveCampaign' },
  { path: '/vs-highlevel', h1: 'Switchboard vs HighLevel', title: 'Switchboard vs HighLevel' },
  { path: '/migration-guide', h1: 'Move to Switchboard in a day', title: 'Migration Guide' },
  { path: '/contact', h1: 'Talk to a person, quickly', title: 'Contact Us' },
  { path: '/french-tutorial', h1: 'Tutoriel Switchboard', title: 'Tutoriel en français' },
  { path: '/arabic-tutorial', h1: 'الدليل التعليمي لـ Switchboard', title: 'الدليل التعليمي بالعربية' },
];

type Beacon = { name: string; params: Record<string, unknown> };

/** Answers the analytics endpoint in the page and keeps what it was sent (batches by fetch or sendBeacon). */
async function captureAnalytics(page: Page): Promise<Beacon[]> {
  const events: Beacon[] = [];
  await page.route('**/api/analytics/events', async (route) => {
    const body = route.request().postData();
    // The named events of spec §7; page views are the site's own, tested with the analytics endpoint.
    if (body) events.push(...(JSON.parse(body) as { events: Beacon[] }).events.filter((e) => e.name !== 'page_view'));
    await route.fulfill({ status: 204 });
  });
  return events;
}

/**
 * Keeps the page where it is when a link is followed, so the events its click queued leave in the
 * next timed batch (a fetch the test can see) rather than in a beacon on page hide. The page's own
 * click handlers still run: this listener sits on the document, after React's root listener.
 */
async function holdNavigation(page: Page): Promise<void> {
  await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
}

/** The two tests that visit every page get more than the default minute on a busy machine. */
const EVERY_PAGE_TIMEOUT_MS = 240_000;

const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

describe('public marketing pages', () => {
  it(
    'every route renders its heading, its own title and meta description, without console errors',
    async () => {
      const page = await e2e.open();
      const descriptions = new Set<string>();
      for (const { path, h1, title } of PAGES) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).count(), `${path} has one h1`).toBe(1);
        await expect.poll(() => page.title(), { message: path }).toBe(docTitle(title));
        const description = await metaDescription(page);
        expect(description, path).toBeTruthy();
        descriptions.add(description!);
      }
      // /tutorials and /tutorial-system are the same page.
      expect(descriptions.size).toBe(PAGES.length - 1);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it('lays out the Arabic tutorial right to left and the French one in French', async () => {
    const page = await e2e.open();
    await page.goto('/arabic-tutorial');
    // The innermost element in Arabic: <html> turns Arabic too once the site's language follows the page.
    const arabic = page.locator('[lang="ar"]').last();
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    expect(await arabic.getByRole('heading', { level: 1 }).textContent()).toBe('الدليل التعليمي لـ Switchboard');
    await page.goto('/french-tutorial');
    expect(await page.locator('[lang="fr"]').last().getByRole('heading', { level: 1 }).textContent()).toBe('Tutoriel Switchboard');
  });

  it(
    'fits a 375 px phone without sideways scrolling',
    async () => {
      const page = await e2e.open({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
      for (const { path, h1 } of PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});

/**
 * A clock that moves only when the test says: an installed clock otherwise also follows real time,
 * so on a loaded machine a second of it passes between two steps and a timer fires early.
 */
async function pausedClock(page: Page) {
  const start = new Date('2026-11-21T09:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

describe('sales landing timers (spec §4)', () => {
  it('counts down from 15 days 7 hours 32 minutes each minute, and shows no invented visitor count', async () => {
    const page = await e2e.open();
    await pausedClock(page);
    await page.goto('/sales-landing');
    const countdown = page.getByTestId('countdown');
    expect(await countdown.textContent()).toBe('15 days 7 hours 32 minutes');
    expect(await page.getByTestId('visitor-count').count()).toBe(0);

    await page.clock.runFor(59_000);
    expect(await countdown.textContent()).toBe('15 days 7 hours 32 minutes');
    await page.clock.runFor(1_000);
    await expect.poll(() => countdown.textContent()).toBe('15 days 7 hours 31 minutes');
    await page.clock.runFor(32 * 60_000);
    await expect.poll(() => countdown.textContent()).toBe('15 days 6 hours 59 minutes');
  });
});

describe('demo dashboard (spec §4)', () => {
  it('runs 15 s: a step every 2 s up to Automation complete, progress +1 every 1.5 s from 65; reset restores 65% and 248 reviews', async () => {
    const page = await e2e.open();
    await pausedClock(page);
    await page.goto('/demo-dashboard');
    const progress = page.getByTestId('demo-progress');
    const step = page.getByTestId('demo-step');
    const status = page.getByTestId('demo-status');
    const reviews = page.getByTestId('demo-reviews');
    expect(await progress.textContent()).toBe('65%');
    expect(await reviews.textContent()).toBe('248');
    expect(await status.textContent()).toBe('Ready');

    await page.getByRole('button', { name: 'Start Demo' }).click();
    await expect.poll(() => status.textContent()).toBe('Running');
    expect(await step.textContent()).toBe('Appointment completed: Emma Rodriguez, hygiene visit');
    await page.clock.runFor(1_500);
    await expect.poll(() => progress.textContent()).toBe('66%');
    expect(await step.textContent()).toBe('Appointment completed: Emma Rodriguez, hygiene visit');
    await page.clock.runFor(500);
    await expect.poll(() => step.textContent()).toBe('Thank-you text sent with a review link');
    await page.clock.runFor(1_000);
    await expect.poll(() => progress.textContent()).toBe('67%');

    await page.clock.runFor(12_000);
    await expect.poll(() => status.textContent()).toBe('Demo complete');
    expect(await step.textContent()).toBe('Automation complete');
    expect(await progress.textContent()).toBe('75%');
    expect(Number(await reviews.textContent())).toBeGreaterThanOrEqual(248);
    // Stopped: time passing changes nothing.
    await page.clock.runFor(5_000);
    expect(await progress.textContent()).toBe('75%');

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => progress.textContent()).toBe('65%');
    expect(await reviews.textContent()).toBe('248');
    expect(await status.textContent()).toBe('Ready');
  });
});

describe('help centre (spec §2.12, §4, §5)', () => {
  it('filters videos by search and category, sends search analytics only past 2 characters, and keeps one FAQ answer open', async () => {
    const page = await e2e.open();
    const events = await captureAnalytics(page);
    await page.clock.install();
    await page.goto('/help');
    const videos = page.getByRole('list', { name: 'Videos' }).getByRole('heading', { level: 3 });
    await videos.first().waitFor();
    expect(await videos.count()).toBe(6);

    const search = page.getByRole('searchbox', { name: 'Search help articles and videos' });
    await search.fill('sm');
    await page.clock.runFor(1_500);
    await search.fill('SMS');
    await expect.poll(() => videos.allTextContents()).toEqual(['Your First Bulk SMS Send']);
    await page.clock.runFor(1_000);
    // Description matches too, in any case: "CSV" is only in the contacts video's description.
    await search.fill('csv');
    await expect.poll(() => videos.allTextContents()).toEqual(['Importing and Organising Contacts']);
    await page.clock.runFor(1_000);
    await search.fill('');

    await page.getByRole('button', { name: 'Compliance', exact: true }).click();
    await expect.poll(() => videos.allTextContents()).toEqual(['HIPAA Compliance Setup']);
    expect(await page.getByRole('button', { name: 'Compliance', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await search.fill('reports');
    await page.getByText('No tutorial matches “reports”').waitFor();
    await page.getByRole('button', { name: 'All Videos' }).click();
    await expect.poll(() => videos.allTextContents()).toEqual(['Reading Your Reports']);

    await page.clock.runFor(6_000);
    await expect.poll(() => events.filter((e) => e.name === 'help_search_performed').map((e) => e.params.search_query)).toEqual(['SMS', 'csv', 'reports']);
    expect(events.find((e) => e.name === 'help_search_performed')!.params.source).toBe('help_center');

    const faq = page.getByRole('tabpanel');
    const first = faq.getByRole('button', { name: 'How long does setup take?' });
    const second = faq.getByRole('button', { name: 'Can I import my existing contacts?' });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await faq.getByText('Onboarding takes about 15 minutes').isVisible()).toBe(true);
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.getByText('Onboarding takes about 15 minutes').isVisible()).toBe(false);
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('tab', { name: 'Billing & Pricing' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Is there a free trial?' }).waitFor();

    // Live Chat opens the support chat widget and counts as a support contact (the site owner's
    // organization, the first one created, receives the chat).
    await openSignedIn(e2e);
    await page.getByRole('button', { name: 'Live Chat', exact: true }).click();
    await page.getByRole('region', { name: 'Live chat' }).waitFor();
    await page.clock.runFor(6_000);
    await expect.poll(() => events.filter((e) => e.name === 'support_contact_initiated').map((e) => e.params.contact_method)).toEqual(['live_chat']);
  });
});

describe('partnerships (spec §2.11)', () => {
  it('opens on the dental tab with its revenue example computed from members × adoption × price × 12', async () => {
    const page = await e2e.open();
    const events = await captureAnalytics(page);
    await page.clock.install();
    await page.goto('/partnerships');
    expect(await page.getByRole('tab', { name: 'Dental Associations' }).getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    expect(await panel.getByTestId('annual-member-revenue').textContent()).toBe('$1,247,400');
    expect(await panel.getByTestId('annual-commission').textContent()).toBe('$374,220');
    await page.getByRole('tab', { name: 'Medical Spa' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByTestId('annual-member-revenue').textContent()).toBe('$874,440');

    await holdNavigation(page);
    const apply = page.getByRole('main').getByRole('link', { name: 'Apply for Partnership' }).first();
    expect(await apply.getAttribute('href')).toMatch(/^mailto:/);
    await apply.click();
    await page.getByRole('main').getByRole('link', { name: 'Schedule Demo' }).first().click();
    await page.clock.runFor(5_000);
    await expect.poll(() => events.map((e) => e.name)).toEqual(['partner_application_started', 'partnership_demo_requested']);
    expect(events[0]!.params).toEqual({ partner_type: 'association', source: 'partnership_portal' });
    expect(events[1]!.params).toEqual({ source: 'partnership_portal' });
  });
});

describe('marketing script tool (spec §2.17)', () => {
  it('copies a script to the clipboard', async () => {
    const page = await e2e.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/tiktok-marketing');
    await page.getByRole('heading', { level: 1, name: 'Short-video marketing scripts' }).waitFor();
    expect(await page.getByRole('button', { name: /^Copy Script/ }).count()).toBe(5);
    await page.getByRole('button', { name: /^Copy Script\W+Speed to lead in 15 seconds$/ }).click();
    await page.getByText('Copied to clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('How fast do you answer a new lead? Be honest.\n\nThe first company to reply')).toBe(true);

    await page.getByRole('tab', { name: 'Shot lists' }).click();
    await page.getByRole('table').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(5);
  });
});

describe('automation builder (public face)', () => {
  it('adds the first action and components from a category to the canvas', async () => {
    const page = await e2e.open();
    await page.goto('/automation-builder');
    await page.getByRole('heading', { level: 1, name: 'Visual Automation Builder' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(15);
    await page.getByRole('button', { name: 'Add Your First Action' }).click();
    const steps = page.getByRole('list', { name: 'Workflow steps' });
    await steps.getByText('Welcome e-mail').waitFor();
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByRole('button', { name: 'Reminder SMS' }).click();
    await expect.poll(() => steps.getByRole('listitem').count()).toBe(2);
  });
});

describe('training course progress', () => {
  const lesson = (page: Page, title: string) => page.getByRole('checkbox', { name: new RegExp(title) });

  it('signed out: lessons of module 1 toggle and stay after a reload; locked modules cannot be opened', async () => {
    const page = await e2e.open();
    await page.goto('/training-course');
    const modules = page.getByRole('navigation', { name: 'Course modules' }).getByRole('button');
    await page.getByText('0 of 6 lessons complete').waitFor();
    expect(await modules.count()).toBe(8);
    expect(await modules.nth(1).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next module' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(6);

    await lesson(page, 'Importing your first contacts').check();
    await page.getByText('1 of 6 lessons complete · saved in this browser').waitFor();
    await page.reload();
    await page.getByText('1 of 6 lessons complete').waitFor();
    expect(await lesson(page, 'Importing your first contacts').isChecked()).toBe(true);
    await lesson(page, 'Importing your first contacts').uncheck();
    await page.getByText('0 of 6 lessons complete').waitFor();
    await page.reload();
    await page.getByText('0 of 6 lessons complete').waitFor();
  });

  it('signed in: the server keeps the progress for that user, including what was done signed out in this browser', async () => {
    const { page } = await openSignedIn(e2e);
    // A lesson completed in this browser before signing in.
    await page.goto('/tutorials');
    await page.evaluate(() => localStorage.setItem('switchboard.trainingProgress', JSON.stringify(['m1-welcome'])));
    await page.goto('/training-course');
    await page.getByText('1 of 6 lessons complete · saved to your account').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('switchboard.trainingProgress'))).toBeNull();
    // Signed in, the box turns checked once the server has saved it, not at the click (so not check()).
    await lesson(page, 'Inviting your team').click();
    await page.getByText('2 of 6 lessons complete').waitFor();
    expect(await (await page.request.get('/api/training/progress')).json()).toEqual({ signedIn: true, completedLessonIds: ['m1-welcome', 'm1-team'] });
    await page.reload();
    await page.getByText('2 of 6 lessons complete').waitFor();
    expect(await lesson(page, 'Inviting your team').isChecked()).toBe(true);

    // Another visitor in another browser sees none of it.
    const other = await e2e.open();
    await other.goto('/training-course');
    await other.getByText('0 of 6 lessons complete').waitFor();
  });
});

describe('industry landing pages (spec §2.10)', () => {
  it('Start Free Trial sends <prefix>_get_started and opens signup with the industry, which the new organization remembers', async () => {
    const page = await e2e.open({ allowErrors: [SIGNED_OUT_PROBE] });
    const events = await captureAnalytics(page);
    await page.clock.install();
    await page.goto('/medspa');
    await page.getByRole('heading', { name: 'Journeys for each treatment category' }).waitFor();
    for (const category of ['Injectables', 'Laser', 'Skincare', 'Body']) await page.getByRole('heading', { level: 3, name: category, exact: true }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Book Demo' }).first().getAttribute('href')).toBe('/book-demo');
    const trial = main.getByRole('link', { name: 'Start Free Trial' }).first();
    expect(await trial.getAttribute('href')).toBe('/signup?industry=med_spa');

    await holdNavigation(page);
    await trial.click();
    await main.getByRole('link', { name: 'Book Demo' }).first().click();
    await page.clock.runFor(5_000);
    await expect.poll(() => events.map((e) => e.name)).toEqual(['medspa_get_started', 'medspa_demo_request']);
    expect(events[0]!.params).toEqual({ landing: 'medspa', cta_name: 'hero' });
    expect(events[1]!.params).toEqual({ landing: 'medspa', demo_button: 'hero' });

    // Followed for real, the link opens signup with the industry.
    await page.reload();
    await page.clock.resume();
    await main.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL('**/signup?industry=med_spa');

    const account = newAccount();
    await page.getByText('set up for medical spas').waitFor();
    await page.getByLabel('Your name').fill(account.name);
    await page.getByLabel('Work e-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Organization name').fill(account.organizationName);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/app');
    const current = (await (await trpcQuery(page, 'organizations.current')).json()) as { result: { data: { settings: { industry?: string } } } };
    expect(current.result.data.settings.industry).toBe('med_spa');
  });

  it('the agency page says See Demo and sends agency_demo_request', async () => {
    const page = await e2e.open();
    const events = await captureAnalytics(page);
    await page.clock.install();
    await page.goto('/agency');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Book Demo' }).count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Start Free Trial' }).first().getAttribute('href')).toBe('/signup?industry=agency');
    await holdNavigation(page);
    await main.getByRole('link', { name: 'See Demo' }).last().click();
    await page.clock.runFor(5_000);
    await expect.poll(() => events.map((e) => e.name)).toEqual(['agency_demo_request']);
    expect(events[0]!.params).toEqual({ landing: 'agency', demo_button: 'closing' });
  });
});
