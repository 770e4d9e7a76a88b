import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Db } from '../../../server/db';
import { startServer, type RunningServer } from '../../../server/server';
import { freePort } from '../../../scripts/lib/free-port';
import { migratedSnapshot } from '../../helpers/pglite-snapshot';
import { TEST_SECRETS_KEY } from '../../helpers/secrets-key';

export type App = { url: string; db: Db; close(): Promise<void> };

/** The inbound e-mail webhook's secret on the e2e server (`POST /api/email/inbound/<secret>`). */
export const E2E_INBOUND_SECRET = 'e2e-inbound-webhook-secret';

/**
 * The real server on a free port: production mode (serves dist/client), a fresh in-memory database.
 * The port is chosen up front so PUBLIC_URL is the server's real origin: the CSRF check compares the
 * browser's Origin with it, and invite links are built from it.
 */
export async function startApp(env: (port: number) => Record<string, string> = () => ({})): Promise<App> {
  const port = await freePort();
  // Every test of the file signs up from this machine's one address: the sign-up limit is lifted for them.
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    SECRETS_KEY: TEST_SECRETS_KEY,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'silent',
    SIGNUPS_PER_HOUR: '100000',
    // Replies reach the inbox through the inbound webhook, as a provider's raw inbound mode posts them.
    EMAIL_INBOUND_SECRET: E2E_INBOUND_SECRET,
    // Outbound webhooks may target this machine (the webhooks test's endpoint on 127.0.0.1).
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    ...env(port),
  });
  // From the migrated dump (tests/helpers/pglite-snapshot.ts): the server's own migration finds nothing to do.
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: await migratedSnapshot(), rowLevelSecurity: config.rowLevelSecurity });
  let server: RunningServer;
  try {
    server = await startServer(config, { database });
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    url: config.publicUrl,
    db: database.db,
    async close() {
      await server.close();
      await database.close(); // a database handed in stays open when the server closes
    },
  };
}

/** Chromium as every e2e file runs it; `args` adds switches (e.g. --host-resolver-rules for a custom domain). */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true };

type OpenOptions = BrowserContextOptions & {
  /**
   * Console errors this test expects (e.g. the browser's report of a 404 document), matched against
   * "<text> (<url>)" where url is the failed resource or the logging script.
   */
  allowErrors?: RegExp[];
};

export type E2E = {
  /** Origin of the running server, e.g. http://localhost:41234. */
  readonly url: string;
  /** The server's database, for what a test cannot do through the app (e.g. let time pass for stored sign-in attempts). */
  readonly db: Db;
  /** A page in a fresh browser context (own storage); its page errors and console errors fail the test. */
  open(options?: OpenOptions): Promise<Page>;
};

export type E2EOptions = {
  /** More server settings, from the port it listens on. */
  env?: (port: number) => Record<string, string>;
  /** More Chromium switches. */
  browserArgs?: string[];
};

/**
 * Registers hooks that start the real server (production build, in-memory PGlite) and Chromium for
 * the file, and check after each test that no page threw or logged an error.
 */
export function useE2E({ env, browserArgs }: E2EOptions = {}): E2E {
  let server: App | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let problems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startApp(env), launchBrowser(browserArgs)]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
    const found = problems;
    problems = [];
    if (found.length > 0) throw new Error(`The page reported errors:\n${found.join('\n')}`);
  });

  return {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get db() {
      if (!server) throw new Error('server not started');
      return server.db;
    },
    async open({ allowErrors = [], ...options } = {}) {
      if (!browser || !server) throw new Error('browser not started');
      const context = await browser.newContext({ baseURL: server.url, ...DESKTOP, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.stack ?? error.message}`));
      if (options.javaScriptEnabled !== false) untilHydratedAfterLoads(page);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // Matched with the resource or script it came from, so a test can allow one failed request precisely.
        const line = `${message.text()} (${message.location().url})`;
        if (!allowErrors.some((p) => p.test(line))) problems.push(`console.error: ${line}`);
      });
      return page;
    },
  };
}

/**
 * Whether the page's prerendered HTML, if it has any, is hydrated: every element below the root has
 * been claimed by React (its `__reactFiber$…` property), lazily loaded sections included.
 */
const HYDRATED = `(() => {
  const root = document.getElementById('root');
  if (!root || root.dataset.prerendered === undefined) return true;
  return [...root.querySelectorAll('*')].every((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')));
})()`;

/** As long as Playwright's own waits (its default timeout). */
const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * A prerendered public page (docs/decisions/012-prerendered-public-site.md) is painted before its
 * code runs; a test drives it once hydrated, as a click on the bare HTML would reach no handler. So
 * page loads (goto, reload) resolve once it is.
 */
function untilHydratedAfterLoads(page: Page): void {
  // Polled with evaluate (run by the DevTools protocol, which the page's Content-Security-Policy does
  // not govern): waitForFunction builds its predicate with eval inside the page, which the policy refuses.
  const hydrated = async () => {
    const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
    while (!(await page.evaluate(HYDRATED))) {
      if (Date.now() > deadline) throw new Error(`${page.url()} was not hydrated within ${HYDRATION_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}
