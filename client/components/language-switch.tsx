import { Link, useRouterState } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { applyLanguageFor, saveLanguage, useT } from '../i18n';
import { equivalentPath, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { focusRing } from './ui/focus';

/**
 * English, French, Arabic: each link goes to the equivalent page in that language (/ ↔ /fr ↔ /ar),
 * or stays on a page that has no translated body and switches the header and footer. The choice is
 * remembered for the next visit.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, language: shown } = useT();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav aria-label={t('language.label')} className={clsx('flex items-center rounded-md border border-gray-200 p-0.5 dark:border-gray-800', className)}>
      {LANGUAGES.map((language) => {
        const target = equivalentPath(path, language);
        const current = shown === language;
        return (
          <Link
            key={language}
            to={target}
            lang={language}
            hrefLang={language}
            aria-current={current ? 'true' : undefined}
            title={t('language.switchTo', { language: LANGUAGE_NAMES[language] })}
            onClick={() => {
              saveLanguage(language);
              void applyLanguageFor(target);
            }}
            className={clsx(
              'rounded px-2 py-1 text-center text-xs font-semibold',
              current ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
              focusRing,
            )}
          >
            {LANGUAGE_NAMES[language]}
          </Link>
        );
      })}
    </nav>
  );
}
