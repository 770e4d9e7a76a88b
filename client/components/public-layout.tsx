import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { BrandMark, BrandName } from './brand';
import { ThemeToggle } from './theme-toggle';
import { buttonClasses } from './ui/button';
import { focusRing } from './ui/focus';

const navLink = cn(
  'rounded-md px-3 py-2 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
  focusRing,
);

/** Header and footer of the public (marketing) pages. Shares no code with the application shell. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white dark:bg-gray-950">
      <header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/85 backdrop-blur dark:border-gray-800/80 dark:bg-gray-950/85">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label="Switchboard home" className={cn('mr-auto flex items-center gap-2 rounded-md', focusRing)}>
            <BrandMark />
            <BrandName className="hidden min-[400px]:inline" />
          </Link>
          <div className="hidden items-center sm:flex">
            <Link to="/pricing" className={navLink} activeProps={{ className: 'text-gray-900 dark:text-white' }}>
              Pricing
            </Link>
            <Link to="/tutorials" className={navLink} activeProps={{ className: 'text-gray-900 dark:text-white' }}>
              Tutorials
            </Link>
          </div>
          <ThemeToggle />
          <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Sign In
          </Link>
          <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
            Start Free Trial
          </Link>
        </nav>
      </header>
      <main id="main-content" className="flex flex-1 flex-col">
        {children}
      </main>
      <footer className="border-t border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm text-gray-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8 dark:text-gray-400">
          <p>Switchboard — open-source CRM and marketing automation.</p>
          <div className="flex gap-4">
            <Link to="/pricing" className={cn('rounded-sm hover:text-gray-900 dark:hover:text-white', focusRing)}>
              Pricing
            </Link>
            <Link to="/tutorials" className={cn('rounded-sm hover:text-gray-900 dark:hover:text-white', focusRing)}>
              Tutorials
            </Link>
          </div>
        </div>
      </footer>
    </div>
  );
}
