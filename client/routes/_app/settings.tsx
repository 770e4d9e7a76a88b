import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { Page } from '../../components/page';
import { focusRing } from '../../components/ui/focus';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';

export const Route = createFileRoute('/_app/settings')({
  staticData: { title: 'Settings' },
  component: SettingsLayout,
});

const tab = cn(
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
  'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white',
  focusRing,
);
const activeTab = 'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';

/** Settings: one sub-route per section; a section the role cannot use is not offered. */
function SettingsLayout() {
  const { data: me } = useMe();
  const canManageKeys = useCan('apikeys:manage');
  const canReadForms = useCan('forms:read');
  const canReadCalendars = useCan('calendars:read');
  const canManageBilling = useCan('billing:manage');
  const canManageEmail = useCan('email:manage');
  const canManageSettings = useCan('settings:manage');
  const sections = [
    { to: '/settings/profile', label: 'Profile & preferences' },
    ...(me?.organization ? ([{ to: '/settings/organization', label: 'Organization & members' }] as const) : []),
    ...(canManageKeys ? ([{ to: '/settings/api-keys', label: 'API keys' }] as const) : []),
    ...(canReadForms ? ([{ to: '/settings/integrations', label: 'Integrations' }] as const) : []),
    ...(canReadCalendars ? ([{ to: '/settings/calendars', label: 'Booking calendars' }] as const) : []),
    ...(canManageEmail ? ([{ to: '/settings/email', label: 'E-mail' }] as const) : []),
    ...(canManageSettings ? ([{ to: '/settings/webhooks', label: 'Webhooks' }] as const) : []),
    ...(canManageBilling ? ([{ to: '/settings/billing', label: 'Billing' }] as const) : []),
    ...(me?.organization ? ([{ to: '/settings/security', label: 'Security & audit log' }] as const) : []),
    { to: '/settings/sessions', label: 'Sessions' },
  ] as const;
  return (
    <Page title="Settings" description={me?.organization ? `Your account, and ${me.organization.name}.` : 'Your account.'}>
      <nav aria-label="Settings sections" className="-mx-1 overflow-x-auto border-b border-gray-200 pb-2 dark:border-gray-800">
        <ul className="flex gap-1 px-1">
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className={tab} activeProps={{ className: activeTab, 'aria-current': 'page' }}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </Page>
  );
}
