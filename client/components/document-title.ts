import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatDocumentTitle, pageDescriptionOf, pageTitleOf } from '../lib/document-title';

/** The description served in the HTML, kept for pages that declare none. */
let defaultDescription: string | undefined;

/**
 * Sets document.title from the deepest matched route's `staticData.title`, and the meta description
 * from its `staticData.description`; mounted once, at each entry's root.
 */
export function useDocumentTitle(): void {
  const title = useRouterState({ select: (s) => pageTitleOf(s.matches) });
  const description = useRouterState({ select: (s) => pageDescriptionOf(s.matches) });
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    defaultDescription ??= meta.content;
    meta.content = description ?? defaultDescription;
  }, [description]);
}
