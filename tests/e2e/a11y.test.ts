import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteManifest } from '../../server/http/client';
import { DESKTOP, PHONE, useE2E } from './helpers/app';
import { seriousViolations } from './helpers/axe';
import { walkInLanes } from './helpers/lanes';

const e2e = useE2E();
const BUILD = path.resolve(import.meta.dirname, '../../dist/client');

/** Every public page of the build (routes.json, generated from the route files), and a path that is none. */
const ROUTES = [...readRouteManifest(BUILD).site.filter((p) => !p.includes('$')), '/no-such-page'];

/** Every public page in one test: about 3 s each (load, network idle, axe) on a busy machine, a few at once. */
const EVERY_PAGE_TIMEOUT_MS = 300_000;

// The 404 document is reported by Chromium itself; that page is tested on purpose.
const allowErrors = [/Failed to load resource: the server responded with a status of 404/];

describe('accessibility of every public page (axe-core: no serious or critical violations)', () => {
  for (const [label, device] of [
    ['desktop 1280 px', DESKTOP],
    ['phone 375 px', PHONE],
  ] as const) {
    it(
      `at ${label}`,
      async () => {
        const perRoute = await walkInLanes(
          ROUTES,
          () => e2e.open({ ...device, allowErrors }),
          async (page, route) => {
            await page.goto(route);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.waitForLoadState('networkidle');
            return (await seriousViolations(page)).map((v) => `${route}: ${v}`);
          },
        );
        expect(perRoute.flat()).toEqual([]);
      },
      EVERY_PAGE_TIMEOUT_MS,
    );
  }
});
