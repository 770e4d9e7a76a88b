import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Where the server says the records behind a figure are: a screen and its filters ({ to: '/tasks', search: { view: 'overdue' } }). */
export type ServerLinkTarget = { to: string; search: Record<string, string> };

/** The server's link as the screens read it: the pipeline's list view holds the stage and stalled filters. */
export function screenLink(link: ServerLinkTarget): { to: string; search: Record<string, string> } {
  if (link.to !== '/pipeline') return link;
  if (link.search.stageId || link.search.stalledDays) return { to: '/pipeline', search: { ...link.search, view: 'list' } };
  return link;
}

/**
 * A router link to a list filtered as the server describes it. The target screen validates its own
 * search parameters, so the path and filters are passed through as given.
 */
export function ServerLink({ link, className, children, 'aria-label': ariaLabel }: { link: ServerLinkTarget; className?: string; children: ReactNode; 'aria-label'?: string }) {
  const target = screenLink(link);
  return (
    <Link to={target.to as '/'} search={target.search as never} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
