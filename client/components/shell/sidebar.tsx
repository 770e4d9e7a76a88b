import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { cn } from '../../lib/cn';
import { sidebarOpenAtom } from '../../state/ui';
import { BrandMark, BrandName } from '../brand';
import { focusRing } from '../ui/focus';
import { Tooltip } from '../ui/tooltip';
import { useNavEntries } from './nav';
import { NavLink } from './nav-link';
import { SidebarFooter } from './sidebar-footer';
import type { ShellUser } from './user';

export const SIDEBAR_ID = 'app-sidebar';

/** Desktop sidebar (≥ 768 px): full width with labels, or collapsed to icons with tooltips. */
export function Sidebar({ user }: { user?: ShellUser }) {
  const open = useAtomValue(sidebarOpenAtom);
  const collapsed = !open;
  const entries = useNavEntries('sidebar');
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-gray-200 bg-white transition-[width] duration-200 md:flex dark:border-gray-800 dark:bg-gray-900',
        open ? 'w-64' : 'w-16',
      )}
    >
      <div className={cn('flex h-14 shrink-0 items-center border-b border-gray-200 dark:border-gray-800', collapsed ? 'justify-center' : 'px-4')}>
        <Link to="/app" aria-label="Switchboard dashboard" className={cn('flex items-center gap-2 rounded-md', focusRing)}>
          <BrandMark />
          {collapsed ? null : <BrandName />}
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-0.5">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Tooltip content={entry.label} side="right" disabled={!collapsed}>
                <NavLink entry={entry} collapsed={collapsed} />
              </Tooltip>
            </li>
          ))}
        </ul>
      </nav>
      <SidebarFooter user={user} collapsed={collapsed} />
    </aside>
  );
}
