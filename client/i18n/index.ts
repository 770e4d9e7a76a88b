import { use, useSyncExternalStore } from 'react';
import en from './en.json';
import { directionOf, LANGUAGE_STORAGE_KEY, languageFor, type Language } from './languages';

/**
 * The public site's translations. Two kinds of catalog, one store and one hook (`useT`):
 * - the chrome (header, footer, language switch, Not Found, shared labels): flat keys in
 *   ./{en,fr,ar}.json read with `t(key)`; English is bundled and read directly, French and Arabic
 *   load i18next and their catalog on first use (./runtime.ts);
 * - page bodies: typed text trees in client/content (`pageTexts`), English bundled with the page's
 *   chunk, French and Arabic in their own modules loaded on first use (docs/decisions/013-page-texts.md).
 * The English landing carries no i18n runtime and no other language's text (issue #9's budget).
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

/**
 * The shape every translation of a page's texts must have: the English tree with each string
 * widened to `string`, each text function keeping its parameters, each list of the same items.
 */
export type Texts<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly (infer Item)[]
      ? readonly Texts<Item>[]
      : { readonly [K in keyof T]: Texts<T[K]> };

type Translated = Exclude<Language, 'en'>;

/** A page's texts: the English tree, and the French and Arabic modules (each `export default`) to load on first use. */
export type PageTexts<T> = { readonly en: T; readonly load: Record<Translated, () => Promise<{ default: Texts<T> }>> };

export function pageTexts<T>(english: T, load: PageTexts<T>['load']): PageTexts<T> {
  return { en: english, load };
}

/** Any page's texts, whatever their shape. */
type AnyTexts = { readonly en: unknown; readonly load: Record<Translated, () => Promise<{ default: unknown }>> };
/**
 * A load that says when it is done the way React's `use` reads it (status 'fulfilled' and its value),
 * so a page whose texts are already here renders at once instead of suspending.
 */
type Load = Promise<unknown> & { status?: 'fulfilled'; value?: unknown };

/** Loads of translations by page texts and language, started once each. */
const loads = new Map<AnyTexts, Partial<Record<Translated, Load>>>();
/** Page texts rendered so far: a language switch loads theirs before the page changes language. */
const rendered = new Set<AnyTexts>();

function loadTexts(texts: AnyTexts, language: Translated): Load {
  const started = loads.get(texts) ?? {};
  let load = started[language];
  if (!load) {
    const loading: Load = texts.load[language]().then((module) => {
      loading.status = 'fulfilled';
      loading.value = module.default;
      return module.default;
    });
    load = started[language] = loading;
    loads.set(texts, started);
  }
  return load;
}

const isLoaded = (texts: AnyTexts, language: Language) => language === 'en' || loads.get(texts)?.[language]?.status === 'fulfilled';

type Snapshot = { language: Language; t: Translate };
let snapshot: Snapshot = { language: 'en', t: english };
let requested: Language = 'en';
const listeners = new Set<() => void>();

function publish(next: Snapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Switches the site's language; resolves once the chrome's catalog and the shown pages' texts are in place. */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  if (language === 'en') return publish({ language, t: english });
  const { loadTranslator } = await import('./runtime');
  const t = await loadTranslator(language);
  // A page may have rendered meanwhile: load until every rendered page has its texts in this language.
  let missing: AnyTexts[];
  while ((missing = [...rendered].filter((texts) => !isLoaded(texts, language))).length > 0) {
    await Promise.all(missing.map((texts) => loadTexts(texts, language)));
  }
  // A later switch wins over a slower earlier one.
  if (requested === language) publish({ language, t });
}

function useSnapshot(): Snapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    // Prerendering and hydration: the language the page's HTML is rendered in (client/site.tsx).
    () => snapshot,
  );
}

type TextsOf<P> = P extends PageTexts<infer T> ? Texts<T> : never;

/**
 * The current language and the chrome's translate function; given pages' texts, also those texts in
 * the current language (`text` is the first's, `texts` all of them, in order). A page opened in
 * French before its French texts arrived suspends until they do (the router keeps the previous page
 * on screen meanwhile); every missing text starts loading before it waits for one, so there is no
 * waterfall. Re-renders when the language changes.
 */
export function useT(): Snapshot;
export function useT<const P extends readonly AnyTexts[]>(...texts: P): Snapshot & { text: TextsOf<P[0]>; texts: { [K in keyof P]: TextsOf<P[K]> } };
export function useT(...texts: AnyTexts[]): Snapshot & { text?: unknown; texts?: unknown[] } {
  const current = useSnapshot();
  if (texts.length === 0) return current;
  const { language } = current;
  for (const each of texts) rendered.add(each);
  if (language === 'en') return { ...current, text: texts[0]!.en, texts: texts.map((each) => each.en) };
  const pending = texts.map((each) => loadTexts(each, language));
  const resolved: unknown[] = [];
  // Every load has started before the first wait; `use` returns at once for a load already done.
  for (const load of pending) resolved.push(use(load as Promise<unknown>));
  return { ...current, text: resolved[0], texts: resolved };
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

/** Sets <html lang dir> and the site's language for a path; resolves when the chrome is translated. */
export function applyLanguageFor(path: string): Promise<void> {
  const language = languageFor(path, savedLanguage());
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  return requested === language ? Promise.resolve() : setLanguage(language);
}
