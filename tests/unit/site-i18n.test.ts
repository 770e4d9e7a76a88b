import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicRouteFiles } from '../../scripts/lib/site-routes';
import { english } from '../../client/i18n';
import { formatSeconds } from '../../client/i18n/format';
import { directionOf, equivalentPath, languageFor, pageLanguage } from '../../client/i18n/languages';
import en from '../../client/i18n/en.json';
import fr from '../../client/i18n/fr.json';
import ar from '../../client/i18n/ar.json';
import { isMobileDevice } from '../../client/lib/mobile-visitor';

const keys = (catalog: object, prefix = ''): string[] => Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('languages of the public site', () => {
  it('maps each page to its equivalent in another language, and keeps a page without one', () => {
    expect(equivalentPath('/', 'fr')).toBe('/fr');
    expect(equivalentPath('/fr', 'ar')).toBe('/ar');
    expect(equivalentPath('/ar/', 'en')).toBe('/');
    expect(equivalentPath('/tutorial-system', 'ar')).toBe('/arabic-tutorial');
    expect(equivalentPath('/french-tutorial', 'en')).toBe('/tutorials');
    expect(equivalentPath('/pricing', 'ar')).toBe('/pricing');
  });

  it("shows a page in its own language, else the visitor's saved choice, else English", () => {
    expect(pageLanguage('/ar')).toBe('ar');
    expect(pageLanguage('/pricing')).toBeUndefined();
    expect(languageFor('/fr', 'ar')).toBe('fr');
    expect(languageFor('/pricing', 'ar')).toBe('ar');
    expect(languageFor('/pricing', 'de')).toBe('en');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });

  it('has every English key in French and Arabic, and interpolates English like i18next', () => {
    // `meta` holds the French and Arabic titles of pages whose English ones are in their routes.
    const chrome = (catalog: object) => keys(catalog).filter((k) => !k.startsWith('meta.'));
    expect(chrome(fr).sort()).toEqual(keys(en).sort());
    expect(chrome(ar).sort()).toEqual(keys(en).sort());
    expect(english('footer.rights', { year: 2026 })).toBe('© 2026 Switchboard. Open source under the AGPL-3.0 licence.');
    expect(english('nav.missing')).toBe('nav.missing');
  });

  it("writes a wait in seconds with each language's plural (the chat's rate-limit message)", () => {
    expect(formatSeconds('en', 1)).toBe('1 second');
    expect(formatSeconds('en', 42)).toBe('42 seconds');
    expect(formatSeconds('fr', 42)).toMatch(/^42\ssecondes$/); // a no-break space
    expect(formatSeconds('ar', 5)).toMatch(/^5 ثوان/);
    expect(english('chat.tooMany', { wait: formatSeconds('en', 42) })).toBe('Too many messages. Please wait 42 seconds before sending another.');
  });
});

describe('titles of the public pages in French and Arabic', () => {
  it('exist for every public page without a language of its own, in both languages', () => {
    const translatable = publicRouteFiles(path.resolve(import.meta.dirname, '../../client/routes'))
      .map((r) => r.path)
      .filter((p) => pageLanguage(p) === undefined);
    for (const catalog of [fr, ar]) {
      expect(Object.keys(catalog.meta).sort()).toEqual(translatable.sort());
      for (const entry of Object.values(catalog.meta)) expect(entry.title).toBeTruthy();
    }
    expect(keys(ar.meta).sort()).toEqual(keys(fr.meta).sort());
  });
});

describe('mobile landing rule (spec §2.3)', () => {
  it('is a mobile user agent, or touch under 768 px', () => {
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', touchPoints: 5, width: 390 })).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', touchPoints: 1, width: 767 })).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', touchPoints: 1, width: 768 })).toBe(false);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', touchPoints: 0, width: 375 })).toBe(false);
  });
});
