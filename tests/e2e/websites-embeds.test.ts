import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

/** A tRPC call that must succeed; its answer's data. */
async function data<T>(response: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}
const call = <T = unknown>(page: Page, path: string, input: unknown) => data<T>(trpcMutation(page, e2e, path, input));
const query = <T>(page: Page, path: string, input: unknown) => data<T>(trpcQuery(page, path, input));

/** What the custom code reports from inside its frame (code in the head, as an analytics tag is): its origin, and whether it reached cookies and the page. */
const PROBE = `<script>
  function tried(f) { try { f(); return 'readable'; } catch (e) { return 'blocked'; } }
  document.addEventListener('DOMContentLoaded', function () {
    document.body.textContent = 'Custom code ran; origin ' + window.origin + '; cookies ' + tried(function () { return document.cookie; }) + '; page ' + tried(function () { return parent.document.title; });
  });
</script>`;

const PLAYERS = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

describe('Websites: custom code, video and countdown on a published page (issue #20)', () => {
  it('runs the admin’s script in its sandboxed frame, plays a video in place on click with nothing from YouTube before, and ticks a countdown', async () => {
    const { page } = await openSignedIn(e2e);
    const { id: siteId } = await call<{ id: string }>(page, 'sites.create', { name: 'Embed Dental' });
    await call(page, 'sites.update', { siteId, settings: { customHead: PROBE } });
    const site = await query<{ handle: string; pages: { id: string; path: string }[] }>(page, 'sites.get', { siteId });
    const thanks = site.pages.find((p) => p.path === '/thank-you')!;
    const draft = await query<{ draft: { content: unknown[] }; draftUpdatedAt: string }>(page, 'sites.page', { pageId: thanks.id });
    draft.draft.content.push(
      { type: 'Video', props: { id: 'tour', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Tour the practice' } },
      { type: 'Countdown', props: { id: 'ends', title: 'Offer ends', endsAt: '2030-01-01T18:00', timeZone: 'Europe/Paris' } },
    );
    await call(page, 'sites.saveDraft', { pageId: thanks.id, data: draft.draft, baseUpdatedAt: draft.draftUpdatedAt });
    const { url } = await call<{ url: string }>(page, 'sites.publish', { pageId: thanks.id });

    const visitor = await e2e.open();
    const violations = await watchViolations(visitor);
    const elsewhere: string[] = [];
    visitor.on('request', (request) => {
      if (new URL(request.url()).origin !== e2e.url) elsewhere.push(request.url());
    });
    // The players, as the sandbox has no network: a page of their own address.
    await visitor.context().route(PLAYERS, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>The player is playing</p>' }));
    await visitor.goto(url);

    // The custom code ran in an opaque origin: no cookies, no page.
    const code = visitor.frameLocator('iframe[title="Site code"]');
    await expect.poll(() => code.locator('body').textContent()).toBe('Custom code ran; origin null; cookies blocked; page blocked');
    // Opened by itself, the code's document is sandboxed all the same (its own policy says so).
    const alone = await e2e.open();
    await alone.goto(
      visitor
        .frames()
        .find((f) => f.url().includes('/_code/'))!
        .url(),
    );
    expect(await alone.evaluate(() => window.origin)).toBe('null');
    expect(await visitor.locator('script').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual([expect.stringMatching(/^\/s\/_countdown\.js\?v=/)]);

    // The countdown ticks under its static end line.
    const left = visitor.locator('.sb-countdown-left');
    const first = (await left.textContent())!;
    expect(first).toMatch(/^\d+d \d\d:\d\d:\d\d left$/);
    await expect.poll(() => left.textContent()).not.toBe(first);

    // The video: nothing from YouTube until the click, then its player in the same frame, the page where it was.
    const video = visitor.frameLocator('iframe[title="Tour the practice"]');
    const poster = video.getByRole('link', { name: 'Tour the practice (plays here, from YouTube)' });
    await poster.waitFor();
    expect(elsewhere).toEqual([]);
    await poster.click();
    await video.getByText('The player is playing').waitFor();
    expect(elsewhere).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
    expect(visitor.url()).toBe(url);

    expect(violations).toEqual([]);
  });
});
