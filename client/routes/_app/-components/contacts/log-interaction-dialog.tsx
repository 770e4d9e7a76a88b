import { type FormEvent, useId, useState } from 'react';
import { FormAlert, SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { Textarea } from '../../../../components/ui/textarea';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { CONTACT_LIMITS, INTERACTION_OUTCOME_LABELS, INTERACTION_OUTCOMES, type TInteractionKind, ZLogInteractionInput } from '../../../../../server/contacts/schema';

const FIELDS = ['kind', 'outcome', 'notes'] as const;
const KIND_LABELS: Record<TInteractionKind, string> = { call: 'Call', meeting: 'Meeting' };

/** Logs a call or a meeting with the contact and how it went; it lands on the contact's timeline. */
export function LogInteractionDialog({ contact, open, onOpenChange }: { contact: { id: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">{open ? <LogInteractionForm contact={contact} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function LogInteractionForm({ contact, onDone }: { contact: { id: string; name: string }; onDone: () => void }) {
  const utils = trpc.useUtils();
  const log = trpc.contacts.logInteraction.useMutation();
  const notesId = useId();
  const [kind, setKind] = useState<TInteractionKind>('call');
  const [outcome, setOutcome] = useState<string>(INTERACTION_OUTCOMES.call[0]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZLogInteractionInput, { contactId: contact.id, kind, outcome, ...(notes.trim() ? { notes } : {}) });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await log.mutateAsync(parsed.data);
      await utils.contacts.timeline.invalidate({ id: contact.id });
      toast({ title: `${KIND_LABELS[kind]} logged`, description: `It is on ${contact.name}’s timeline.` });
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, 'Could not log it');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Log a call or meeting</DialogTitle>
        <DialogDescription>With {contact.name}, on their timeline.</DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <SegmentedControl
        label="Kind"
        value={kind}
        options={(Object.keys(KIND_LABELS) as TInteractionKind[]).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        onValueChange={(next) => {
          setKind(next);
          setOutcome(INTERACTION_OUTCOMES[next][0]);
        }}
      />
      <SelectField label="Outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)} error={errors.outcome}>
        {INTERACTION_OUTCOMES[kind].map((o) => (
          <option key={o} value={o}>
            {INTERACTION_OUTCOME_LABELS[o]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-1.5">
        <Label htmlFor={notesId}>Notes</Label>
        <Textarea
          id={notesId}
          value={notes}
          maxLength={CONTACT_LIMITS.note}
          placeholder="What was said, what comes next…"
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
        />
        {errors.notes ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Notes', errors.notes)}</p> : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={log.isPending}>
          {log.isPending ? 'Logging…' : `Log ${KIND_LABELS[kind].toLowerCase()}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
