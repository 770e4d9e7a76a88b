/**
 * `npm run bench:lighthouse` (also `npm run bench lighthouse`): Lighthouse 12 in mobile emulation on
 * the production build, median of 3 runs, for the public pages issue #9 names. Prints the four
 * category scores per page and the landing's JavaScript transferred (gzip); asserts nothing.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db';
import { loadConfig } from '../../server/config';
import { readRouteManifest } from '../../server/http/client';
import { startServer } from '../../server/server';
import { ensureClientBuild } from '../lib/client-build';

const PAGES = ['/', '/pricing', '/features', '/ar', '/help'];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUILD = fileURLToPath(new URL('../../dist/client', import.meta.url));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Scores drop when other work shares the CPU: the figures are printed with the machine's load. */
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`;

type Audit = { runs: Record<(typeof CATEGORIES)[number], number>[]; scriptBytes: number[] };

export async function audit(url: string): Promise<{ scores: Record<string, number>; scriptBytes: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const scriptBytes = items.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
    return { scores, scriptBytes };
  } finally {
    await chrome.kill();
  }
}

export async function run(): Promise<void> {
  await ensureClientBuild();
  const publicPages = new Set(readRouteManifest(BUILD).site);
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const server = await startServer(config, { database, clientDir: BUILD });
  try {
    console.log(`Lighthouse (mobile emulation), median of ${RUNS} runs, ${server.url}, ${load()}`);
    console.log(['page', ...CATEGORIES, 'JS transferred'].map((h) => h.padEnd(16)).join(''));
    for (const page of PAGES) {
      if (!publicPages.has(page)) {
        console.log(`${page.padEnd(16)}missing (no public route in this build)`);
        continue;
      }
      const results: Audit = { runs: [], scriptBytes: [] };
      for (let i = 0; i < RUNS; i++) {
        const { scores, scriptBytes } = await audit(`${server.url}${page}`);
        results.runs.push(scores as Audit['runs'][number]);
        results.scriptBytes.push(scriptBytes);
      }
      const row = CATEGORIES.map((c) => String(median(results.runs.map((r) => r[c]))));
      console.log([page, ...row, `${(median(results.scriptBytes) / 1024).toFixed(1)} KB`].map((v) => v.padEnd(16)).join(''));
    }
    console.log(`done, ${load()}`);
  } finally {
    await server.close();
    await database.close();
  }
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await run();
