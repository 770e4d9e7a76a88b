import { useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../form';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { serverFormErrors } from '../../lib/forms';
import { trpc } from '../../lib/trpc';

export type PageTemplateOption = { id: string; name: string; description: string };

/**
 * Creates a site (its home page from the chosen template, plus a thank-you page) and opens it.
 * `templateId` preselects a template, as the empty state's template cards do.
 */
export function NewSiteDialog({ templates, templateId, trigger }: { templates: PageTemplateOption[]; templateId?: string; trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  const [template, setTemplate] = useState(templateId ?? templates[0]?.id ?? '');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.sites.create.useMutation({
    onSuccess: async (site) => {
      await utils.sites.list.invalidate();
      setOpen(false);
      await navigate({ to: '/websites/$siteId', params: { siteId: site.id } });
    },
  });
  const { fieldErrors, message } = create.error ? serverFormErrors(create.error, ['name', 'handle', 'templateId'], 'Could not create the site') : { fieldErrors: {}, message: null };
  const chosen = templates.find((t) => t.id === template);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          create.reset();
          setTemplate(templateId ?? templates[0]?.id ?? '');
        }
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button>
            <PlusIcon className="size-4" aria-hidden />
            New site
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New site</DialogTitle>
          <DialogDescription>Its home page starts from the template; a thank-you page comes with it. Nothing is public until you publish a page.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, ...(handle.trim() ? { handle: handle.trim() } : {}), ...(template ? { templateId: template } : {}) });
          }}
        >
          <TextField label="Site name" value={name} onChange={(e) => setName(e.target.value)} error={fieldErrors.name} required autoFocus />
          <TextField
            label="Handle"
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
            error={fieldErrors.handle}
            hint="The address of the site: /s/<handle>. Left empty, it is made from the name."
            autoCapitalize="off"
            spellCheck={false}
          />
          <SelectField label="Template" value={template} onChange={(e) => setTemplate(e.target.value)} error={fieldErrors.templateId} hint={chosen?.description}>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <FormAlert message={message} />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create site'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
