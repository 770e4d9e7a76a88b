import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { cn } from '../../../../lib/cn';
import type { Report } from '../analytics/types';
import { formatCell } from './report-format';

/** A report's rows and totals as a table: the same figures the chart draws and the CSV export holds. */
export function ReportTable({ report }: { report: Report }) {
  const numeric = (type: string) => type !== 'text' && type !== 'date';
  return (
    <Table aria-label={`${report.title}: data`} className="text-xs">
      <THead>
        <Tr>
          {report.columns.map((column) => (
            <Th key={column.key} className={cn(numeric(column.type) && 'text-right')}>
              {column.label}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {report.rows.map((row, index) => (
          <Tr key={index}>
            {report.columns.map((column, i) =>
              i === 0 ? (
                <Th key={column.key} scope="row" className="font-medium normal-case">
                  {formatCell(column, row[column.key] ?? null, report)}
                </Th>
              ) : (
                <Td key={column.key} className={cn(numeric(column.type) && 'text-right tabular-nums')}>
                  {formatCell(column, row[column.key] ?? null, report)}
                </Td>
              ),
            )}
          </Tr>
        ))}
      </TBody>
      {report.totals ? (
        <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold dark:border-gray-700 dark:bg-gray-900">
          <Tr>
            {report.columns.map((column, i) =>
              i === 0 ? (
                <Th key={column.key} scope="row" className="normal-case">
                  Total
                </Th>
              ) : (
                <Td key={column.key} className={cn(numeric(column.type) && 'text-right tabular-nums')}>
                  {report.totals?.[column.key] === null || report.totals?.[column.key] === undefined ? '' : formatCell(column, report.totals[column.key] ?? null, report)}
                </Td>
              ),
            )}
          </Tr>
        </tfoot>
      ) : null}
    </Table>
  );
}
