import { pageTexts } from '../i18n';

/** The live status page (reads /api/health). */
const en = {
  title: 'System Status',
  lead: (seconds: number) => `This page asks the service for its health every ${seconds} seconds while it is open.`,
  checking: 'Checking…',
  operational: 'All systems operational',
  disruption: 'Service disruption',
  application: 'Application',
  up: 'Up',
  degraded: 'Degraded',
  unreachable: 'Unreachable',
  database: 'Database',
  databaseState: (name: string, reachable: boolean) => `${name} — ${reachable ? 'reachable' : 'unreachable'}`,
  embedded: 'Embedded PGlite',
  unknown: 'Unknown',
  version: 'Version',
  lastChecked: 'Last checked',
  reason: 'Reason',
  noAnswer: 'The service did not answer.',
};

export type StatusTexts = typeof en;
export const STATUS_TEXTS = pageTexts(en, { fr: () => import('./fr/status'), ar: () => import('./ar/status') });
