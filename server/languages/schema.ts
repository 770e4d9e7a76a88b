/**
 * The languages Switchboard speaks to visitors (the public site, its chat): one list for the
 * server, which answers in them, and the client, which shows them. Plain data, no zod, so the
 * site's entry can import it.
 */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in English: the application (in English) names the language a visitor chats in. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Language, string> = { en: 'English', fr: 'French', ar: 'Arabic' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
