import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon, FileUpIcon, UsersIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FormAlert } from '../../components/form';
import { Page } from '../../components/page';
import { NoAccess } from '../../components/settings-section';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { focusRing } from '../../components/ui/focus';
import { TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ImportStatusBadge, ImportWizard } from './-components/contacts/import-wizard';
import { plural } from './-components/contacts/labels';
import { Pagination } from './-components/contacts/pagination';
import { ZImportSearch } from './-components/contacts/search';
import type { ImportJob } from './-components/contacts/types';

const PAST_LIMIT = 10;
const pastInput = (page: number | undefined) => ({ page: page ?? 1, limit: PAST_LIMIT });

export const Route = createFileRoute('/_app/contacts_/import')({
  staticData: { title: 'Import contacts' },
  validateSearch: ZImportSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const me = await context.trpc.auth.me.ensureData();
    if (!me.permissions.includes('data:import')) return;
    await Promise.all([context.trpc.imports.list.ensureData(pastInput(deps.page)), deps.importId ? context.trpc.imports.get.ensureData({ id: deps.importId }).catch(() => undefined) : null]);
  },
  component: ImportPage,
});

function ImportPage() {
  const canImport = useCan('data:import');
  const { data: me } = useMe();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const back = (
    <>
      Add or update contacts from a spreadsheet saved as CSV.{' '}
      <Link to="/contacts" className={cn('inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
        <ArrowLeftIcon className="size-3.5" aria-hidden />
        Back to contacts
      </Link>
    </>
  );
  if (!me) return null;
  if (!canImport) {
    return (
      <Page title="Import contacts" description={back}>
        <NoAccess>Your role does not allow importing contacts. An admin can import them for you.</NoAccess>
      </Page>
    );
  }
  const timeZone = me.user.preferences.timezone;
  return (
    <Page title="Import contacts" description={back}>
      {search.importId ? (
        <ImportProgress id={search.importId} timeZone={timeZone} onAnother={() => void navigate({ search: (prev) => ({ ...prev, importId: undefined }) })} />
      ) : (
        <ImportWizard onStarted={(job) => void navigate({ search: (prev) => ({ ...prev, importId: job.id }) })} />
      )}
      <PastImports page={search.page} active={search.importId} timeZone={timeZone} onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page: page === 1 ? undefined : page }) })} />
    </Page>
  );
}

const running = (job: ImportJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** Live progress of one import, read again every second while it runs; its results once done. */
function ImportProgress({ id, timeZone, onAnother }: { id: string; timeZone: string; onAnother: () => void }) {
  const utils = trpc.useUtils();
  const query = trpc.imports.get.useQuery({ id }, { refetchInterval: (q) => (running(q.state.data) || (!q.state.data && !q.state.error) ? 1000 : false) });
  const job = query.data;
  const wasRunning = useRef(running(job));
  useEffect(() => {
    if (wasRunning.current && job && !running(job)) {
      // Finished while watched: the contacts and the list of imports changed.
      void Promise.all([utils.contacts.list.invalidate(), utils.imports.list.invalidate(), utils.contacts.duplicates.invalidate()]);
    }
    wasRunning.current = running(job);
  }, [job, utils]);

  if (query.error && !job) return <FormAlert message={errorMessageOf(query.error, 'Could not read the import')} />;
  if (!job) return null;
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : job.status === 'completed' ? 100 : 0;
  const done = job.status === 'completed';
  const counts = [
    { label: 'Created', value: job.created, tone: 'text-green-700 dark:text-green-400' },
    { label: 'Updated', value: job.updated, tone: 'text-sky-700 dark:text-sky-400' },
    { label: 'Skipped', value: job.skipped, tone: 'text-gray-700 dark:text-gray-300' },
    { label: 'Errors', value: job.errors, tone: job.errors > 0 ? 'text-red-700 dark:text-red-400' : 'text-gray-700 dark:text-gray-300' },
  ];
  const summary = done
    ? `Import complete: ${plural(job.created, 'contact')} created, ${job.updated} updated, ${job.skipped} skipped, ${plural(job.errors, 'row')} with errors.`
    : job.status === 'failed'
      ? `Import failed. ${job.failure ?? ''}`
      : job.status === 'queued'
        ? 'Import waiting to start.'
        : 'Import running.';
  return (
    <Card role="region" aria-label="Import progress">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle as="h2" className="truncate text-base">
            {job.filename}
          </CardTitle>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Started {formatDateTime(job.createdAt, timeZone)}
            {job.createdBy?.name ? ` by ${job.createdBy.name}` : ''} · duplicates{' '}
            {job.dedupeBy === 'none'
              ? 'not looked for'
              : `by ${job.dedupeBy === 'email' ? 'e-mail' : 'phone'}, ${job.onDuplicate === 'skip' ? 'skipped' : job.onDuplicate === 'update' ? 'updated' : 'created anyway'}`}
          </p>
        </div>
        <ImportStatusBadge status={job.status} />
      </CardHeader>
      <CardContent className="grid gap-5">
        <p role="status" className="sr-only">
          {summary}
        </p>
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-gray-700 dark:text-gray-300">
              {new Intl.NumberFormat().format(job.processed)} of {plural(job.total, 'row')} processed
            </span>
            <span className="font-medium tabular-nums">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Rows processed"
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={job.processed}
            aria-valuetext={`${percent}%`}
            className="h-2.5 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
          >
            <div
              className={cn('h-full rounded-full transition-[width] duration-500', job.status === 'failed' ? 'bg-red-500' : done ? 'bg-green-500' : 'bg-indigo-500', running(job) && 'animate-pulse')}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((c) => (
            <div key={c.label} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
              <dt className="text-xs font-medium text-gray-500 uppercase dark:text-gray-400">{c.label}</dt>
              <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', c.tone)}>{new Intl.NumberFormat().format(c.value)}</dd>
            </div>
          ))}
        </dl>
        {job.status === 'failed' ? <FormAlert message={`The import stopped: ${job.failure ?? 'an unexpected error'}. Rows before that point were kept.`} /> : null}
        {job.errors > 0 ? (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">Rows not imported</h3>
              <a href={`/api/contacts/imports/${job.id}/errors.csv`} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                <DownloadIcon className="size-4" aria-hidden />
                Download error report (CSV)
              </a>
            </div>
            <Table aria-label="Rows not imported">
              <THead>
                <Tr>
                  <Th>Row</Th>
                  <Th>Field</Th>
                  <Th>Problem</Th>
                </Tr>
              </THead>
              <TBody>
                {job.errorRows.map((e) => (
                  <Tr key={e.row}>
                    <Td className="tabular-nums">{e.row}</Td>
                    <Td>{e.field ?? '—'}</Td>
                    <Td>{e.message}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            {job.errors > job.errorRows.length ? (
              <p className="text-xs text-gray-500 dark:text-gray-400">
                The first {job.errorRows.length} are shown; the report has all {job.errors}.
              </p>
            ) : null}
          </div>
        ) : null}
        {!running(job) ? (
          <div className="flex flex-wrap gap-2">
            {done && job.created + job.updated > 0 ? (
              <Link to="/contacts" search={{ sort: 'created' }} className={buttonClasses()}>
                <UsersIcon className="size-4" aria-hidden />
                View contacts
              </Link>
            ) : null}
            <Button variant="outline" onClick={onAnother}>
              <FileUpIcon className="size-4" aria-hidden />
              Import another file
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PastImports({ page, active, timeZone, onPage }: { page: number | undefined; active: string | undefined; timeZone: string; onPage: (page: number) => void }) {
  const list = trpc.imports.list.useQuery(pastInput(page));
  const data = list.data;
  return (
    <Card role="region" aria-label="Past imports">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Past imports
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.error ? <FormAlert message={errorMessageOf(list.error, 'Could not read the imports')} /> : null}
        {data && data.total === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No imports yet. Files you import are listed here with their results.</p> : null}
        {data && data.items.length > 0 ? (
          <Table aria-label="Past imports" className="min-w-[40rem]">
            <THead>
              <Tr>
                <Th>File</Th>
                <Th>Status</Th>
                <Th className="text-right">Rows</Th>
                <Th className="text-right">Created</Th>
                <Th className="text-right">Updated</Th>
                <Th className="text-right">Skipped</Th>
                <Th className="text-right">Errors</Th>
                <Th>When</Th>
              </Tr>
            </THead>
            <TBody>
              {data.items.map((i) => (
                <Tr key={i.id} aria-current={i.id === active ? 'true' : undefined} className={cn(i.id === active && 'bg-indigo-50/60 dark:bg-indigo-950/40')}>
                  <Td className="max-w-56 truncate">
                    <Link to="/contacts/import" search={{ importId: i.id, page }} className={cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                      {i.filename}
                    </Link>
                    {i.createdBy?.name ? <span className="block text-xs text-gray-500 dark:text-gray-400">by {i.createdBy.name}</span> : null}
                  </Td>
                  <Td>
                    <ImportStatusBadge status={i.status} />
                  </Td>
                  <Td className="text-right tabular-nums">{i.total}</Td>
                  <Td className="text-right tabular-nums">{i.created}</Td>
                  <Td className="text-right tabular-nums">{i.updated}</Td>
                  <Td className="text-right tabular-nums">{i.skipped}</Td>
                  <Td className="text-right tabular-nums">
                    {i.errors > 0 ? (
                      <a
                        href={`/api/contacts/imports/${i.id}/errors.csv`}
                        download
                        className={cn('rounded text-red-700 hover:underline dark:text-red-400', focusRing)}
                        aria-label={`Download the ${i.errors} errors of ${i.filename}`}
                      >
                        {i.errors}
                      </a>
                    ) : (
                      0
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <time dateTime={i.createdAt} title={formatDateTime(i.createdAt, timeZone)}>
                      {formatRelative(i.createdAt, new Date(), timeZone)}
                    </time>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : null}
        {data && data.total > PAST_LIMIT ? (
          <Pagination page={data.page} pages={Math.ceil(data.total / PAST_LIMIT)} limit={PAST_LIMIT} sizes={[PAST_LIMIT]} onPage={onPage} onLimit={() => undefined} />
        ) : null}
      </CardContent>
    </Card>
  );
}
