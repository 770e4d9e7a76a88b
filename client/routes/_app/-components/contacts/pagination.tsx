import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input, Label, Select } from '../../../../components/ui/input';

/**
 * Page controls under a paged list: what is shown out of the total, rows per page, first/previous/
 * next/last, and a page number to jump to.
 */
export function Pagination({
  page,
  pages,
  limit,
  sizes,
  onPage,
  onLimit,
}: {
  page: number;
  pages: number;
  limit: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const id = useId();
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {sizes.length > 1 ? (
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-size`} className="font-normal text-gray-600 dark:text-gray-400">
            Rows per page
          </Label>
          <Select id={`${id}-size`} value={limit} onChange={(e) => onLimit(Number(e.target.value))} className="w-20">
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label="First page" disabled={page <= 1} onClick={() => onPage(1)}>
          <ChevronsLeftIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="icon" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon className="size-4" aria-hidden />
        </Button>
        <PageJump key={page} page={page} pages={pages} onPage={onPage} />
        <Button variant="outline" size="icon" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronRightIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="icon" aria-label="Last page" disabled={page >= pages} onClick={() => onPage(pages)}>
          <ChevronsRightIcon className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

function PageJump({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(String(page));
  const go = () => {
    const n = Math.trunc(Number(draft));
    if (Number.isFinite(n) && n >= 1 && n <= pages && n !== page) onPage(n);
    else setDraft(String(page));
  };
  return (
    <div className="flex items-center gap-1.5 px-1 text-sm text-gray-600 dark:text-gray-400">
      <Label htmlFor={id} className="font-normal text-gray-600 dark:text-gray-400">
        Page
      </Label>
      <Input
        id={id}
        inputMode="numeric"
        value={draft}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Enter' && go()}
        onBlur={go}
        className="h-9 w-14 text-center"
        aria-describedby={`${id}-of`}
      />
      <span id={`${id}-of`}>of {new Intl.NumberFormat().format(pages)}</span>
    </div>
  );
}
