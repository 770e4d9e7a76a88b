import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input, Label } from '../../../../components/ui/input';
import { useDebounced } from './combobox';

/** Typing updates the URL after a short pause (no request per keystroke); Enter applies at once. */
export function SearchBox({ value, onChange, placeholder, label = 'Search' }: { value: string; onChange: (q: string) => void; placeholder: string; label?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only a settled change of the text is applied; `value` changing from outside re-keys this box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <div className="flex w-full flex-col gap-1 sm:w-64">
      <Label htmlFor={id} className="text-xs text-gray-600 dark:text-gray-400">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          className="pl-8"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange(text.trim());
          }}
        />
      </div>
    </div>
  );
}
