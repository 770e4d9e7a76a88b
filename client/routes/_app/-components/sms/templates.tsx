import { FileTextIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { trackEvent } from '../../../../lib/analytics';
import { errorMessageOf } from '../../../../lib/errors';
import { PHONE_HINT, renderTemplate, templateVariables } from '../../../../lib/sms-schema';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { missingInformation, toastSendError } from './feedback';
import { MessageField } from './message-field';

type Template = { id: string; name: string; category: string; message: string; variables: string[] };

/** Templates: send one with its variables (spec §2.10), and keep the list (create, edit, delete). */
export function TemplatesTab({ canSend }: { canSend: boolean }) {
  const templates = trpc.sms.templates.useQuery();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SendTemplateCard templates={templates.data ?? []} canSend={canSend} />
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-2">
          <div>
            <CardTitle as="h2">Your templates</CardTitle>
            <CardDescription>Write {'{{name}}'} where a value goes; each placeholder becomes a variable.</CardDescription>
          </div>
          {canSend ? (
            <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
              <PlusIcon className="size-4" aria-hidden />
              New template
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {editing ? <TemplateForm key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
          <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800" aria-label="Templates">
            {(templates.data ?? []).map((t) => (
              <li key={t.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <FileTextIcon className="size-4 text-gray-500" aria-hidden />
                    {t.name}
                    <Badge>{t.category}</Badge>
                  </p>
                  <p className="mt-1 text-sm break-words text-gray-600 dark:text-gray-400">{t.message}</p>
                </div>
                {canSend ? (
                  <div className="flex shrink-0 gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                      <PencilIcon className="size-4" aria-hidden />
                    </Button>
                    <DeleteTemplate template={t} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function SendTemplateCard({ templates, canSend }: { templates: Template[]; canSend: boolean }) {
  const [templateId, setTemplateId] = useState('');
  const [to, setTo] = useState('');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const template = templates.find((t) => t.id === templateId);
  const preview = template ? renderTemplate(template.message, variables) : null;
  const utils = trpc.useUtils();
  const send = trpc.sms.sendTemplate.useMutation({
    onSuccess: () => {
      toast({ title: 'Template SMS Sent', description: 'Template message delivered successfully' });
      trackEvent('template_sms_sent', { category: 'SMS' });
      // Spec §4.7: the variables are cleared, the template and number stay for the next one.
      setVariables(Object.fromEntries((template?.variables ?? []).map((v) => [v, ''])));
      void utils.sms.invalidate();
    },
    onError: (error) => toastSendError(error, { failedTitle: 'Template SMS Failed', errorTitle: 'Template SMS Failed', fallback: 'Failed to send template SMS' }),
  });

  function choose(id: string) {
    setTemplateId(id);
    const chosen = templates.find((t) => t.id === id);
    setVariables(Object.fromEntries((chosen?.variables ?? []).map((v) => [v, ''])));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!templateId || !to.trim()) return missingInformation('Please select a template and enter phone number');
    send.mutate({ to: to.trim(), templateId, variables });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send a template</CardTitle>
        <CardDescription>Choose a template, fill in its variables, send.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <SelectField label="Template" value={templateId} onChange={(e) => choose(e.target.value)}>
            <option value="">Select a template…</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Phone number" type="tel" autoComplete="tel" value={to} onChange={(e) => setTo(e.target.value)} placeholder="+1 555 123 4567" hint={PHONE_HINT} />
          {template?.variables.map((name) => (
            <TextField key={name} label={name} value={variables[name] ?? ''} onChange={(e) => setVariables((v) => ({ ...v, [name]: e.target.value }))} />
          ))}
          {preview ? <MessageField label="Message" value={preview.text} readOnly /> : null}
          <div>
            <Button type="submit" disabled={send.isPending || !canSend}>
              <SendIcon className="size-4" aria-hidden />
              {send.isPending ? 'Sending...' : 'Send Template SMS'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function TemplateForm({ template, onDone }: { template: Template | null; onDone: () => void }) {
  const [name, setName] = useState(template?.name ?? '');
  const [category, setCategory] = useState(template?.category ?? '');
  const [message, setMessage] = useState(template?.message ?? '');
  const utils = trpc.useUtils();
  const saved = () => {
    void utils.sms.templates.invalidate();
    toast({ title: template ? 'Template saved' : 'Template created' });
    onDone();
  };
  const create = trpc.sms.createTemplate.useMutation({ onSuccess: saved });
  const update = trpc.sms.updateTemplate.useMutation({ onSuccess: saved });
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const variables = templateVariables(message);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (template) update.mutate({ id: template.id, name, category, message });
    else create.mutate({ name, category, message });
  }

  return (
    <form className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800" onSubmit={submit} aria-label={template ? `Edit ${template.name}` : 'New template'}>
      <FormAlert message={error ? errorMessageOf(error, 'Could not save the template') : null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
        <TextField label="Category" value={category} onChange={(e) => setCategory(e.target.value)} required />
      </div>
      <MessageField label="Template message" value={message} onChange={setMessage} />
      <p className="text-xs text-gray-600 dark:text-gray-400">Variables: {variables.length > 0 ? variables.join(', ') : 'none'}</p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : template ? 'Save template' : 'Create template'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteTemplate({ template }: { template: Template }) {
  const utils = trpc.useUtils();
  const remove = trpc.sms.deleteTemplate.useMutation({
    onSuccess: () => void utils.sms.templates.invalidate(),
    onError: (error) => toast({ title: 'Could not delete the template', description: errorMessageOf(error, 'Please try again'), variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button size="icon" variant="ghost" aria-label={`Delete ${template.name}`}>
          <Trash2Icon className="size-4" aria-hidden />
        </Button>
      }
      title={`Delete “${template.name}”?`}
      description="Messages already sent with it are kept."
      confirmLabel="Delete template"
      pendingLabel="Deleting..."
      onConfirm={() => remove.mutateAsync({ id: template.id }).catch(() => undefined)}
    />
  );
}
