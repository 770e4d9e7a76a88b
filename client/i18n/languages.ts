/**
 * The public site's languages and the one map of equivalent pages (issue #9). Pure data and
 * functions: no i18n runtime, so the server-free tests and the entry can read it cheaply.
 */

import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../server/languages/schema';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../server/languages/schema';

/** localStorage key of the visitor's chosen language. */
export const LANGUAGE_STORAGE_KEY = 'switchboard.language';

/** Each language's own name, as its speakers write it (the language switch shows these). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Pages that exist in several languages: switching language on one goes to its equivalent.
 * A path listed here also fixes the page's language (its body is written in it).
 */
export const EQUIVALENT_PAGES: readonly Readonly<Record<Language, string>>[] = [
  { en: '/', fr: '/fr', ar: '/ar' },
  { en: '/tutorials', fr: '/french-tutorial', ar: '/arabic-tutorial' },
];

/** Other paths of a page listed above (spec: /tutorial-system is the same page as /tutorials). */
const ALIASES: Record<string, string> = { '/tutorial-system': '/tutorials' };

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ALIASES[trimmed] ?? trimmed;
}

/** The language a page's body is written in, when it has one (/fr → fr); otherwise undefined. */
export function pageLanguage(path: string): Language | undefined {
  const p = normalize(path);
  for (const group of EQUIVALENT_PAGES) {
    const found = LANGUAGES.find((language) => group[language] === p);
    if (found) return found;
  }
  return undefined;
}

/** Where the language switch goes: the equivalent page, or the same page (only the chrome changes). */
export function equivalentPath(path: string, language: Language): string {
  const p = normalize(path);
  const group = EQUIVALENT_PAGES.find((g) => LANGUAGES.some((l) => g[l] === p));
  return group ? group[language] : path;
}

/** The language to show a path in: the page's own, else the visitor's saved choice, else English. */
export function languageFor(path: string, saved: unknown): Language {
  return pageLanguage(path) ?? (isLanguage(saved) ? saved : DEFAULT_LANGUAGE);
}
