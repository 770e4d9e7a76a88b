import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Input } from '../../../../components/ui/input';

/**
 * A text box whose value is committed (to the URL) a moment after typing stops, on Enter and on
 * blur; it follows the committed value when that changes elsewhere (back button, a cleared filter).
 */
export function DebouncedInput({ value, onCommit, delay = 350, ...props }: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onCommit: (value: string) => void; delay?: number }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });

  // The committed value changed from outside: show it.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() !== value.trim()) commitRef.current(next.trim());
  }

  return (
    <Input
      {...props}
      value={draft}
      onChange={(e) => {
        const next = e.target.value;
        setDraft(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delay);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(draft);
        }
        props.onKeyDown?.(e);
      }}
      onBlur={(e) => {
        commit(draft);
        props.onBlur?.(e);
      }}
    />
  );
}
