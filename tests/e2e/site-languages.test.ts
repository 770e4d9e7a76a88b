import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readRouteManifest } from '../../server/http/client';
import { PHONE, useE2E } from './helpers/app';
import { seriousViolations } from './helpers/axe';
import { walkInLanes } from './helpers/lanes';

const e2e = useE2E();

const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** Every public page of the build (routes.json). */
const ROUTES = readRouteManifest(path.resolve(import.meta.dirname, '../../dist/client')).site.filter((p) => !p.includes('$'));
/** Every public page twice over, about 3 s each on a busy machine, a few at once. */
const EVERY_PAGE_TIMEOUT_MS = 400_000;

/** A visitor who chose a language earlier (the language switch saves it). */
async function visitorIn(language: 'fr' | 'ar', options: Parameters<typeof e2e.open>[0] = {}): Promise<Page> {
  const page = await e2e.open(options);
  await page.addInitScript((saved) => localStorage.setItem('switchboard.language', saved), language);
  return page;
}

describe('page bodies in the visitor’s language (issue #9)', () => {
  it('shows a French visitor French pages, with French numbers', async () => {
    const page = await visitorIn('fr');
    await page.goto('/features');
    await h1(page, 'Tout ce qu’il faut pour transformer vos prospects en clients');
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await page.getByRole('heading', { name: 'Six outils, une seule plateforme' }).waitFor();
    // The tab title and the meta description too.
    await expect.poll(() => page.title()).toBe('Fonctionnalités · Switchboard');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Les fonctionnalités de Switchboard/);
    // Shared labels too: the demo form and the comparison table's marks.
    await page.getByLabel('E-mail professionnel').waitFor();

    await page.goto('/pricing');
    await h1(page, 'Tarifs');
    expect(await page.getByTestId('price-professional').textContent()).toBe('1\u202f497\u00a0$US');
    await page.getByRole('heading', { name: 'Questions fréquentes' }).waitFor();

    // A link to another page brings that page's French texts (loaded on the way).
    await page.getByRole('link', { name: 'prix à ceux d’un concurrent de premier plan' }).click();
    await h1(page, 'Switchboard face à un concurrent de premier plan');
    expect(await page.getByTestId('annual-savings').textContent()).toBe('1\u202f200\u00a0$US');

    await page.goto('/help');
    await h1(page, 'Comment pouvons-nous vous aider\u202f?');
    await page.getByRole('tab', { name: 'Facturation et tarifs' }).click();
    await page.getByRole('button', { name: 'Y a-t-il un essai gratuit\u202f?' }).waitFor();
    await page.getByLabel('Rechercher dans les articles et les vidéos d’aide').fill('rapports');
    await page.getByText('1 vidéo', { exact: true }).waitFor();
  });

  it('lays Arabic pages out right to left, in Arabic', async () => {
    const page = await visitorIn('ar');
    await page.goto('/features');
    await h1(page, 'كل ما تحتاجه لتحويل العملاء المحتملين إلى عملاء دائمين');
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).direction)).toBe('rtl');

    await page.goto('/help');
    await h1(page, 'كيف يمكننا مساعدتك؟');
    await expect.poll(() => page.title()).toBe('مركز المساعدة · Switchboard');
    // Logical CSS: the search icon sits at the start of the field, which is its right side.
    const field = (await page.getByLabel('ابحث في مقالات المساعدة والفيديوهات').boundingBox())!;
    const icon = (await page.locator('#help-search + svg, svg:has(+ #help-search)').first().boundingBox())!;
    expect(icon.x).toBeGreaterThan(field.x + field.width / 2);

    await page.goto('/pricing');
    await h1(page, 'الأسعار');
    await page.getByRole('heading', { name: 'الأسئلة الشائعة' }).waitFor();
  });

  it('translates the page in place when the visitor switches language, and back', async () => {
    const page = await e2e.open();
    await page.goto('/pricing');
    await h1(page, 'Pricing');
    await page.getByRole('navigation', { name: 'Language' }).first().getByRole('link', { name: 'Français' }).click();
    await h1(page, 'Tarifs');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await page.getByRole('navigation', { name: 'Langue' }).first().getByRole('link', { name: 'العربية' }).click();
    await h1(page, 'الأسعار');
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('navigation', { name: 'اللغة' }).first().getByRole('link', { name: 'English' }).click();
    await h1(page, 'Pricing');
    expect(await page.getByTestId('price-professional').textContent()).toBe('$1,497');
  });

  it(
    'fits every public page in French and Arabic on a 375 px phone, without serious accessibility violations',
    async () => {
      const found: string[] = [];
      for (const language of ['fr', 'ar'] as const) {
        const perRoute = await walkInLanes(
          ROUTES,
          () => visitorIn(language, PHONE),
          async (page, route) => {
            const problems: string[] = [];
            await page.goto(route);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.waitForLoadState('networkidle');
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            if (overflow > 0) problems.push(`${language} ${route}: ${overflow} px wider than the phone`);
            for (const v of await seriousViolations(page)) problems.push(`${language} ${route}: ${v}`);
            return problems;
          },
        );
        found.push(...perRoute.flat());
      }
      expect(found).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});
