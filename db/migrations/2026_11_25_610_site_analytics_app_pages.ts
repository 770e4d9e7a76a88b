import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// The app's own pages (/pipeline, /contacts, …) were sent as website page views and counted on the
// Reports page's Website section; they are no longer accepted (server/site-analytics). This removes
// those already stored: every path under a section of the signed-in app as of this migration.
const APP_SECTIONS = [
  'analytics',
  'app',
  'appointments',
  'automation',
  'automation-engine',
  'automations',
  'campaigns',
  'contacts',
  'conversations',
  'funnels',
  'invite',
  'login',
  'pipeline',
  'reports',
  'settings',
  'signup',
  'sms',
  'sms-campaigns',
  'tasks',
  'voice-center',
  'websites',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('site_analytics_events')
    .where(sql<string>`split_part(path, '/', 2)`, 'in', APP_SECTIONS)
    .execute();
}

// Deleted rows are not restored.
export async function down(): Promise<void> {}
