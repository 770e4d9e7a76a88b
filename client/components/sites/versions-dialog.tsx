import { HistoryIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { showError } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import type { EditorPage } from './types';

/** The page's published versions, newest first; any of them can become the live page and the draft again. */
export function VersionsDialog({ page, onReverted }: { page: EditorPage; onReverted: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const revert = trpc.sites.revert.useMutation();
  const versions = [...page.versions].sort((a, b) => b.number - a.number);

  async function revertTo(version: EditorPage['versions'][number]) {
    try {
      await revert.mutateAsync({ pageId: page.id, versionId: version.id });
      await onReverted();
      await Promise.all([utils.sites.page.invalidate({ pageId: page.id }), utils.sites.get.invalidate({ siteId: page.siteId }), utils.sites.list.invalidate()]);
      toast({ title: `Version ${version.number} is live`, description: 'The editor shows it as the draft.' });
      setOpen(false);
    } catch (error) {
      showError(error, 'Could not revert the page');
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <HistoryIcon className="size-4" aria-hidden />
          Versions
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Versions</DialogTitle>
          <DialogDescription>Each publish keeps a version. Reverting makes that version live and the draft; the draft’s unpublished changes are replaced.</DialogDescription>
        </DialogHeader>
        {versions.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">Not published yet: the first Publish makes version 1.</p>
        ) : (
          <ol aria-label="Published versions" className="flex max-h-96 flex-col divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800">
            {versions.map((version) => (
              <li key={version.id} aria-label={`Version ${version.number}`} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <div className="flex items-center gap-2 text-sm font-medium">
                    Version {version.number}
                    {version.live ? <Badge tone="green">Live</Badge> : null}
                  </div>
                  <div className="text-xs text-gray-600 dark:text-gray-400">
                    {formatDateTime(version.publishedAt)}
                    {version.publishedBy ? ` · ${version.publishedBy}` : ''}
                  </div>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="outline" aria-label={`Revert to version ${version.number}`}>
                      Revert
                    </Button>
                  }
                  title={`Revert to version ${version.number}?`}
                  description={`Version ${version.number} becomes the live page and the draft. Changes made since, published or not, stay in the later versions only.`}
                  confirmLabel="Revert"
                  pendingLabel="Reverting…"
                  onConfirm={() => revertTo(version)}
                />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
