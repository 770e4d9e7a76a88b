import { Link } from '@tanstack/react-router';
import { ChevronsUpDownIcon, SettingsIcon, UserRoundIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';
import { focusRing } from '../ui/focus';
import { Tooltip } from '../ui/tooltip';
import { UserMenu } from './user-menu';
import { initialsOf, type ShellUser } from './user';

function Avatar({ user }: { user?: ShellUser }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        user ? 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400',
      )}
    >
      {user ? initialsOf(user.name) : <UserRoundIcon className="size-5" />}
    </span>
  );
}

/**
 * Who is signed in, and the way to settings. With a user, the avatar, name and e-mail open the
 * account menu (organization switcher, Sign out); without one it says so and offers sign-in.
 */
export function SidebarFooter({ user, collapsed = false }: { user?: ShellUser; collapsed?: boolean }) {
  const settings = (
    <Link to="/settings" aria-label="Settings" className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
      <SettingsIcon className="size-5" aria-hidden />
    </Link>
  );
  return (
    <div className={cn('flex items-center gap-3 border-t border-gray-200 p-3 dark:border-gray-800', collapsed && 'flex-col gap-2 px-2')}>
      {user ? (
        <UserMenu side={collapsed ? 'right' : 'top'}>
          <button
            type="button"
            aria-label="Account menu"
            className={cn('flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 -m-1 text-left hover:bg-gray-100 dark:hover:bg-gray-800', collapsed && 'flex-none', focusRing)}
          >
            <Avatar user={user} />
            {collapsed ? null : (
              <>
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block truncate font-medium text-gray-900 dark:text-white" title={user.name}>
                    {user.name}
                  </span>
                  <span className="block truncate text-gray-500 dark:text-gray-400" title={user.email}>
                    {user.email}
                  </span>
                </span>
                <ChevronsUpDownIcon className="size-4 shrink-0 text-gray-400" aria-hidden />
              </>
            )}
          </button>
        </UserMenu>
      ) : (
        <>
          <Avatar />
          {collapsed ? null : (
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium text-gray-900 dark:text-white">Not signed in</p>
              <Link to="/login" className={cn('rounded-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300', focusRing)}>
                Sign in
              </Link>
            </div>
          )}
        </>
      )}
      <Tooltip content="Settings" side={collapsed ? 'right' : 'top'}>
        {settings}
      </Tooltip>
    </div>
  );
}
