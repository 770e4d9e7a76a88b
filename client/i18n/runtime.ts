import i18next from 'i18next';
import en from './en.json';
import type { Translate } from './index';
import type { Language } from './languages';

/** Loaded only for French and Arabic: i18next over the bundled English and the language's catalog. */
const catalogs: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  fr: () => import('./fr.json'),
  ar: () => import('./ar.json'),
};

const translators = new Map<Language, Promise<Translate>>();

export function loadTranslator(language: Exclude<Language, 'en'>): Promise<Translate> {
  let translator = translators.get(language);
  if (!translator) {
    translator = (async () => {
      const catalog = (await catalogs[language]()).default;
      const instance = i18next.createInstance();
      await instance.init({
        lng: language,
        fallbackLng: 'en',
        resources: { en: { translation: en }, [language]: { translation: catalog } },
        interpolation: { escapeValue: false },
      });
      return (key, values) => instance.t(key, values);
    })();
    translators.set(language, translator);
  }
  return translator;
}
