import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { showError, useMe } from '../../../../lib/auth';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { TASK_PRIORITIES, ZCreateTaskInput, ZUpdateTaskInput } from '../../../../lib/tasks-schema';
import { trpc } from '../../../../lib/trpc';
import { isWallTime, zonedParts, zonedTimeToInstant } from '../../../../lib/zoned-time';
import { toast } from '../../../../state/toast';
import { type ComboOption, keepDialogOnListEscape } from '../crm/combobox';
import { refreshTasks } from '../crm/invalidate';
import { ContactPicker, contactOption, DealPicker, dealOption, MemberSelect } from '../crm/pickers';
import type { Task } from '../crm/types';
import { type Priority, PRIORITY_LABELS } from './task-meta';

const FIELDS = ['title', 'description', 'dueAt', 'priority', 'assigneeId', 'contactId', 'dealId'] as const;
/** A due date without a time is due by the end of that day. */
const END_OF_DAY = '23:59';

export type TaskDefaults = { contact?: ComboOption | null; deal?: ComboOption | null };

type Values = { title: string; description: string; date: string; time: string; priority: Priority; assigneeId: string | null; contact: ComboOption | null; deal: ComboOption | null };

/** Create or edit a task: title, description, due date and time (in your time zone), priority, assignee, contact and deal. */
export function TaskDialog({ open, onOpenChange, task, defaults }: { open: boolean; onOpenChange: (open: boolean) => void; task?: Task; defaults?: TaskDefaults }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onEscapeKeyDown={keepDialogOnListEscape}>
        {open ? <TaskForm task={task} defaults={defaults} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TaskForm({ task, defaults, onDone }: { task?: Task; defaults?: TaskDefaults; onDone: () => void }) {
  const { data: me } = useMe();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const utils = trpc.useUtils();
  const create = trpc.tasks.create.useMutation();
  const update = trpc.tasks.update.useMutation();
  const remove = trpc.tasks.delete.useMutation();
  const pending = create.isPending || update.isPending;
  const descriptionId = useId();
  const [values, setValues] = useState<Values>(() => {
    const due = task?.dueAt ? zonedParts(task.dueAt, timeZone) : null;
    return {
      title: task?.title ?? '',
      description: task?.description ?? '',
      date: due?.date ?? '',
      time: due && due.time !== END_OF_DAY ? due.time : '',
      priority: task?.priority ?? 'medium',
      assigneeId: task ? (task.assignee?.id ?? null) : (me?.user.id ?? null),
      contact: task ? contactOption(task.contact) : (defaults?.contact ?? null),
      deal: task ? dealOption(task.deal) : (defaults?.deal ?? null),
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const local: FieldErrors = {};
    let dueAt: string | null = null;
    if (values.date) {
      const time = values.time || END_OF_DAY;
      if (!isWallTime(time)) local.dueAt = 'must have a time such as 14:30';
      else dueAt = zonedTimeToInstant(values.date, time, timeZone).toISOString();
    } else if (values.time) {
      local.dueAt = 'needs a date as well as a time';
    }
    const fields = {
      title: values.title,
      description: values.description.trim() ? values.description : null,
      dueAt,
      priority: values.priority,
      assigneeId: values.assigneeId,
      contactId: values.contact?.id ?? null,
      dealId: values.deal?.id ?? null,
    };
    const parsed = task ? validateForm(ZUpdateTaskInput, { id: task.id, ...fields }) : validateForm(ZCreateTaskInput, fields);
    const found = { ...(parsed.ok ? {} : parsed.errors), ...local };
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    try {
      const saved = task ? await update.mutateAsync({ id: task.id, ...fields }) : await create.mutateAsync(fields);
      await refreshTasks(utils);
      if (saved.deal) void utils.deals.timeline.invalidate({ dealId: saved.deal.id });
      toast({ title: task ? 'Task saved' : 'Task created', description: saved.title });
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, task ? 'Could not save the task' : 'Could not create the task');
      setErrors(fieldErrors);
      setFormError(message);
      if (message) showError(failure, task ? 'Could not save the task' : 'Could not create the task');
    }
  }

  async function onDelete() {
    if (!task) return;
    try {
      await remove.mutateAsync({ id: task.id });
      await refreshTasks(utils);
      toast({ title: 'Task deleted', description: task.title });
      onDone();
    } catch (failure) {
      showError(failure, 'Could not delete the task');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{task ? 'Edit task' : 'New task'}</DialogTitle>
        <DialogDescription>Due times are in your time zone ({timeZone.replaceAll('_', ' ')}).</DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <TextField
        label="Title"
        name="title"
        required
        autoFocus
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
        placeholder="e.g. Call back about the proposal"
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          name="description"
          rows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
        />
        {errors.description ? (
          <p id={`${descriptionId}-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldMessage('Description', errors.description)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Due date" name="dueDate" type="date" value={values.date} onChange={(e) => set('date', e.target.value)} error={errors.dueAt} />
        <TextField label="Due time" name="dueTime" type="time" value={values.time} onChange={(e) => set('time', e.target.value)} hint={values.date && !values.time ? 'End of day' : undefined} />
        <SelectField label="Priority" name="priority" value={values.priority} onChange={(e) => set('priority', e.target.value as Priority)} error={errors.priority}>
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
      </div>
      <MemberSelect
        label="Assignee"
        name="assigneeId"
        value={values.assigneeId}
        onChange={(id) => set('assigneeId', id)}
        none="Unassigned"
        current={task?.assignee ?? null}
        error={errors.assigneeId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactPicker value={values.contact} onChange={(c) => set('contact', c)} error={errors.contactId} />
        <DealPicker value={values.deal} onChange={(d) => set('deal', d)} error={errors.dealId} />
      </div>
      <DialogFooter className="sm:justify-between">
        {task ? (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" className="text-red-600 hover:text-red-700 dark:text-red-400">
                <Trash2Icon className="size-4" aria-hidden />
                Delete
              </Button>
            }
            title="Delete this task?"
            description={`“${task.title}” will be removed for everyone. This cannot be undone.`}
            confirmLabel="Delete task"
            pendingLabel="Deleting…"
            onConfirm={onDelete}
          />
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : task ? 'Save task' : 'Create task'}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}
