import type { FileRoutesByTo } from '../../routeTree.gen';

/** Keys of the navigation icons (see nav-icons.ts); kept apart so this list stays plain data. */
export type NavIcon =
  'dashboard' | 'contacts' | 'tasks' | 'pipeline' | 'funnels' | 'campaigns' | 'sms' | 'conversations' | 'appointments' | 'automation' | 'websites' | 'reports' | 'tutorials' | 'pricing';

export type NavEntry = { label: string; to: keyof FileRoutesByTo; icon: NavIcon };

/** Desktop sidebar, spec app-core §2.2, in this order. */
export const SIDEBAR_NAV: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/app', icon: 'dashboard' },
  { label: 'Contacts', to: '/contacts', icon: 'contacts' },
  { label: 'Tasks', to: '/tasks', icon: 'tasks' },
  { label: 'Pipeline', to: '/pipeline', icon: 'pipeline' },
  { label: 'Funnels', to: '/funnels', icon: 'funnels' },
  { label: 'Campaigns', to: '/campaigns', icon: 'campaigns' },
  { label: 'SMS Campaigns', to: '/sms-campaigns', icon: 'sms' },
  // Issue #9: the website chat's inbox, beside SMS.
  { label: 'Conversations', to: '/conversations', icon: 'conversations' },
  { label: 'Appointments', to: '/appointments', icon: 'appointments' },
  { label: 'Automation', to: '/automations', icon: 'automation' },
  { label: 'Websites', to: '/websites', icon: 'websites' },
  { label: 'Reports', to: '/reports', icon: 'reports' },
  { label: 'Tutorials', to: '/tutorials', icon: 'tutorials' },
  { label: 'Pricing', to: '/pricing', icon: 'pricing' },
];

/** Mobile drawer, spec app-core §2.3: the same list, but Dashboard → "/", "SMS" → "/sms", and no Tutorials. */
export const MOBILE_NAV: readonly NavEntry[] = SIDEBAR_NAV.filter((e) => e.to !== '/tutorials').map((e) => {
  if (e.to === '/app') return { ...e, to: '/' };
  if (e.to === '/sms-campaigns') return { ...e, label: 'SMS', to: '/sms' };
  return e;
});
