import { useNavigate } from '@tanstack/react-router';
import { BuildingIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROLE_LABELS } from '../../lib/schema';
import { signOut, switchOrganization, useMe } from '../../lib/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/**
 * The signed-in user's menu: who and where they are, the organization switcher (when they belong
 * to several), Settings and Sign out. `children` is the trigger (a button).
 */
export function UserMenu({ children, side = 'top', align = 'start' }: { children: ReactNode; side?: 'top' | 'bottom' | 'right'; align?: 'start' | 'end' }) {
  const { data: me } = useMe();
  const navigate = useNavigate();
  if (!me) return children;
  const current = me.organization;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-medium text-gray-900 dark:text-white">{me.user.name}</span>
          <span className="block truncate">{me.user.email}</span>
          {current ? (
            <span className="mt-1 block truncate">
              {current.name} · {ROLE_LABELS[current.role].label}
            </span>
          ) : null}
        </DropdownMenuLabel>
        {me.organizations.length > 1 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuLabel>Switch organization</DropdownMenuLabel>
              <DropdownMenuRadioGroup
                value={current?.id ?? ''}
                onValueChange={(id) => {
                  if (id !== current?.id) void switchOrganization(id);
                }}
              >
                {me.organizations.map((org) => (
                  <DropdownMenuRadioItem key={org.id} value={org.id}>
                    <BuildingIcon aria-hidden />
                    <span className="truncate">{org.name}</span>
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuGroup>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings/profile' })}>
          <SettingsIcon aria-hidden />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
