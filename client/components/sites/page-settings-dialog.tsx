import { Settings2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { FormAlert, TextareaField, TextField } from '../form';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Label } from '../ui/input';
import { serverFormErrors } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { ImageInput } from './image-input';
import type { EditorPage } from './types';

const FIELDS = ['path', 'title', 'description', 'ogImage', 'noindex'];

/** The page's address and what search engines and link previews show: path, title, description, Open Graph image, noindex. */
export function PageSettingsDialog({ page }: { page: EditorPage }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => pick(page));
  const ogId = useId();
  const utils = trpc.useUtils();
  const update = trpc.sites.updatePage.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.sites.page.invalidate({ pageId: page.id }), utils.sites.get.invalidate({ siteId: page.siteId })]);
      setOpen(false);
    },
  });
  const { fieldErrors, message } = update.error ? serverFormErrors(update.error, FIELDS, 'Could not save the page settings') : { fieldErrors: {}, message: null };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          update.reset();
          setValues(pick(page));
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Settings2Icon className="size-4" aria-hidden />
          Page settings
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Page settings</DialogTitle>
          <DialogDescription>Saved now; visitors see a new title, description or image once the page is published again.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ pageId: page.id, ...values, ogImage: values.ogImage || null });
          }}
        >
          <TextField label="Path" value={values.path} onChange={(e) => setValues((v) => ({ ...v, path: e.target.value }))} error={fieldErrors.path} autoCapitalize="off" spellCheck={false} required />
          <TextField label="Title" value={values.title} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} error={fieldErrors.title} required />
          <TextareaField
            label="Description"
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            error={fieldErrors.description}
            rows={3}
            hint="Shown under the title in search results and link previews."
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ogId}>Open Graph image</Label>
            <ImageInput id={ogId} siteId={page.siteId} label="Open Graph image" value={values.ogImage} onChange={(ogImage) => setValues((v) => ({ ...v, ogImage }))} />
            {fieldErrors.ogImage ? <p className="text-sm text-red-600 dark:text-red-400">Open Graph image {fieldErrors.ogImage}</p> : null}
          </div>
          <label className="flex items-start gap-2 text-sm">
            <Checkbox checked={values.noindex} onChange={(e) => setValues((v) => ({ ...v, noindex: e.target.checked }))} className="mt-0.5" />
            <span>
              Hide from search engines (<span className="font-mono">noindex</span>; left out of the sitemap)
            </span>
          </label>
          <FormAlert message={message} />
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save settings'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function pick(page: EditorPage) {
  return { path: page.path, title: page.title, description: page.description ?? '', ogImage: page.ogImage ?? '', noindex: page.noindex };
}
