import { Link } from '@tanstack/react-router';
import { CheckCircle2Icon } from 'lucide-react';
import { useState } from 'react';
import type { TCommandRecord } from '../../../server/commands/schema';
import { Button } from '../ui/button';
import { Textarea } from '../ui/textarea';
import type { Plan } from './plan';

/**
 * The step between words and action: what the command will do, why it cannot (no such contact, an
 * unsure match), the text still to write, and Run / Cancel. Enter runs, Escape cancels.
 */
export function CommandConfirm({ plan, busy, onConfirm, onCancel }: { plan: Plan; busy: boolean; onConfirm: (message?: string) => void; onCancel: () => void }) {
  const [message, setMessage] = useState('');
  const ready = !plan.blocked && !busy && (!plan.needsMessage || message.trim().length > 0);
  return (
    <div
      role="group"
      aria-label="Confirm the command"
      className="flex flex-col gap-3 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/10"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p className="text-sm font-medium text-gray-900 dark:text-gray-100" data-testid="command-plan">
        {plan.title}
      </p>
      {plan.blocked ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {plan.blocked}
        </p>
      ) : null}
      {plan.needsMessage && !plan.blocked ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Message</span>
          <Textarea
            autoFocus
            value={message}
            maxLength={1600}
            onChange={(event) => setMessage(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && ready) {
                event.preventDefault();
                onConfirm(message);
              }
            }}
          />
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        {plan.blocked ? null : (
          <Button size="sm" autoFocus={!plan.needsMessage} disabled={!ready} onClick={() => onConfirm(message)}>
            {plan.parsed.effect === 'send' ? 'Send' : 'Confirm'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** 'Command Executed' (spec §2.7): what was done, and a link to it. */
export function CommandExecuted({ record, onOpen }: { record: TCommandRecord; onOpen?: () => void }) {
  return (
    <div role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10">
      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-emerald-900 dark:text-emerald-200">Command Executed</p>
        <p className="text-emerald-900 dark:text-emerald-100">{record.summary}</p>
        {record.link ? (
          <Link to={record.link} onClick={onOpen} className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
            Open
          </Link>
        ) : null}
      </div>
    </div>
  );
}
