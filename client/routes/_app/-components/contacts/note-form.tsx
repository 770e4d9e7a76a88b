import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { showError } from '../../../../lib/auth';
import { fieldMessage, serverFormErrors } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { CONTACT_LIMITS, ZAddNoteInput } from '../../../../../server/contacts/schema';

/** A note added to the contact's timeline (Ctrl/⌘+Enter submits). */
export function NoteForm({ contactId, onAdded }: { contactId: string; onAdded: () => void }) {
  const utils = trpc.useUtils();
  const add = trpc.contacts.addNote.useMutation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const id = useId();

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = ZAddNoteInput.safeParse({ contactId, body });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'body')?.message ?? 'is not a valid note');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(parsed.data);
      setBody('');
      setAnnounce('Note added to the timeline.');
      onAdded();
      await utils.contacts.timeline.invalidate({ id: contactId });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['body'], 'Could not add the note');
      setError(fieldErrors.body ?? null);
      if (message) showError(failure, 'Could not add the note');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-2">
      <Label htmlFor={id}>Add a note</Label>
      <Textarea
        id={id}
        value={body}
        maxLength={CONTACT_LIMITS.note}
        placeholder="What happened, what was agreed, what comes next…"
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void onSubmit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {fieldMessage('Note', error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          Ctrl+Enter (⌘+Enter on a Mac) adds it.
        </p>
        <Button type="submit" disabled={add.isPending || body.trim() === ''}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {announce}
      </p>
    </form>
  );
}
