import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldMessage } from '../../../../lib/forms';

export const LOST_REASON_MAX = 500;

/**
 * Moving a deal into a lost stage asks why: the reason is required (the server refuses a lost deal
 * without one) and shows on the deal and in the loss reports.
 */
export function LostReasonDialog({
  open,
  dealTitle,
  stageName,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  dealTitle: string;
  stageName: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<string | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent>{open ? <LostReasonForm dealTitle={dealTitle} stageName={stageName} onCancel={onCancel} onConfirm={onConfirm} /> : null}</DialogContent>
    </Dialog>
  );
}

function LostReasonForm({ dealTitle, stageName, onCancel, onConfirm }: { dealTitle: string; stageName: string; onCancel: () => void; onConfirm: (reason: string) => Promise<string | null> }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError('is required when a deal is lost');
    if (trimmed.length > LOST_REASON_MAX) return setError(`must be at most ${LOST_REASON_MAX} characters`);
    setError(null);
    setPending(true);
    try {
      setFormError(await onConfirm(trimmed));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Why was this deal lost?</DialogTitle>
        <DialogDescription>
          “{dealTitle}” moves to {stageName}. The reason is kept on the deal and in the loss reports.
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>Lost reason</Label>
        <Textarea
          id={id}
          autoFocus
          required
          maxLength={LOST_REASON_MAX + 50}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="e.g. Went with a competitor on price"
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldMessage('Lost reason', error)}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? 'Saving…' : 'Mark as lost'}
        </Button>
      </DialogFooter>
    </form>
  );
}
