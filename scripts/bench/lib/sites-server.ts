/**
 * Child process for the sites bench: the real app (createApp) on 127.0.0.1, port 0, over a migrated
 * database holding the demo workspace, whose site is published (a landing page with a lead form and
 * a thank-you page, the demo funnel's steps), plus a page in no funnel at /welcome, and answers on a
 * verified custom domain too. Prints
 * `port=<n> pid=<its pid> handle=<site handle> domain=<domain>` once listening; exits on SIGTERM/SIGINT or when
 * the parent's IPC channel closes.
 *
 * Env: as lib/http-server.ts (BENCH_DB, BENCH_DB_URL, BENCH_LOG_LEVEL).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../../server/app';
import { openDatabase } from '../../../server/db';
import { migrateToLatest } from '../../../server/db/migrate';
import { scoped } from '../../../server/db/scoped';
import { buildDeps } from '../../../server/deps';
import { seedDemoWorkspace } from '../../../server/demo/demo';
import { createLogger } from '../../../server/logging';
import { publishableData, storeVersion } from '../../../server/sites/publish';
import { insertPage, templateOf } from '../../../server/sites/service';
import { databaseOptions } from '../../../server/server';
import { benchServerConfig } from './server-config';

export const BENCH_SITE_DOMAIN = 'bench-site.test';
export const BENCH_PAGE_PATH = '/welcome';

const { kind, config } = benchServerConfig();
const database = await openDatabase(kind === 'postgres' ? databaseOptions(config) : { kind: 'pglite', dataDir: undefined });
await migrateToLatest(database.db);
const { organizationId } = await seedDemoWorkspace(database.db, config.publicUrl);
const org = scoped(database.forOrganization(organizationId), organizationId);
const site = await org.selectFrom('sites').select(['id', 'name', 'handle', 'settings']).orderBy('created_at').executeTakeFirstOrThrow();
// A page in no funnel (the demo funnel counts visits to the landing and thank-you pages).
if (!(await org.selectFrom('site_pages').select('id').where('site_id', '=', site.id).where('path', '=', BENCH_PAGE_PATH).executeTakeFirst())) {
  const { owner } = await database.db.selectFrom('memberships').select('user_id as owner').where('organization_id', '=', organizationId).limit(1).executeTakeFirstOrThrow();
  const template = templateOf('thank-you');
  const db = database.forOrganization(organizationId);
  const pageId = await insertPage(db, organizationId, site.id, { path: BENCH_PAGE_PATH, title: 'Welcome', description: template.pageDescription, data: template.data });
  const page = await scoped(db, organizationId).selectFrom('site_pages').selectAll().where('id', '=', pageId).executeTakeFirstOrThrow();
  await storeVersion(db, { db, organizationId, deps: { config } }, site, page, publishableData(template.data), owner);
}
await org
  .insertInto('site_domains', { site_id: site.id, domain: BENCH_SITE_DOMAIN, verification_token: 'bench', verified_at: new Date() })
  .onConflict((oc) => oc.column('domain').doNothing())
  .execute();

const logger = createLogger(config);
// Nothing started: serving a published page enqueues nothing.
const deps = buildDeps({ config, database, logger });
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`port=${info.port} pid=${process.pid} handle=${site.handle} domain=${BENCH_SITE_DOMAIN} page=${BENCH_PAGE_PATH}\n`);
});

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
process.once('disconnect', shutdown);
