import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { directionOf, LANGUAGE_STORAGE_KEY, languageFor, type Language } from './languages';

/**
 * i18next for the public site's shared chrome (header, footer, language switch, Not Found). English
 * is bundled; French and Arabic catalogs are separate chunks loaded when first needed.
 */

const catalogs: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('./fr.json'),
  ar: () => import('./ar.json'),
};

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = catalogs[language as keyof typeof catalogs];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();
void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr', 'ar'],
    resources: { en: { translation: en } },
    // English is bundled above; the backend loads only the others.
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the visitor's choice for pages without a language of their own. */
export function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** Sets <html lang dir> and the chrome's language for a path. */
export function applyLanguageFor(path: string): Language {
  const language = languageFor(path, savedLanguage());
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  return language;
}
