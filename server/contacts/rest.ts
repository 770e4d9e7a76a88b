import { Hono } from 'hono';
import { DomainError, parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readQuery } from '../http/body';
import type { AppEnv } from '../http/env';
import { orgContextOf } from '../http/context';
import { exportContacts } from './export';
import { decodeUpload, importErrorsCsv, previewImport } from './imports';
import { ZExportContactsQuery, ZPreviewImportInput } from './schema';

const disposition = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Contacts files: the CSV export of a filter or view, an import's upload and its row errors. Cookie or API key. */
export const contactsRest = new Hono<AppEnv>()
  // The export is recorded in the audit log: not a read-only transaction (decision 028).
  .get('/export.csv', requireOrg('data:export', { writes: true }), async (c) => {
    const result = await exportContacts(orgContextOf(c), readQuery(c, ZExportContactsQuery));
    return c.body(result.stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition(result.filename),
      'Cache-Control': 'no-store',
      'X-Total-Count': String(result.total),
    });
  })
  // The import's file as it is on disk (any encoding; size limit in http/body-limit.ts): its preview and decoded text.
  .post('/imports/preview', requireOrg('data:import'), async (c) => {
    const upload = decodeUpload(new Uint8Array(await c.req.arrayBuffer()));
    // The decoded text through the same schema and guard option as imports.preview.
    const input = parseInput(ZPreviewImportInput, { csv: upload.csv }, { fileText: ['csv'] });
    return c.json({ ...(await previewImport(orgContextOf(c), input)), encoding: upload.encoding, csv: upload.csv });
  })
  .get('/imports/:id/errors.csv', requireOrg('data:import'), async (c) => {
    const id = c.req.param('id');
    // A malformed id names no import, like another organization's.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new DomainError('NOT_FOUND', 'Import not found');
    const result = await importErrorsCsv(orgContextOf(c), { id });
    return c.body(result.body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition(result.filename),
      'Cache-Control': 'no-store',
    });
  });
