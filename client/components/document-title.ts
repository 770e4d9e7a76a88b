import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatDocumentTitle, pageTitleOf } from '../lib/document-title';

/** Sets document.title from the deepest matched route's `staticData.title`; mounted once, at the root. */
export function useDocumentTitle(): void {
  const title = useRouterState({ select: (s) => pageTitleOf(s.matches) });
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
