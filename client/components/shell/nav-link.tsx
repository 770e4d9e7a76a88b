import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from '../ui/focus';
import type { NavEntry } from './nav';

const base = cn('group flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors', focusRing, 'focus-visible:ring-offset-0');
const inactive = 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white';
const active = 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';

/** One navigation entry; the router marks the active one (highlight + aria-current="page"). */
export function NavLink({ entry, collapsed = false, className, ...rest }: { entry: NavEntry; collapsed?: boolean } & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  const Icon = entry.icon;
  return (
    <Link
      {...rest}
      to={entry.to}
      className={cn(base, collapsed && 'justify-center px-0', className)}
      activeProps={{ className: active, 'aria-current': 'page' }}
      inactiveProps={{ className: inactive }}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className={cn('truncate', collapsed && 'sr-only')}>{entry.label}</span>
    </Link>
  );
}
