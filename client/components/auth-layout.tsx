import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { BrandMark, BrandName } from './brand';
import { ThemeToggle } from './theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { focusRing } from './ui/focus';

/** The frame of the sign-in, sign-up and invite pages: the brand, a centered card, nothing else. */
export function AuthLayout({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <header className="flex h-16 items-center justify-between px-4 sm:px-6">
        <Link to="/" aria-label="Switchboard home" className={cn('flex items-center gap-2 rounded-md', focusRing)}>
          <BrandMark />
          <BrandName />
        </Link>
        <ThemeToggle />
      </header>
      <main id="main-content" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Card>
            <CardHeader>
              <CardTitle as="h1" className="text-2xl">
                {title}
              </CardTitle>
              {description ? <CardDescription>{description}</CardDescription> : null}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer ? <div className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}

export const textLink = cn('rounded-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300', focusRing);
