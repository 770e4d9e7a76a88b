/**
 * Page editor bench (issue #20): the Puck editor (client/components/sites/page-editor.tsx) on a page of
 * BENCH_EDITOR_BLOCKS blocks (default 250), in Chromium (playwright-core, /usr/bin/chromium) against
 * the production build. Measures with the page's own clock (the Performance API), from the key's
 * event timeStamp to the first frame after the canvas shows the change:
 * - typing: one character typed into the selected Heading's Text field, until the canvas shows it;
 * - deleting: the selected block deleted with the Delete key, until the canvas has one block less;
 * and the long tasks (PerformanceObserver 'longtask') each caused. Median and worst of the runs.
 * Prints figures; never asserts timing.
 *
 * Env: BENCH_EDITOR_BLOCKS (default 250), BENCH_EDITOR_KEYS (characters typed, default 30),
 * BENCH_EDITOR_DELETES (blocks deleted, default 10), BENCH_EDITOR_LAYOUT (`flat`, the default: every block at the
 * top level; `sections`: Sections of 25 blocks, typing into and deleting nested blocks), BENCH_EDITOR_PROFILE (a file: the deletes' CPU profile,
 * for Chrome DevTools), CHROME_PATH (default /usr/bin/chromium).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { startServer } from '../../server/server';
import { ZHeadingProps, ZSectionProps, ZTextProps } from '../../server/sites/blocks/schema';
import { ensureClientBuild } from '../lib/client-build';
import { freePort } from '../lib/free-port';
import { envNumber, loadLine, machineLine, progress } from './lib/common';
import { median } from './lib/runs';
import { num, printTable } from './lib/table';

const BUILD = fileURLToPath(new URL('../../dist/client', import.meta.url));
const TARGET_MS = 100;
/** The block deleted: the 11th, so that the page's other blocks below it all move up. */
const DELETE_AT = 10;
/** The Heading typed into: the 5th of the copy blocks, in view when the editor opens in either layout. */
const TYPED_HEADING = 'Heading-bench-4';

/** Blocks per Section in the `sections` layout (the Sections count among the page's blocks). */
const SECTION_SIZE = 25;

/** Headings and Texts in turn, each with its own copy. */
const copyBlocks = (count: number, from = 0) =>
  Array.from({ length: count }, (_, n) => {
    const i = from + n;
    return i % 2 === 0
      ? { type: 'Heading', props: { id: `Heading-bench-${i}`, ...ZHeadingProps.parse({ text: `Section ${i / 2 + 1}: what we do` }) } }
      : { type: 'Text', props: { id: `Text-bench-${i}`, ...ZTextProps.parse({ text: `Paragraph ${i}. We answer every enquiry the same day, and our team follows up within a week.` }) } };
  });

/**
 * A long page of `blocks` blocks: in the `flat` layout all at the top level; in `sections`, as
 * template pages are built, Sections of SECTION_SIZE blocks each (itself and 24 inside), so the
 * blocks typed into and deleted are nested ones.
 */
function longPage(blocks: number, layout: 'flat' | 'sections') {
  if (layout === 'flat') return { root: { props: {} }, content: copyBlocks(blocks), zones: {} };
  const sections = Math.ceil(blocks / SECTION_SIZE);
  const content = Array.from({ length: sections }, (_, s) => ({
    type: 'Section',
    props: { id: `Section-bench-${s}`, ...ZSectionProps.parse({}), content: copyBlocks(Math.min(SECTION_SIZE, blocks - s * SECTION_SIZE) - 1, s * SECTION_SIZE) },
  }));
  return { root: { props: {} }, content, zones: {} };
}

/**
 * The measuring harness in the page: __bench.arm() before a key, then __bench.wait() for the canvas
 * to show its effect. Plain JavaScript in a string: tsx's compiled functions would call its helpers,
 * which the page does not have.
 */
const HARNESS = `(() => {
  let pending = null;
  let result = null;
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: false });
  const finish = () => {
    const p = pending;
    if (!p || p.done || p.keyAt === null || !p.check()) return;
    p.done = true;
    // The first frame after the change: a task queued from requestAnimationFrame runs once it is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const end = performance.now();
        const during = longTasks.filter((t) => t.start + t.duration >= p.keyAt && t.start <= end);
        p.resolve({ ms: end - p.keyAt, longTasks: during.length, longTaskMs: during.reduce((sum, t) => sum + t.duration, 0) });
      }, 0),
    );
  };
  document.addEventListener('keydown', (event) => {
    if (pending && pending.keyAt === null) pending.keyAt = event.timeStamp;
  }, true);
  new MutationObserver(finish).observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__bench = {
    arm(kind, value, selector) {
      const check = kind === 'gone'
        ? () => !document.querySelector(selector)
        : () => (document.querySelector(selector)?.textContent ?? '').includes(String(value));
      result = new Promise((resolve) => (pending = { check, resolve, keyAt: null, done: false }));
    },
    wait: () => result,
  };
})()`;

async function installHarness(page: Page): Promise<void> {
  await page.evaluate(HARNESS);
}

type Sample = { ms: number; longTasks: number; longTaskMs: number };

async function measureKey(page: Page, arm: [kind: 'gone' | 'text', value: string, selector: string], key: string): Promise<Sample> {
  await page.evaluate(`window.__bench.arm(${arm.map((a) => JSON.stringify(a)).join(', ')})`);
  await page.keyboard.press(key);
  return (await page.evaluate('window.__bench.wait()')) as Sample;
}

/** Lets the autosave and any idle work run out between measurements. */
const settle = (page: Page, ms = 1200) => page.waitForTimeout(ms);

export async function run(): Promise<void> {
  const blocks = Math.round(envNumber('BENCH_EDITOR_BLOCKS', 250));
  const keys = Math.round(envNumber('BENCH_EDITOR_KEYS', 30));
  const deletes = Math.round(envNumber('BENCH_EDITOR_DELETES', 10));
  const layout = process.env.BENCH_EDITOR_LAYOUT === 'sections' ? 'sections' : 'flat';
  console.log('Editor bench: the page builder (Puck) on a long page, in Chromium');
  console.log(`${machineLine()}\n${loadLine('at start')}`);
  if (await ensureClientBuild(progress)) progress('client built');

  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'silent', SIGNUPS_PER_HOUR: '100000' });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const server = await startServer(config, { database, clientDir: BUILD });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ baseURL: config.publicUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const origin = { Origin: config.publicUrl };
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Bench Editor', email: `editor-${Date.now()}@example.test`, password: 'correct horse battery staple', organizationName: 'Bench Editor' },
    });
    if (signup.status() !== 201) throw new Error(`sign-up: ${signup.status()} ${await signup.text()}`);
    const site = await page.request.post('/trpc/sites.create', { data: { name: 'Long page', handle: `long-${Date.now().toString(36)}` }, headers: origin });
    const siteId = ((await site.json()) as { result: { data: { id: string } } }).result.data.id;
    const created = await page.request.post('/trpc/sites.createPage', { data: { siteId, path: '/long', title: 'Long page' }, headers: origin });
    const pageId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
    await database.db
      .updateTable('site_pages')
      .set({ draft: JSON.stringify(longPage(blocks, layout)) })
      .where('id', '=', pageId)
      .execute();

    progress(`opening the editor on ${blocks} blocks (${layout})`);
    const opened = performance.now();
    await page.goto(`/websites/${siteId}/pages/${pageId}`);
    const items = page.locator('[data-puck-component]');
    // Polled from here: the app's Content-Security-Policy refuses the page-side eval of waitForFunction.
    // All blocks, or as many as the canvas mounts when it renders only those in view.
    while ((await page.locator('[data-puck-component]').count()) < Math.min(blocks, 6)) {
      if (performance.now() - opened > 180_000) throw new Error(`the editor did not show ${blocks} blocks`);
      await page.waitForTimeout(100);
    }
    const openMs = performance.now() - opened;
    await settle(page, 2000);
    await installHarness(page);

    // Typing: a Heading selected, its Text field focused, characters typed one by one.
    progress(`typing ${keys} characters`);
    const heading = page.locator(`[data-puck-component="${TYPED_HEADING}"]`);
    await heading.click();
    const field = page.locator('[class*="_PuckFields_"]').getByRole('textbox', { name: 'Text', exact: true });
    await field.click();
    await page.keyboard.press('End');
    const typing: Sample[] = [];
    const mounted = await items.count();
    let typed = '';
    for (let i = 0; i < keys; i++) {
      const char = 'abcdefghijklmnopqrstuvwxyz'[i % 26]!;
      typed += char;
      typing.push(await measureKey(page, ['text', typed, `[data-puck-component="${TYPED_HEADING}"]`], char));
    }
    await settle(page);

    // Deleting: a block selected in the canvas (focus leaves the fields), then the Delete key.
    progress(`deleting ${deletes} blocks`);
    const deleting: Sample[] = [];
    const profileTo = process.env.BENCH_EDITOR_PROFILE;
    const cdp = profileTo ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    for (let i = 0; i < deletes; i++) {
      // Near the top of the page: every block below it moves up (the worst case for re-rendering).
      const block = items.nth(DELETE_AT);
      await block.scrollIntoViewIfNeeded();
      const id = (await block.getAttribute('data-puck-component'))!;
      await block.click();
      await settle(page, 300);
      deleting.push(await measureKey(page, ['gone', id, `[data-puck-component="${id}"]`], 'Delete'));
      await settle(page);
    }
    if (cdp && profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
      progress(`the deletes' CPU profile: ${profileTo}`);
    }
    if (errors.length > 0) throw new Error(`the editor threw:\n${errors.join('\n')}`);

    const rowOf = (label: string, samples: Sample[]) => {
      const ms = samples.map((s) => s.ms);
      const worst = Math.max(...ms);
      return [label, num(samples.length), num(median(ms), 1), num(worst, 1), `< ${TARGET_MS} (${median(ms) < TARGET_MS ? 'met' : 'MISSED'})`, num(median(samples.map((s) => s.longTaskMs)), 1)];
    };
    printTable(
      `The editor with ${blocks} blocks, ${layout === 'flat' ? 'all at the top level' : `in Sections of ${SECTION_SIZE}`} (opened in ${num(openMs / 1000, 1)} s, ${mounted} blocks mounted in the canvas): key to the first frame showing its effect`,
      ['action', 'runs', 'median ms', 'worst ms', 'target ms', 'long tasks ms (median)'],
      [rowOf('type a character in a field', typing), rowOf(`delete the selected block (the ${DELETE_AT + 1}th)`, deleting)],
    );
    console.log(loadLine('at the end'));
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await database.close();
  }
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await run();
