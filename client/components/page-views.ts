import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { trackPageView } from '../lib/analytics';

/**
 * Records a page view (spec public-site §7) each time the router settles on a new path; mounted at
 * each entry's root after useDocumentTitle, so the view carries the new page's title.
 */
export function usePageViews(): void {
  const path = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  useEffect(() => {
    if (path !== undefined) trackPageView();
  }, [path]);
}
