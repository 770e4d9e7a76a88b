import { Link } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { PanelLeftCloseIcon, PanelLeftOpenIcon, SearchIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { sidebarOpenAtom } from '../../state/ui';
import { BrandMark, BrandName } from '../brand';
import { CommandPalette, paletteOpenAtom } from '../commands/command-palette';
import { NotificationBell } from '../realtime/notification-bell';
import { OnlineUsers } from '../realtime/online-users';
import { ThemeToggle } from '../theme-toggle';
import { Button } from '../ui/button';
import { focusRing } from '../ui/focus';
import { Tooltip } from '../ui/tooltip';
import { MobileNav } from './mobile-nav';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';
import { initialsOf, type ShellUser } from './user';

/**
 * The bar above the content: menu (mobile) or sidebar toggle (desktop), colleagues online, the
 * notifications bell, the theme toggle, and on small screens (no sidebar footer) the account menu;
 * for a signed-in member, the search box that opens the command palette (also Ctrl/⌘ K).
 */
export function AppHeader({ user }: { user?: ShellUser }) {
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);
  const openPalette = useSetAtom(paletteOpenAtom);
  const toggleLabel = sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar';
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b border-gray-200 bg-white/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-white/70 sm:px-4 dark:border-gray-800 dark:bg-gray-900/85 dark:supports-[backdrop-filter]:bg-gray-900/70">
      <MobileNav />
      <Link to="/app" aria-label="Switchboard dashboard" className={cn('flex items-center gap-2 rounded-md md:hidden', focusRing)}>
        <BrandMark small />
        <BrandName />
      </Link>
      <Tooltip content={toggleLabel} side="bottom">
        <Button
          variant="ghost"
          size="icon"
          aria-label={toggleLabel}
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setSidebarOpen(!sidebarOpen)}
          className="hidden md:inline-flex"
        >
          {sidebarOpen ? <PanelLeftCloseIcon className="size-5" aria-hidden /> : <PanelLeftOpenIcon className="size-5" aria-hidden />}
        </Button>
      </Tooltip>
      {user ? (
        <>
          <button
            type="button"
            onClick={() => openPalette(true)}
            aria-keyshortcuts="Control+K Meta+K"
            className={cn(
              'ml-2 flex h-9 min-w-0 flex-1 items-center gap-2 rounded-md border border-gray-200 px-3 text-sm text-gray-600 hover:bg-gray-50 sm:max-w-sm dark:border-gray-800 dark:text-gray-400 dark:hover:bg-gray-800',
              focusRing,
            )}
          >
            <SearchIcon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">Search or run a command…</span>
            <kbd className="ml-auto hidden rounded border border-gray-200 px-1.5 text-xs sm:inline dark:border-gray-700">Ctrl K</kbd>
          </button>
          <CommandPalette />
        </>
      ) : null}
      <div className="ml-auto flex items-center gap-1">
        {user ? <OnlineUsers /> : null}
        {user ? <NotificationBell /> : null}
        <ThemeToggle />
        {user ? (
          <UserMenu side="bottom" align="end">
            <Button variant="ghost" size="icon" aria-label="Account menu" className="rounded-full md:hidden">
              <span className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                {initialsOf(user.name)}
              </span>
            </Button>
          </UserMenu>
        ) : null}
      </div>
    </header>
  );
}
