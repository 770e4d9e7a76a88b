import { Hono } from 'hono';
import { DomainError } from '../errors';
import { requireOrg } from '../http/auth';
import type { AppEnv } from '../http/env';
import { exportContacts } from './export';
import { importErrorsCsv, previewUpload } from './imports';

const LISTS = new Set(['columns']);
const EXPORT_KEYS = ['q', 'tag', 'ownerId', 'lifecycleStage', 'source', 'createdFrom', 'createdTo', 'doNotContact', 'sort', 'direction', 'columns', 'viewId'];

/** The export's query string as its input: known keys only, empty values left out, lists comma-separated. */
function exportInput(query: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of EXPORT_KEYS) {
    const value = query[key]?.trim();
    if (!value) continue;
    input[key] = LISTS.has(key)
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value;
  }
  return input;
}

const disposition = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Contacts files: the CSV export of a filter or view, an import's upload and its row errors. Cookie or API key. */
export const contactsRest = new Hono<AppEnv>()
  .get('/export.csv', requireOrg('data:export'), async (c) => {
    const { auth, deps, meta } = c.var;
    const result = await exportContacts({ db: deps.database.db, organizationId: auth.organization.id, auth, meta }, exportInput(c.req.query()));
    return c.body(result.stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition(result.filename),
      'Cache-Control': 'no-store',
      'X-Total-Count': String(result.total),
    });
  })
  // The import's file as it is on disk (any encoding; size limit in http/body-limit.ts): its preview and decoded text.
  .post('/imports/preview', requireOrg('data:import'), async (c) => {
    const { auth, deps } = c.var;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await previewUpload({ db: deps.database.db, organizationId: auth.organization.id, auth }, bytes));
  })
  .get('/imports/:id/errors.csv', requireOrg('data:import'), async (c) => {
    const { auth, deps } = c.var;
    const id = c.req.param('id');
    // A malformed id names no import, like another organization's.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new DomainError('NOT_FOUND', 'Import not found');
    const result = await importErrorsCsv({ db: deps.database.db, organizationId: auth.organization.id }, { id });
    return c.body(result.body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition(result.filename),
      'Cache-Control': 'no-store',
    });
  });
