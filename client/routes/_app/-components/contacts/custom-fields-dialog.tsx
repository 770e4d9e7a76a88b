import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { TagsInput } from '../../../../components/ui/tags-input';
import { showError } from '../../../../lib/auth';
import { fieldMessage, type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { CONTACT_LIMITS, CUSTOM_FIELD_TYPES, ZCreateCustomFieldInput, ZUpdateCustomFieldInput } from '../../../../../server/contacts/schema';
import { plural } from './labels';
import type { CustomField } from './types';

type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];
const TYPE_LABELS: Record<FieldType, string> = { text: 'Text', number: 'Number', date: 'Date', select: 'Choice from a list' };

/**
 * The organization's custom contact fields (settings:manage): add one by type, rename it, change a
 * list's options, order them, delete one (its values go from every contact, each on its timeline).
 */
export function CustomFieldsDialog({ open, onOpenChange, fields }: { open: boolean; onOpenChange: (open: boolean) => void; fields: readonly CustomField[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Custom fields</DialogTitle>
          <DialogDescription>Extra fields every contact has: filled in on the contact, imported from CSV columns, shown as table columns and exported.</DialogDescription>
        </DialogHeader>
        {fields.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">No custom fields yet. Add the first one below.</p>
        ) : (
          <ol aria-label="Custom fields" className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {fields.map((field, i) => (
              <li key={field.id} className="p-3">
                {editing === field.id ? (
                  <EditField field={field} onDone={() => setEditing(null)} />
                ) : deleting?.id === field.id ? (
                  <DeleteField field={field} onDone={() => setDeleting(null)} />
                ) : (
                  <FieldRow field={field} index={i} fields={fields} onEdit={() => setEditing(field.id)} onDelete={() => setDeleting(field)} />
                )}
              </li>
            ))}
          </ol>
        )}
        <AddField />
      </DialogContent>
    </Dialog>
  );
}

function FieldRow({ field, index, fields, onEdit, onDelete }: { field: CustomField; index: number; fields: readonly CustomField[]; onEdit: () => void; onDelete: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.customFields.update.useMutation();
  async function move(by: -1 | 1) {
    const order = [...fields];
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    try {
      // Positions become the list's order; only those that change are sent.
      for (const [position, f] of order.entries()) {
        if (f.position !== position) await update.mutateAsync({ id: f.id, position });
      }
    } catch (error) {
      showError(error, 'Could not reorder the fields');
    } finally {
      await utils.customFields.list.invalidate();
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900 dark:text-gray-100">
          <span>{field.label}</span>
          <Badge>{TYPE_LABELS[field.type]}</Badge>
        </p>
        <p className="mt-0.5 truncate text-xs text-gray-500 dark:text-gray-400">
          <code>{field.key}</code>
          {field.type === 'select' ? ` · ${field.options.join(', ')}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Move ${field.label} up`} disabled={index === 0 || update.isPending} onClick={() => void move(-1)}>
          <ArrowUpIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Move ${field.label} down`} disabled={index === fields.length - 1 || update.isPending} onClick={() => void move(1)}>
          <ArrowDownIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${field.label}`} onClick={onEdit}>
          <PencilIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-8 text-red-600 dark:text-red-400" aria-label={`Delete ${field.label}`} onClick={onDelete}>
          <Trash2Icon className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function OptionsInput({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Options</Label>
      <TagsInput
        id={id}
        value={value}
        onChange={onChange}
        maxLength={CONTACT_LIMITS.customFieldOption}
        placeholder="Type an option and press Enter"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
        The choices offered, in this order.
      </p>
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Options', error)}</p> : null}
    </div>
  );
}

function AddField() {
  const utils = trpc.useUtils();
  const create = trpc.customFields.create.useMutation();
  const [values, setValues] = useState<{ label: string; key: string; type: FieldType; options: string[] }>({ label: '', key: '', type: 'text', options: [] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { label: values.label, type: values.type, options: values.type === 'select' ? values.options : [], ...(values.key.trim() ? { key: values.key.trim() } : {}) };
    const parsed = validateForm(ZCreateCustomFieldInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setMessage(null);
    try {
      const created = await create.mutateAsync(input);
      await utils.customFields.list.invalidate();
      toast({ title: 'Custom field added', description: `Contacts now have “${created.label}”.` });
      setValues({ label: '', key: '', type: values.type, options: [] });
    } catch (failure) {
      const result = serverFormErrors(failure, ['label', 'key', 'type', 'options'], 'Could not add the field');
      setErrors(result.fieldErrors);
      setMessage(result.message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 rounded-lg bg-gray-50 p-4 dark:bg-gray-800/50" aria-label="Add a custom field">
      <p className="text-sm font-semibold text-gray-900 dark:text-white">Add a field</p>
      <FormAlert message={message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Label"
          value={values.label}
          maxLength={CONTACT_LIMITS.customFieldLabel}
          onChange={(e) => setValues((v) => ({ ...v, label: e.target.value }))}
          error={errors.label}
          placeholder="e.g. Birthday"
        />
        <SelectField label="Type" value={values.type} onChange={(e) => setValues((v) => ({ ...v, type: e.target.value as FieldType }))} error={errors.type}>
          {CUSTOM_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      {values.type === 'select' ? <OptionsInput value={values.options} onChange={(options) => setValues((v) => ({ ...v, options }))} error={errors.options} /> : null}
      <TextField
        label="Key (optional)"
        value={values.key}
        maxLength={40}
        onChange={(e) => setValues((v) => ({ ...v, key: e.target.value }))}
        error={errors.key}
        hint="Names the field in CSV files and the API. Made from the label when left empty; it cannot change later."
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon className="size-4" aria-hidden />
          {create.isPending ? 'Adding...' : 'Add field'}
        </Button>
      </div>
    </form>
  );
}

function EditField({ field, onDone }: { field: CustomField; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.customFields.update.useMutation();
  const [label, setLabel] = useState(field.label);
  const [options, setOptions] = useState(field.options);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { id: field.id, label, ...(field.type === 'select' ? { options } : {}) };
    const parsed = validateForm(ZUpdateCustomFieldInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      await update.mutateAsync(input);
      await Promise.all([utils.customFields.list.invalidate(), utils.contacts.list.invalidate()]);
      toast({ title: 'Custom field saved' });
      onDone();
    } catch (failure) {
      const result = serverFormErrors(failure, ['label', 'options'], 'Could not save the field');
      setErrors(result.fieldErrors);
      setMessage(result.message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-label={`Edit ${field.label}`}>
      <FormAlert message={message} />
      <TextField label="Label" value={label} maxLength={CONTACT_LIMITS.customFieldLabel} onChange={(e) => setLabel(e.target.value)} error={errors.label} autoFocus />
      {field.type === 'select' ? <OptionsInput value={options} onChange={setOptions} error={errors.options} /> : null}
      <p className="text-xs text-gray-500 dark:text-gray-400">
        {TYPE_LABELS[field.type]} field, key <code>{field.key}</code>: neither can change, the stored values depend on them.
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteField({ field, onDone }: { field: CustomField; onDone: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.customFields.delete.useMutation();
  return (
    <div role="alert" className="grid gap-3">
      <p className="text-sm text-gray-800 dark:text-gray-200">
        Delete <strong>{field.label}</strong>? Its value is removed from every contact that has one, and each removal is recorded on that contact’s timeline. This cannot be undone.
      </p>
      <div className="flex gap-2">
        <Button
          variant="destructive"
          size="sm"
          disabled={remove.isPending}
          onClick={async () => {
            try {
              const result = await remove.mutateAsync({ id: field.id });
              await Promise.all([utils.customFields.list.invalidate(), utils.contacts.list.invalidate(), utils.contacts.get.invalidate(), utils.contacts.timeline.invalidate()]);
              toast({
                title: 'Custom field deleted',
                description: result.clearedContacts > 0 ? `Its value was removed from ${plural(result.clearedContacts, 'contact')}.` : 'No contact had a value for it.',
              });
            } catch (error) {
              showError(error, 'Could not delete the field');
            } finally {
              onDone();
            }
          }}
        >
          {remove.isPending ? 'Deleting...' : `Delete ${field.label}`}
        </Button>
        <Button variant="outline" size="sm" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
