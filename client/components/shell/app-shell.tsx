import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';
import type { ShellUser } from './user';

export const MAIN_CONTENT_ID = 'main-content';

/** Sidebar + header + content area of the application routes. */
export function AppShell({ user, children }: { user?: ShellUser; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <a href={`#${MAIN_CONTENT_ID}`} className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Sidebar user={user} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader user={user} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
