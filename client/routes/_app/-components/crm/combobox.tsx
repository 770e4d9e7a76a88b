import { CircleAlertIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Input, Label } from '../../../../components/ui/input';
import { focusRing } from '../../../../components/ui/focus';
import { cn } from '../../../../lib/cn';
import { fieldMessage } from '../../../../lib/forms';

export type ComboOption = { id: string; label: string; description?: string | null };

/** Options for a search text; `enabled` is false while the list is closed (nothing is fetched then). */
export type UseComboOptions = (query: string, enabled: boolean) => { options: ComboOption[]; loading: boolean; error?: string | null };

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * For a Radix dialog holding comboboxes: Escape first closes an open suggestion list, not the dialog
 * (Radix hears Escape on the document before the field does).
 */
export function keepDialogOnListEscape(event: KeyboardEvent): void {
  const target = event.target as HTMLElement | null;
  if (target?.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') event.preventDefault();
}

/**
 * Pick one record by typing part of its name (ARIA 1.2 combobox with a list): arrow keys move
 * through the suggestions, Enter picks, Escape closes, the clear button empties the choice.
 */
export function EntityCombobox({
  label,
  value,
  onChange,
  useOptions,
  placeholder = 'Type to search…',
  error,
  hint,
  disabled,
  emptyText = 'No matches',
  className,
  name,
}: {
  label: string;
  value: ComboOption | null;
  onChange: (option: ComboOption | null) => void;
  useOptions: UseComboOptions;
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
  emptyText?: string;
  className?: string;
  name?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), 200);
  const { options, loading, error: loadError } = useOptions(query, open);
  const shown = editing ? text : (value?.label ?? '');
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;

  function openList() {
    if (disabled) return;
    if (!editing) {
      setText('');
      setEditing(true);
    }
    setOpen(true);
    setActive(0);
  }

  function pick(option: ComboOption | null) {
    onChange(option);
    setOpen(false);
    setEditing(false);
    setText('');
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        if (open && activeOption) {
          event.preventDefault();
          pick(activeOption);
        }
        break;
      case 'Escape':
        if (open || editing) {
          event.preventDefault();
          setOpen(false);
          setEditing(false);
          setText('');
        }
        break;
    }
  }

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          ref={input}
          id={id}
          name={name}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-opt-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={value ? undefined : placeholder}
          disabled={disabled}
          value={shown}
          className={cn(value && !editing ? 'pr-16' : 'pr-9')}
          onChange={(e) => {
            setText(e.target.value);
            setEditing(true);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? undefined : openList())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setEditing(false);
            setText('');
          }}
        />
        <span className="pointer-events-none absolute inset-y-0 right-2 flex items-center gap-1">
          {loading && open ? <LoaderCircleIcon className="size-4 animate-spin text-gray-400" aria-hidden /> : null}
        </span>
        {value && !editing && !disabled ? (
          <button
            type="button"
            aria-label={`Clear ${label.toLowerCase()}`}
            className={cn(
              'absolute inset-y-0 right-1 my-auto inline-flex size-7 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white',
              focusRing,
            )}
            onClick={() => {
              pick(null);
              input.current?.focus();
            }}
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        ) : null}
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
          >
            {options.map((option, i) => (
              <li
                key={option.id}
                id={`${id}-opt-${option.id}`}
                role="option"
                aria-selected={activeOption?.id === option.id}
                className={cn(
                  'cursor-pointer px-3 py-1.5',
                  activeOption?.id === option.id ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-gray-900 dark:text-gray-100',
                )}
                // Keeps focus in the field so its blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(option)}
              >
                <span className="block truncate font-medium">{option.label}</span>
                {option.description ? <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{option.description}</span> : null}
              </li>
            ))}
            {options.length === 0 ? (
              <li role="presentation" className="px-3 py-2 text-gray-500 dark:text-gray-400">
                {loadError ?? (loading ? 'Searching…' : emptyText)}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1 text-sm text-red-600 dark:text-red-400">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{fieldMessage(label, error)}</span>
        </p>
      ) : null}
    </div>
  );
}
