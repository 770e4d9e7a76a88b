import { ListIcon, PencilIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../../components/ui/dialog';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { LIST_LIMITS } from '../../../../lib/campaigns-schema';
import { errorMessageOf, issuesOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';

const NEW = '__new__';

/**
 * The static lists a campaign can be sent to: each with its size, a CSV import into a new or an
 * existing list, rename and delete. Rows are matched to contacts by e-mail, else phone; what the import
 * does with an address that matches nobody is the user's choice, said next to the checkbox.
 */
export function CampaignLists({ canWrite }: { canWrite: boolean }) {
  const utils = trpc.useUtils();
  const lists = trpc.campaigns.lists.useQuery();
  const remove = trpc.campaigns.listDelete.useMutation();
  const items = lists.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Lists</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          A list is a fixed set of contacts to send a campaign to: import a CSV here, or select contacts in Contacts and choose “Add to list”. Opt-outs and unsubscribes still apply when a campaign
          sends.
        </p>
        {items.length === 0 ? (
          <p className="text-sm">No lists yet.</p>
        ) : (
          <Table aria-label="Lists">
            <THead>
              <Tr>
                <Th>List</Th>
                <Th className="text-right">Contacts</Th>
                {canWrite ? <Th className="sr-only">Actions</Th> : null}
              </Tr>
            </THead>
            <TBody>
              {items.map((list) => (
                <Tr key={list.id}>
                  <Td>
                    <ListIcon className="mr-1 inline size-4" aria-hidden />
                    {list.name}
                  </Td>
                  <Td className="text-right tabular-nums">{list.members.toLocaleString()}</Td>
                  {canWrite ? (
                    <Td className="text-right whitespace-nowrap">
                      <RenameList list={list} />
                      <ConfirmDialog
                        trigger={
                          <Button size="sm" variant="ghost" aria-label={`Delete the list ${list.name}`}>
                            <Trash2Icon className="size-4" aria-hidden />
                          </Button>
                        }
                        title={`Delete the list “${list.name}”?`}
                        description="Its contacts stay in Contacts; only the list goes. A campaign already sent to it keeps its report."
                        confirmLabel="Delete list"
                        pendingLabel="Deleting…"
                        onConfirm={() =>
                          remove.mutateAsync({ id: list.id }).then(
                            () => utils.campaigns.lists.invalidate(),
                            (error: unknown) => toast({ title: 'Could not delete the list', description: errorMessageOf(error, 'Try again') }),
                          )
                        }
                      />
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        {canWrite ? <ImportList lists={items} /> : null}
      </CardContent>
    </Card>
  );
}

/** Renames a list in a small dialog; the server's refusal (a name another list has) is shown at the field. */
function RenameList({ list }: { list: { id: string; name: string } }) {
  const utils = trpc.useUtils();
  const rename = trpc.campaigns.listRename.useMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(list.name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setMessage(null);
    try {
      await rename.mutateAsync({ id: list.id, name: name.trim() });
      await utils.campaigns.lists.invalidate();
      setOpen(false);
    } catch (error) {
      const issue = issuesOf(error).find((i) => i.path === 'name');
      if (issue) setFieldError(issue.message);
      else setMessage(errorMessageOf(error, 'Could not rename the list'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (rename.isPending) return;
        setOpen(next);
        if (next) {
          setName(list.name);
          setFieldError(null);
          setMessage(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Rename the list ${list.name}`}>
          <PencilIcon className="size-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Rename the list</DialogTitle>
            <DialogDescription>Campaigns sent to it keep it under its new name.</DialogDescription>
          </DialogHeader>
          <FormAlert message={message} />
          <TextField label="List name" value={name} onChange={(e) => setName(e.target.value)} maxLength={LIST_LIMITS.name} error={fieldError ?? undefined} autoFocus />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Renaming…' : 'Rename'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type ImportResult = { rows: number; matched: number; created: number; added: number; skippedCount: number; skipped: { line: number; value: string; reason: string }[]; list: { name: string } };

function ImportList({ lists }: { lists: { id: string; name: string }[] }) {
  const utils = trpc.useUtils();
  const importList = trpc.campaigns.listImport.useMutation();
  const [target, setTarget] = useState(NEW);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!file) return setMessage('Choose a CSV file');
    if (file.size > LIST_LIMITS.csvBytes) return setMessage('The file is larger than 5 MB');
    if (target === NEW && !name.trim()) return setMessage('Name the new list');
    try {
      const csv = await file.text();
      const answer = await importList.mutateAsync({ ...(target === NEW ? { name: name.trim() } : { id: target }), csv, createMissing });
      setResult(answer);
      setName('');
      await Promise.all([utils.campaigns.lists.invalidate(), utils.contacts.list.invalidate()]);
    } catch (error) {
      setMessage(errorMessageOf(error, 'Could not import the list'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-3 border-t border-gray-200 pt-4 dark:border-gray-800" aria-label="Import a list">
      <h3 className="text-sm font-semibold">Import a CSV</h3>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        The first line names the columns: <code>email</code> and/or <code>phone</code>, optionally <code>first name</code> and <code>last name</code>. Each row is matched to a contact by e-mail, else
        by phone.
      </p>
      <FormAlert message={message} />
      <SelectField label="Into" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value={NEW}>A new list</option>
        {lists.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      {target === NEW ? <TextField label="List name" value={name} onChange={(e) => setName(e.target.value)} maxLength={LIST_LIMITS.name} /> : null}
      <TextField label="CSV file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)} />
        <span>
          Create a contact for each address that matches none (with the row’s names). <span className="text-gray-600 dark:text-gray-400">Unchecked, those rows are left out and listed below.</span>
        </span>
      </label>
      <div>
        <Button type="submit" disabled={importList.isPending}>
          <UploadIcon className="size-4" aria-hidden />
          {importList.isPending ? 'Importing…' : 'Import'}
        </Button>
      </div>
      {result ? (
        <div role="status" className="text-sm" data-testid="list-import-result">
          <p>
            “{result.list.name}”: {result.added.toLocaleString()} added from {result.rows.toLocaleString()} rows — {result.matched.toLocaleString()} matched existing contacts,{' '}
            {result.created.toLocaleString()} new contacts created, {result.skippedCount.toLocaleString()} left out.
          </p>
          {result.skipped.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {result.skipped.map((s) => (
                <li key={s.line}>
                  Line {s.line}
                  {s.value ? ` (${s.value})` : ''}: {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
