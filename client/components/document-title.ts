import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../i18n';
import { formatDocumentTitle, NOT_FOUND_TITLE, pageDescriptionOf, pageTitleOf } from '../lib/document-title';

/** The description served in the HTML, kept for pages that declare none. */
let defaultDescription: string | undefined;

/**
 * Sets document.title from the deepest matched route's `staticData.title`, and the meta description
 * from its `staticData.description`; mounted once, at each entry's root. In French or Arabic, a
 * public page's title and description come from the chrome catalog's `meta.<path>` when it has them
 * (routes keep their English ones in staticData).
 */
export function useDocumentTitle(): void {
  const { t, language } = useT();
  const path = useRouterState({ select: (s) => s.location.pathname.replace(/(.)\/+$/, '$1') });
  const title = useRouterState({ select: (s) => pageTitleOf(s.matches) });
  const description = useRouterState({ select: (s) => pageDescriptionOf(s.matches) });
  const translated = (field: 'title' | 'description'): string | undefined => {
    if (language === 'en') return undefined;
    const key = `meta.${path}.${field}`;
    const text = t(key);
    return text === key ? undefined : text;
  };
  const shownTitle = title === NOT_FOUND_TITLE && language !== 'en' ? t('notFound.title') : (translated('title') ?? title);
  const shownDescription = translated('description') ?? description;
  useEffect(() => {
    document.title = formatDocumentTitle(shownTitle);
  }, [shownTitle]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    defaultDescription ??= meta.content;
    meta.content = shownDescription ?? defaultDescription;
  }, [shownDescription]);
}
