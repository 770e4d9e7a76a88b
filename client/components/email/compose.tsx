import { keepPreviousData } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import { useCan } from '../../lib/auth';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { EMAIL_SEND_LIMITS, ZSendEmailInput } from '../../../server/email/schema';
import { FormAlert, SelectField, TextField } from '../form';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/input';
import { Textarea } from '../ui/textarea';
import { EmailTemplatesDialog } from './templates';

const FIELDS = ['to', 'subject', 'text', 'templateId'] as const;

/** Who the e-mail goes to: a contact (its address and its fields fill the variables) or a typed address. */
export type ComposeRecipient = { contactId: string; name: string; email: string | null } | null;

/**
 * One e-mail to one person: a template to start from, the variables the contact does not fill, a
 * live preview of the subject and text as they will be sent, and Send. The e-mail lands on the
 * contact's timeline, where its state follows it. Used by a contact's page and by /conversations.
 */
export function ComposeEmailDialog({
  open,
  onOpenChange,
  recipient,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipient: ComposeRecipient;
  onSent?: (sent: { id: string; status: string }) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open ? (
          <ComposeEmailForm
            recipient={recipient}
            onDone={(sent) => {
              onOpenChange(false);
              if (sent) onSent?.(sent);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ComposeEmailForm({ recipient, onDone }: { recipient: ComposeRecipient; onDone: (sent?: { id: string; status: string }) => void }) {
  const utils = trpc.useUtils();
  const canManage = useCan('email:manage');
  const templates = trpc.email.templates.useQuery();
  const send = trpc.email.send.useMutation();
  const textId = useId();
  const [to, setTo] = useState(recipient?.email ?? '');
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [managing, setManaging] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The same request a send makes, for the server to fill in as it would.
  const target = recipient?.contactId ?? to.trim();
  const draft = useDeferredValue({ to: target, subject, text, variables });
  const preview = trpc.email.preview.useQuery(draft, { enabled: draft.to !== '' && (draft.subject !== '' || draft.text !== ''), placeholderData: keepPreviousData, retry: false });
  const needed = useMemo(() => [...new Set([...(preview.data?.missing ?? []), ...Object.keys(variables)])], [preview.data?.missing, variables]);

  function pickTemplate(id: string) {
    setTemplateId(id);
    const template = templates.data?.find((t) => t.id === id);
    if (!template) return;
    setSubject(template.subject);
    setText(template.body);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const filled = Object.fromEntries(Object.entries(variables).filter(([, v]) => v.trim() !== ''));
    const input = { to: target, subject, text, variables: filled, ...(templateId ? { templateId } : {}) };
    const parsed = validateForm(ZSendEmailInput, input);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      // The input as typed: the server parses it (`to` becomes a contact or an address there).
      const sent = await send.mutateAsync(input);
      toast({
        title: sent.status === 'suppressed' ? 'E-mail not sent' : 'E-mail queued',
        description: sent.status === 'suppressed' ? 'The address is on the suppression list.' : `To ${recipient?.name ?? to}.`,
      });
      if (recipient) await Promise.all([utils.contacts.timeline.invalidate({ id: recipient.contactId }), utils.email.list.invalidate()]);
      onDone(sent);
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, [...FIELDS, ...needed.map((n) => `variables.${n}`)], 'Could not send the e-mail');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Compose e-mail">
        <DialogHeader>
          <DialogTitle>E-mail {recipient?.name ?? ''}</DialogTitle>
          <DialogDescription>{recipient ? `To ${recipient.email ?? 'no address'}; it goes on their timeline.` : 'One e-mail to one address.'}</DialogDescription>
        </DialogHeader>
        <FormAlert message={formError} />
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-4">
            {recipient ? null : <TextField label="To" type="email" autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} error={errors.to} maxLength={EMAIL_SEND_LIMITS.address} />}
            <div className="flex items-end gap-2">
              <SelectField label="Template" className="flex-1" value={templateId} onChange={(e) => pickTemplate(e.target.value)} error={errors.templateId}>
                <option value="">No template</option>
                {(templates.data ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectField>
              {canManage ? (
                <Button type="button" variant="outline" onClick={() => setManaging(true)}>
                  Manage
                </Button>
              ) : null}
            </div>
            <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} error={errors.subject} maxLength={EMAIL_SEND_LIMITS.subject} />
            <div className="grid gap-1.5">
              <Label htmlFor={textId}>Message</Label>
              <Textarea
                id={textId}
                rows={8}
                value={text}
                maxLength={EMAIL_SEND_LIMITS.text}
                placeholder="Hi {{firstName|there}},"
                onChange={(e) => setText(e.target.value)}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={`${textId}-hint`}
              />
              <p id={`${textId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
                {'{{firstName}}, {{lastName}}, {{email}}, {{company}}… come from the contact; {{name|fallback}} uses the fallback when it is empty.'}
              </p>
              {errors.text ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Message', errors.text)}</p> : null}
            </div>
            {needed.length > 0 ? (
              <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
                <legend className="px-1 text-sm font-medium">Variables the contact does not fill</legend>
                {needed.map((name) => (
                  <TextField
                    key={name}
                    label={name}
                    value={variables[name] ?? ''}
                    onChange={(e) => setVariables((v) => ({ ...v, [name]: e.target.value }))}
                    error={errors[`variables.${name}`]}
                    maxLength={EMAIL_SEND_LIMITS.variable}
                  />
                ))}
              </fieldset>
            ) : null}
          </div>
          <section aria-label="Preview" className="grid content-start gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm dark:border-gray-800 dark:bg-gray-900">
            <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">Preview</h3>
            {preview.data ? (
              <>
                <p className="font-medium break-words text-gray-900 dark:text-gray-100" data-testid="email-preview-subject">
                  {preview.data.subject || <span className="text-gray-500">No subject</span>}
                </p>
                <p className="whitespace-pre-wrap break-words text-gray-800 dark:text-gray-200" data-testid="email-preview-text">
                  {preview.data.text}
                </p>
                {preview.data.missing.length > 0 ? <p className="text-xs text-amber-700 dark:text-amber-400">Still to fill: {preview.data.missing.join(', ')}</p> : null}
              </>
            ) : (
              <p className="text-gray-500 dark:text-gray-400">
                {preview.error ? 'The preview shows once the recipient and the message are valid.' : 'Write a subject or a message to see it as it will be sent.'}
              </p>
            )}
          </section>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <SendIcon className="size-4" aria-hidden />
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </DialogFooter>
      </form>
      {/* Outside the form: React carries a nested dialog's submit up through its portal. */}
      {canManage ? <EmailTemplatesDialog open={managing} onOpenChange={setManaging} /> : null}
    </>
  );
}
