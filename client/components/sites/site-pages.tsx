import { Link } from '@tanstack/react-router';
import { ExternalLinkIcon, FileTextIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { FormAlert, SelectField, TextField } from '../form';
import { EmptyState } from '../page';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Table, TBody, Td, Th, THead, Tr } from '../ui/table';
import { showError } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { serverFormErrors } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { PageStatusBadge } from './labels';
import type { SiteDetail } from './types';

/** The site's pages: each one's path, status and public address; new pages from a template; delete. */
export function SitePages({ site, canWrite }: { site: SiteDetail; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.sites.removePage.useMutation({
    onSuccess: () => Promise.all([utils.sites.get.invalidate({ siteId: site.id }), utils.sites.list.invalidate()]),
    onError: (error) => showError(error, 'Could not delete the page'),
  });
  return (
    <section aria-label="Pages" className="flex flex-col gap-4">
      {canWrite ? (
        <div className="flex justify-end">
          <NewPageDialog siteId={site.id} />
        </div>
      ) : null}
      {site.pages.length === 0 ? (
        <EmptyState icon={FileTextIcon} title="No pages">
          {canWrite ? 'Add a page from a template, edit it, then publish it.' : 'The pages of this site will be listed here.'}
        </EmptyState>
      ) : (
        <Table aria-label="Pages of the site">
          <THead>
            <Tr>
              <Th>Path</Th>
              <Th>Title</Th>
              <Th>Status</Th>
              <Th>Public address</Th>
              <Th>Updated</Th>
              {canWrite ? (
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              ) : null}
            </Tr>
          </THead>
          <TBody>
            {site.pages.map((page) => (
              <Tr key={page.id}>
                <Td>
                  <Link
                    to="/websites/$siteId/pages/$pageId"
                    params={{ siteId: site.id, pageId: page.id }}
                    className="font-mono text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    aria-label={`Edit ${page.path}`}
                  >
                    {page.path}
                  </Link>
                </Td>
                <Td>{page.title}</Td>
                <Td>
                  <PageStatusBadge status={page.status} />
                </Td>
                <Td>
                  {page.status === 'draft' ? (
                    <span className="text-sm text-gray-500 dark:text-gray-400">Not published</span>
                  ) : (
                    <a href={page.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
                      {page.url.replace(/^https?:\/\//, '')}
                      <ExternalLinkIcon className="size-3.5" aria-hidden />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  )}
                </Td>
                <Td>{formatDateTime(page.updatedAt)}</Td>
                {canWrite ? (
                  <Td className="text-right">
                    <ConfirmDialog
                      trigger={
                        <Button size="sm" variant="ghost" aria-label={`Delete ${page.path}`}>
                          <Trash2Icon className="size-4" aria-hidden />
                        </Button>
                      }
                      title={`Delete ${page.path}?`}
                      description={`“${page.title}” and all its published versions are deleted; visitors get the site’s 404 page at this address.`}
                      confirmLabel="Delete page"
                      pendingLabel="Deleting…"
                      onConfirm={() => remove.mutateAsync({ pageId: page.id }).catch(() => undefined)}
                    />
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}

function NewPageDialog({ siteId }: { siteId: string }) {
  const templates = trpc.sites.templates.useQuery().data?.pages ?? [];
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('/');
  const [title, setTitle] = useState('');
  const [templateId, setTemplateId] = useState('');
  const utils = trpc.useUtils();
  const create = trpc.sites.createPage.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.sites.get.invalidate({ siteId }), utils.sites.list.invalidate()]);
      setOpen(false);
    },
  });
  const { fieldErrors, message } = create.error ? serverFormErrors(create.error, ['path', 'title', 'templateId'], 'Could not add the page') : { fieldErrors: {}, message: null };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          create.reset();
          setPath('/');
          setTitle('');
          setTemplateId('');
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <PlusIcon className="size-4" aria-hidden />
          New page
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New page</DialogTitle>
          <DialogDescription>A draft at this path; it is public once you publish it.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ siteId, path, title, ...(templateId ? { templateId } : {}) });
          }}
        >
          <TextField
            label="Path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            error={fieldErrors.path}
            hint="Such as /offer or /thank-you"
            required
            autoCapitalize="off"
            spellCheck={false}
          />
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={fieldErrors.title} required />
          <SelectField label="Template" value={templateId} onChange={(e) => setTemplateId(e.target.value)} error={fieldErrors.templateId}>
            <option value="">Blank page</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <FormAlert message={message} />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add page'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
