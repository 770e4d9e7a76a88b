import { startsFormula } from '../contacts/csv';
import type { OrgContext } from '../kernel/context';
import { majorUnits } from './money';
import { getReport, type Report, type ReportCell, type ReportColumn } from './reports';
import type { TReportKey, TReportRange } from './schema';

/**
 * RFC 4180 CSV: a header line, CRLF line ends, fields quoted when they hold a comma, a quote, CR
 * or LF, quotes doubled. Text that a spreadsheet would run as a formula (the contacts export's
 * rule, `startsFormula`: =, @, tab, CR, or a sign not followed by a plain number) is prefixed with an apostrophe.
 */
export function csvField(value: ReportCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && startsFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReportCell[]): string {
  return values.map(csvField).join(',');
}

function cell(column: ReportColumn, value: ReportCell, currency: string): ReportCell {
  if (value === null || value === undefined) return null;
  if (column.type === 'money' && typeof value === 'number') return majorUnits(value, currency);
  if (column.type === 'percent' && typeof value === 'number') return value.toFixed(1);
  return value;
}

export function reportToCsv(report: Report): string {
  const header = report.columns.map((c) => (c.type === 'money' ? `${c.label} (${report.currency})` : c.label));
  const lines = [csvLine(header), ...report.rows.map((row) => csvLine(report.columns.map((c) => cell(c, row[c.key] ?? null, report.currency))))];
  if (report.totals) lines.push(csvLine(report.columns.map((c) => cell(c, report.totals![c.key] ?? null, report.currency))));
  return `${lines.join('\r\n')}\r\n`;
}

/** A report as an RFC 4180 CSV file, for GET /api/reports/<report>.csv?period=… (or from/to). */
export async function exportReportCsv(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, report: TReportKey, range: TReportRange, now = new Date()): Promise<{ filename: string; csv: string }> {
  const data = await getReport(ctx, { report, ...range }, now);
  return { filename: `${report}_${data.period.from}_${data.period.to}.csv`, csv: reportToCsv(data) };
}
