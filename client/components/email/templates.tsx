import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { showError, useCan } from '../../lib/auth';
import { errorMessageOf } from '../../lib/errors';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { EMAIL_TEMPLATE_LIMITS, ZCreateEmailTemplateInput } from '../../../server/email/schema';
import { ConfirmDialog } from '../confirm-dialog';
import { FormAlert, TextField } from '../form';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/input';
import { Textarea } from '../ui/textarea';

type Template = { id: string; name: string; subject: string; body: string; variables: string[] };
const FIELDS = ['name', 'subject', 'body'] as const;

/** The organization's e-mail templates in a dialog (from the compose dialog's template picker). */
export function EmailTemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>E-mail templates</DialogTitle>
          <DialogDescription>Shared by the organization. {'{{firstName|there}}'} fills in the contact’s first name, or “there” without one.</DialogDescription>
        </DialogHeader>
        {open ? <EmailTemplates /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The list of templates; admins (email:manage) add, edit and delete them. */
export function EmailTemplates() {
  const canManage = useCan('email:manage');
  const templates = trpc.email.templates.useQuery();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  if (editing) return <TemplateForm template={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />;
  return (
    <div className="grid gap-3">
      {templates.error ? <FormAlert message={errorMessageOf(templates.error, 'Could not read the templates')} /> : null}
      {templates.data?.length === 0 ? <p className="text-sm text-gray-500 dark:text-gray-400">No templates yet.</p> : null}
      <ul aria-label="E-mail templates" className="grid gap-2">
        {(templates.data ?? []).map((t) => (
          <li key={t.id} className="flex items-start justify-between gap-3 rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-800">
            <div className="min-w-0">
              <p className="font-medium break-words">{t.name}</p>
              <p className="truncate text-sm text-gray-600 dark:text-gray-400">{t.subject}</p>
              {t.variables.length > 0 ? <p className="text-xs text-gray-500 dark:text-gray-400">Variables: {t.variables.join(', ')}</p> : null}
            </div>
            {canManage ? (
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="sm" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                  <PencilIcon className="size-4" aria-hidden />
                </Button>
                <DeleteTemplate template={t} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <div>
          <Button variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" aria-hidden />
            New template
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function DeleteTemplate({ template }: { template: Template }) {
  const utils = trpc.useUtils();
  const remove = trpc.email.deleteTemplate.useMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${template.name}`}>
          <Trash2Icon className="size-4" aria-hidden />
        </Button>
      }
      title={`Delete “${template.name}”?`}
      description="E-mails already sent from it keep their text."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: template.id });
          await utils.email.templates.invalidate();
          toast({ title: 'Template deleted' });
        } catch (error) {
          showError(error, 'Could not delete the template');
        }
      }}
    />
  );
}

function TemplateForm({ template, onDone }: { template?: Template; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.email.createTemplate.useMutation();
  const update = trpc.email.updateTemplate.useMutation();
  const bodyId = useId();
  const [values, setValues] = useState({ name: template?.name ?? '', subject: template?.subject ?? '', body: template?.body ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreateEmailTemplateInput, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      if (template) await update.mutateAsync({ id: template.id, ...parsed.data });
      else await create.mutateAsync(parsed.data);
      await utils.email.templates.invalidate();
      toast({ title: template ? 'Template saved' : 'Template created' });
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, 'Could not save the template');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={template ? 'Edit template' : 'New template'}>
      <FormAlert message={formError} />
      <TextField label="Name" value={values.name} maxLength={EMAIL_TEMPLATE_LIMITS.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} error={errors.name} />
      <TextField label="Subject" value={values.subject} maxLength={EMAIL_TEMPLATE_LIMITS.subject} onChange={(e) => setValues((v) => ({ ...v, subject: e.target.value }))} error={errors.subject} />
      <div className="grid gap-1.5">
        <Label htmlFor={bodyId}>Body</Label>
        <Textarea
          id={bodyId}
          rows={8}
          value={values.body}
          maxLength={EMAIL_TEMPLATE_LIMITS.body}
          placeholder="Hi {{firstName|there}},"
          onChange={(e) => setValues((v) => ({ ...v, body: e.target.value }))}
          aria-invalid={errors.body ? true : undefined}
        />
        {errors.body ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Body', errors.body)}</p> : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save template'}
        </Button>
      </div>
    </form>
  );
}
