import { Hono } from 'hono';
import { requireOrg } from '../http/auth';
import { readQuery } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { exportReportCsv } from './csv';
import { REPORTS, ZReportRange } from './schema';

/**
 * CSV exports: GET /api/reports/<report>.csv?period=30d (or ?from=YYYY-MM-DD&to=YYYY-MM-DD, and
 * pipelineId for the pipeline report). One fixed route per report: the path names a report, not a record.
 */
export const reportsRest = new Hono<AppEnv>();

for (const report of REPORTS) {
  reportsRest.get(`/${report}.csv`, requireOrg('reports:read'), async (c) => {
    const { filename, csv } = await exportReportCsv(orgContextOf(c), report, readQuery(c, ZReportRange));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    });
  });
}
