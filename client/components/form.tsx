import { CheckIcon, CircleAlertIcon, CopyIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { fieldMessage } from '../lib/forms';
import { toast } from '../state/toast';
import { Button } from './ui/button';
import { Input, Label, Select } from './ui/input';
import { Textarea } from './ui/textarea';

type FieldChrome = { label: string; error?: string | undefined; hint?: ReactNode };

/** Label above, control, then the hint and the field's error (announced with the control). */
function FieldFrame({ id, label, error, hint, className, children }: FieldChrome & { id: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
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

function describedBy(id: string, { error, hint }: FieldChrome): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function TextField({ label, error, hint, className, id: givenId, ...props }: ComponentProps<'input'> & FieldChrome) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...props} />
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, className, id: givenId, children, ...props }: ComponentProps<'select'> & FieldChrome) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...props}>
        {children}
      </Select>
    </FieldFrame>
  );
}

export function TextareaField({ label, error, hint, className, id: givenId, ...props }: ComponentProps<'textarea'> & FieldChrome) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...props} />
    </FieldFrame>
  );
}

/** A message about the whole form (a server refusal, a network failure), announced when it appears. */
export function FormAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200', className)}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

/** Writes text to the clipboard; false when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** "Invite link" → "invite link" inside a sentence; "API key" keeps its capitals. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** A read-only value (invite link, API key secret) with a Copy button. */
export function CopyField({ label, value, hint, className }: { label: string; value: string; hint?: ReactNode; className?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(value)) {
      setCopied(true);
      return;
    }
    input.current?.select();
    toast({ title: 'Could not copy', description: 'Your browser blocked the clipboard. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.' });
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input ref={input} id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} aria-describedby={hint ? `${id}-hint` : undefined} className="font-mono text-xs" />
        <Button variant="outline" onClick={() => void copy()} aria-label={copied ? `${label} copied` : `Copy ${inSentence(label)}`}>
          {copied ? <CheckIcon className="size-4" aria-hidden /> : <CopyIcon className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
