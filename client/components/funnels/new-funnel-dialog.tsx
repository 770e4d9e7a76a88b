import { useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessageOf, issuesOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormAlert, SelectField, TextField } from '../form';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';

type Choices = { sites: { id: string; name: string }[]; templates: { id: string; industry: string; name: string; stepCount: number }[] };

/** New funnel: on one of the organization's sites, blank or from a template (its pages made as drafts). */
export function NewFunnelDialog({ sites, templates }: Choices) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [siteId, setSiteId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.funnels.create.useMutation({
    onSuccess: async ({ id }) => {
      await utils.funnels.list.invalidate();
      setOpen(false);
      await navigate({ to: '/funnels/$funnelId', params: { funnelId: id } });
    },
  });
  const errors = Object.fromEntries(issuesOf(create.error).map((i) => [i.path, i.message]));
  const chosenSite = siteId || sites[0]?.id || '';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={sites.length === 0} title={sites.length === 0 ? 'Create a website first: a funnel is made of its pages' : undefined}>
          <PlusIcon className="size-4" aria-hidden />
          New funnel
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New funnel</DialogTitle>
          <DialogDescription>
            A funnel is a series of pages of one website. A template adds its pages to the site as drafts: review them, then publish them from the funnel (Publish all) or one by one in the page
            editor.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, siteId: chosenSite, ...(templateId ? { templateId } : {}) });
          }}
        >
          <TextField label="Funnel name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
          <SelectField label="Website" value={chosenSite} onChange={(e) => setSiteId(e.target.value)} error={errors.siteId}>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Start from" value={templateId} onChange={(e) => setTemplateId(e.target.value)} error={errors.templateId}>
            <option value="">Blank: add the site's pages as steps</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.industry}, {t.stepCount} steps)
              </option>
            ))}
          </SelectField>
          <FormAlert message={create.error && Object.keys(errors).length === 0 ? errorMessageOf(create.error, 'Could not create the funnel') : null} />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create funnel'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
