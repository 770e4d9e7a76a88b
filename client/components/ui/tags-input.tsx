import { XIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus';

/**
 * A list of short labels typed one by one: Enter, Tab (with text) or a comma adds what was typed,
 * Backspace in an empty box removes the last one, each chip has its own remove button. Repeats are
 * ignored. `suggestions` are offered by the browser's own list (datalist).
 */
export function TagsInput({
  value,
  onChange,
  suggestions = [],
  maxLength,
  placeholder = 'Add a tag and press Enter',
  className,
  id: givenId,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'list'> & {
  value: readonly string[];
  onChange: (next: string[]) => void;
  suggestions?: readonly string[];
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const listId = `${id}-suggestions`;
  const [draft, setDraft] = useState('');

  function add(text: string) {
    const tag = text.trim().replace(/\s+/g, ' ');
    setDraft('');
    if (!tag || value.includes(tag)) return;
    onChange([...value, tag]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Enter') {
      // An empty box never submits the surrounding form by accident.
      event.preventDefault();
    } else if (event.key === 'Tab' && draft.trim()) {
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const offered = suggestions.filter((s) => !value.includes(s));
  return (
    <div
      data-slot="tags-input"
      className={cn(
        'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm shadow-sm',
        'focus-within:ring-2 focus-within:ring-indigo-500 has-[input[aria-invalid=true]]:border-red-500 dark:border-gray-700 dark:bg-gray-950',
        className,
      )}
    >
      {value.length > 0 ? (
        <ul className="contents" aria-label="Chosen">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 ring-inset dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className={cn('inline-flex size-4 items-center justify-center rounded-full hover:bg-indigo-100 dark:hover:bg-indigo-900', focusRing, 'focus-visible:ring-offset-0')}
              >
                <XIcon className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        value={draft}
        maxLength={maxLength}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(e) => {
          const text = e.target.value;
          // A pasted "a, b, c" becomes three tags.
          if (text.includes(',')) {
            const parts = text.split(',');
            const last = parts.pop() ?? '';
            const fresh = parts.map((p) => p.trim().replace(/\s+/g, ' ')).filter((p, i, all) => p && !value.includes(p) && all.indexOf(p) === i);
            if (fresh.length > 0) onChange([...value, ...fresh]);
            setDraft(last);
          } else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add(draft)}
        list={offered.length > 0 ? listId : undefined}
        autoComplete="off"
        className="h-7 min-w-24 flex-1 bg-transparent text-gray-900 outline-none placeholder:text-gray-400 dark:text-gray-100 dark:placeholder:text-gray-500"
        {...props}
      />
      {offered.length > 0 ? (
        <datalist id={listId}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}
