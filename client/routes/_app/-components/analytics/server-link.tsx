import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Where the server says the records behind a figure are: a screen and its filters ({ to: '/tasks', search: { view: 'overdue' } }). */
export type ServerLinkTarget = { to: string; search: Record<string, string> };

/**
 * A router link to a list filtered as the server describes it. The target screen validates its own
 * search parameters, so the path and filters are passed through as given.
 */
export function ServerLink({ link, className, children, 'aria-label': ariaLabel }: { link: ServerLinkTarget; className?: string; children: ReactNode; 'aria-label'?: string }) {
  return (
    <Link to={link.to as '/'} search={link.search as never} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
