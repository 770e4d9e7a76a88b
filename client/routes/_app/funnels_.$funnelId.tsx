import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert, TextField } from '../../components/form';
import { DateRange } from '../../components/funnels/date-range';
import { FunnelSteps } from '../../components/funnels/funnel-steps';
import { download, lastDays } from '../../components/funnels/labels';
import { NotFound } from '../../components/not-found';
import { EmptyState, Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { useCan } from '../../lib/auth';
import { errorCodeOf, errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FilterIcon } from 'lucide-react';

const isoDay = z.iso.date().optional().catch(undefined);
const ZFunnelSearch = z.object({ from: isoDay, to: isoDay });

export const Route = createFileRoute('/_app/funnels_/$funnelId')({
  validateSearch: ZFunnelSearch,
  staticData: { title: 'Funnel' },
  loader: async ({ context, params }) => {
    // A wrong link (not an id, or no funnel of this organization) is a not-found page, not an error.
    if (!z.uuid().safeParse(params.funnelId).success) throw notFound();
    try {
      await context.trpc.funnels.get.ensureData({ funnelId: params.funnelId });
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  component: FunnelPage,
  notFoundComponent: NotFound,
});

function FunnelPage() {
  const { funnelId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('sites:write');
  const range = { ...lastDays(30), ...search };
  const funnel = trpc.funnels.get.useQuery({ funnelId }).data;
  const stats = trpc.funnels.stats.useQuery({ funnelId, ...range }).data;
  const utils = trpc.useUtils();
  const [name, setName] = useState<string | null>(null);
  const rename = trpc.funnels.rename.useMutation({ onSuccess: async () => (setName(null), await utils.funnels.invalidate()) });
  const remove = trpc.funnels.remove.useMutation({ onSuccess: async () => (await utils.funnels.list.invalidate(), await navigate({ to: '/funnels' })) });
  const [csvError, setCsvError] = useState<string | null>(null);
  if (!funnel) return null;
  async function downloadCsv() {
    try {
      const { filename, csv } = await utils.funnels.statsCsv.fetch({ funnelId, ...range });
      download(filename, csv);
      setCsvError(null);
    } catch (error) {
      setCsvError(errorMessageOf(error, 'Could not export the figures'));
    }
  }
  return (
    <Page
      title={funnel.name}
      description={`On the website ${funnel.site.name}`}
      actions={
        <Link to="/funnels" className="flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          <ArrowLeftIcon className="size-4" aria-hidden />
          All funnels
        </Link>
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DateRange from={stats?.from ?? range.from} to={stats?.to ?? range.to} onChange={(r) => void navigate({ search: r })} />
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="outline" onClick={() => void downloadCsv()}>
            <DownloadIcon className="size-4" aria-hidden />
            Download CSV
          </Button>
          {canWrite ? (
            <ConfirmDialog
              trigger={<Button variant="outline">Delete funnel</Button>}
              title={`Delete “${funnel.name}”?`}
              description="Its steps and counts are deleted; its pages stay on the website."
              confirmLabel="Delete funnel"
              pendingLabel="Deleting…"
              onConfirm={() => remove.mutateAsync({ funnelId })}
            />
          ) : null}
        </div>
      </div>
      <FormAlert message={csvError} />
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (name !== null) rename.mutate({ funnelId, name });
          }}
        >
          <TextField label="Funnel name" value={name ?? funnel.name} onChange={(e) => setName(e.target.value)} error={rename.error ? errorMessageOf(rename.error, 'Could not rename') : undefined} />
          {name !== null && name !== funnel.name ? <Button type="submit">Rename</Button> : null}
        </form>
      ) : null}
      {funnel.steps.length === 0 ? (
        <EmptyState icon={FilterIcon} title="No steps yet">
          {canWrite ? 'Add the website’s pages in the order visitors go through them: an opt-in page, then a thank-you or offer page.' : 'This funnel has no steps yet.'}
        </EmptyState>
      ) : null}
      <FunnelSteps funnel={funnel} stats={stats} canWrite={canWrite} />
    </Page>
  );
}
