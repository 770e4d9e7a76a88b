import { CheckIcon, XIcon } from 'lucide-react';
import { useT } from '../../i18n';

/** A cell: text, or yes/no shown as a mark with a spoken label. */
export type ComparisonCell = string | boolean;
export type ComparisonRow = { label: string; cells: readonly ComparisonCell[] };

function Cell({ value }: { value: ComparisonCell }) {
  const { t } = useT();
  if (value === true)
    return (
      <>
        <CheckIcon className="inline size-4 text-green-700 dark:text-green-400" aria-hidden />
        <span className="sr-only">{t('marketing.yes')}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <XIcon className="inline size-4 text-gray-500" aria-hidden />
        <span className="sr-only">{t('marketing.no')}</span>
      </>
    );
  return <>{value}</>;
}

/** Us against other vendors, row by row; the first column is ours and is highlighted. Scrolls sideways on phones. */
export function ComparisonTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly ComparisonRow[] }) {
  const { t } = useT();
  return (
    // relative: screen-reader-only marks inside stay within the scroller instead of widening the page.
    <div className="relative overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-900">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-semibold text-gray-900 dark:text-white">
              <span className="sr-only">{t('marketing.criterion')}</span>
            </th>
            {columns.map((column, i) => (
              <th
                key={column}
                scope="col"
                className={i === 0 ? 'px-4 py-3 text-start font-semibold text-indigo-700 dark:text-indigo-300' : 'px-4 py-3 text-start font-semibold text-gray-900 dark:text-white'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-4 py-3 text-start font-medium text-gray-900 dark:text-white">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={i} className={i === 0 ? 'bg-indigo-50/60 px-4 py-3 font-medium text-gray-900 dark:bg-indigo-950/40 dark:text-white' : 'px-4 py-3 text-gray-700 dark:text-gray-300'}>
                  <Cell value={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
