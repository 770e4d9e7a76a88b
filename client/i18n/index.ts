import { useSyncExternalStore } from 'react';
import en from './en.json';
import { directionOf, LANGUAGE_STORAGE_KEY, languageFor, type Language } from './languages';

/**
 * The public site's translations (shared chrome: header, footer, language switch, Not Found).
 * English is bundled and read directly; French and Arabic load i18next and their catalog on first
 * use (./runtime.ts), so the English landing carries no i18n runtime (issue #9's budget).
 */

export type Translate = (key: string, values?: Record<string, string | number>) => string;

type Catalog = { [key: string]: string | Catalog };

/** English: a key's text from the bundled catalog, with i18next's {{name}} interpolation. */
export const english: Translate = (key, values = {}) => {
  let node: string | Catalog | undefined = en as Catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
};

type Snapshot = { language: Language; t: Translate };
let snapshot: Snapshot = { language: 'en', t: english };
let requested: Language = 'en';
const listeners = new Set<() => void>();

function publish(next: Snapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Switches the chrome's language; resolves once its catalog is in place. */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  if (language === 'en') return publish({ language, t: english });
  const { loadTranslator } = await import('./runtime');
  const t = await loadTranslator(language);
  // A later switch wins over a slower earlier one.
  if (requested === language) publish({ language, t });
}

/** The current language and its translate function; re-renders when the language changes. */
export function useT(): Snapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

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

/** Sets <html lang dir> and the chrome's language for a path; resolves when the chrome is translated. */
export function applyLanguageFor(path: string): Promise<void> {
  const language = languageFor(path, savedLanguage());
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  return requested === language ? Promise.resolve() : setLanguage(language);
}
