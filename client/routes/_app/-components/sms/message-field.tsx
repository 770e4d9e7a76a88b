import { useId } from 'react';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { SMS_MAX_LENGTH, smsEncoding } from '../../../../lib/sms-schema';

/** The message box with its live counter: characters of 1600, encoding and segments (spec §2.10, §5). */
export function MessageField({
  value,
  onChange,
  label = 'Message',
  disabled,
  readOnly,
}: {
  value: string;
  onChange?: (value: string) => void;
  label?: string;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const id = useId();
  const info = smsEncoding(value);
  const segments = `${info.segments} segment${info.segments === 1 ? '' : 's'}`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        rows={5}
        maxLength={SMS_MAX_LENGTH}
        disabled={disabled}
        readOnly={readOnly}
        aria-describedby={`${id}-counter`}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="Type your message…"
      />
      <p id={`${id}-counter`} className="flex flex-wrap justify-between gap-2 text-xs text-gray-600 dark:text-gray-400" aria-live="polite">
        <span data-testid="sms-counter">
          {value.length}/{SMS_MAX_LENGTH} characters
        </span>
        <span data-testid="sms-encoding">
          {info.encoding} · {segments}
          {info.segments > 0 ? ` · ${info.remaining} left in this segment` : ''}
        </span>
      </p>
    </div>
  );
}
