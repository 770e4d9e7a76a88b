/** Expected navigation and screens, written out from spec app-core §2.1–2.3 (not imported from the client). */

export type Screen = { path: string; h1: string; title: string };

/** §2.2, in order: label → path. */
export const SIDEBAR: [label: string, path: string][] = [
  ['Dashboard', '/app'],
  ['Contacts', '/contacts'],
  ['Tasks', '/tasks'],
  ['Pipeline', '/pipeline'],
  ['Funnels', '/funnels'],
  ['Campaigns', '/campaigns'],
  ['SMS Campaigns', '/sms-campaigns'],
  ['Conversations', '/conversations'], // issue #9: the website chat inbox
  ['Appointments', '/appointments'],
  ['Automation', '/automations'],
  ['Websites', '/websites'],
  ['Reports', '/reports'],
  ['Tutorials', '/tutorials'],
  ['Pricing', '/pricing'],
];

/** §2.3: Dashboard → /, SMS → /sms, no Tutorials. */
export const MOBILE_MENU: [label: string, path: string][] = [
  ['Dashboard', '/'],
  ['Contacts', '/contacts'],
  ['Tasks', '/tasks'],
  ['Pipeline', '/pipeline'],
  ['Funnels', '/funnels'],
  ['Campaigns', '/campaigns'],
  ['SMS', '/sms'],
  ['Conversations', '/conversations'],
  ['Appointments', '/appointments'],
  ['Automation', '/automations'],
  ['Websites', '/websites'],
  ['Reports', '/reports'],
  ['Pricing', '/pricing'],
];

/** §2.1 application routes (inside the shell). Settings (from the sidebar footer) has its own tests. */
export const APP_SCREENS: Screen[] = [
  { path: '/app', h1: 'Enterprise Command Center', title: 'Dashboard' },
  { path: '/analytics', h1: 'Analytics', title: 'Analytics' },
  { path: '/voice-center', h1: 'Voice Command Center', title: 'Voice Command Center' },
  { path: '/automation-engine', h1: 'Automation Engine', title: 'Automation Engine' },
  { path: '/contacts', h1: 'Contacts', title: 'Contacts' },
  { path: '/tasks', h1: 'Tasks', title: 'Tasks' },
  { path: '/pipeline', h1: 'Pipeline', title: 'Pipeline' },
  { path: '/funnels', h1: 'Funnels', title: 'Funnels' },
  { path: '/campaigns', h1: 'Campaigns', title: 'Campaigns' },
  { path: '/sms', h1: 'SMS', title: 'SMS' },
  { path: '/sms-campaigns', h1: 'SMS Campaigns', title: 'SMS Campaigns' },
  { path: '/conversations', h1: 'Conversations', title: 'Conversations' },
  { path: '/appointments', h1: 'Appointments', title: 'Appointments' },
  { path: '/automations', h1: 'Automations', title: 'Automations' },
  { path: '/automation', h1: 'Workflow Builder', title: 'Workflow Builder' },
  { path: '/websites', h1: 'Websites', title: 'Websites' },
  { path: '/reports', h1: 'Reports', title: 'Reports' },
];

export const PUBLIC_SCREENS: Screen[] = [
  { path: '/tutorials', h1: 'Tutorials', title: 'Tutorials' },
  { path: '/pricing', h1: 'Pricing', title: 'Pricing' },
];

export function screenAt(path: string): Screen {
  const screen = [...APP_SCREENS, ...PUBLIC_SCREENS].find((s) => s.path === path);
  if (!screen) throw new Error(`no screen for ${path}`);
  return screen;
}

export const docTitle = (title: string) => `${title} · Switchboard`;
