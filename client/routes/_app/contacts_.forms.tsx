import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, FileInputIcon } from 'lucide-react';
import { z } from 'zod/mini';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { focusRing } from '../../components/ui/focus';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { TListFormsInput } from '../../../server/leads/schema';
import { FormsChart, type FormWeek } from './-components/leads/forms-chart';

/** Spec-free screen (issue #8): the site's forms, from form_submissions. The periods are the server's FORM_PERIODS. */
const PERIODS = ['30', '90', '365'] as const;
type Period = (typeof PERIODS)[number];
type Days = NonNullable<TListFormsInput['days']>;
const PERIOD_LABELS: Record<Period, { label: string; description: string }> = {
  '30': { label: '30d', description: 'Last 30 days' },
  '90': { label: '90d', description: 'Last 90 days' },
  '365': { label: '1y', description: 'Last 12 months' },
};
const PAGE_SIZE = 25;

const optional = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);
const ZFormsSearch = z.object({
  days: optional(z.enum(PERIODS)),
  form: optional(z.string().check(z.minLength(1), z.maxLength(100))),
  page: optional(z.number().check(z.int(), z.minimum(1))),
});

const formsInput = (days: Period | undefined) => ({ days: Number(days ?? '90') as Days });
const submissionsInput = (formId: string, page: number | undefined) => ({ formId, page: page ?? 1, limit: PAGE_SIZE });

export const Route = createFileRoute('/_app/contacts_/forms')({
  staticData: { title: 'Forms' },
  validateSearch: ZFormsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([context.trpc.leads.forms.ensureData(formsInput(deps.days)), deps.form ? context.trpc.leads.submissions.ensureData(submissionsInput(deps.form, deps.page)) : null]);
  },
  component: FormsPage,
});

const linkClass = cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing);
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

function FormsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const query = trpc.leads.forms.useQuery(formsInput(search.days));
  const forms = query.data?.forms ?? [];
  const selected = search.form ?? null;
  const weeks: FormWeek[] = mergeWeeks((query.data?.weeks ?? []).filter((w) => !selected || w.formId === selected));
  const total = weeks.reduce((sum, w) => sum + w.submissions, 0);
  const converted = weeks.reduce((sum, w) => sum + w.converted, 0);
  const period = PERIOD_LABELS[search.days ?? '90'].description.toLowerCase();

  const description = (
    <>
      Submissions of the public site’s forms, the contacts they brought in and how many became customers.{' '}
      <Link to="/contacts" className={cn('inline-flex items-center gap-1', linkClass)}>
        <ArrowLeftIcon className="size-3.5" aria-hidden />
        Back to contacts
      </Link>
    </>
  );

  return (
    <Page
      title="Forms"
      description={description}
      actions={
        <SegmentedControl
          label="Period"
          value={search.days ?? '90'}
          onValueChange={(days) => void navigate({ search: (prev) => ({ ...prev, days, page: undefined }), replace: true })}
          options={PERIODS.map((p) => ({ value: p, ...PERIOD_LABELS[p] }))}
        />
      }
    >
      {query.error ? <FormAlert message={errorMessageOf(query.error, 'Could not read the forms')} /> : null}
      {query.data && forms.length === 0 ? (
        <EmptyState icon={FileInputIcon} title="No form submissions yet">
          When visitors fill in the site’s lead, demo or newsletter forms, each form appears here with its submissions and conversion.
        </EmptyState>
      ) : null}
      {forms.length > 0 ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Conversion over time{selected ? `: ${selected}` : ''}</CardTitle>
              <CardDescription>
                {total} submissions in the {period}, {converted} from contacts who became customers ({percent(total > 0 ? converted / total : 0)}).
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FormsChart weeks={weeks} summary={`Submissions per week${selected ? ` of ${selected}` : ''}: ${weeks.map((w) => `${w.week} ${w.submissions} (${w.converted} converted)`).join(', ')}`} />
            </CardContent>
          </Card>
          <section aria-labelledby="forms-table-heading" className="flex flex-col gap-3">
            <h2 id="forms-table-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
              Forms
            </h2>
            <Table aria-labelledby="forms-table-heading">
              <THead>
                <Tr>
                  <Th>Form</Th>
                  <Th className="text-right">Submissions</Th>
                  <Th className="text-right">Contacts</Th>
                  <Th className="text-right">New contacts</Th>
                  <Th className="text-right">Converted</Th>
                  <Th className="text-right">Conversion</Th>
                  <Th>Last submission</Th>
                </Tr>
              </THead>
              <TBody>
                {forms.map((f) => (
                  <Tr key={f.formId} aria-selected={f.formId === selected || undefined}>
                    <Td>
                      <Link to="/contacts/forms" search={(prev) => ({ ...prev, form: f.formId, page: undefined })} className={linkClass} aria-current={f.formId === selected ? 'true' : undefined}>
                        {f.name ?? f.formId}
                      </Link>
                    </Td>
                    <Td className="text-right tabular-nums">{f.submissions}</Td>
                    <Td className="text-right tabular-nums">{f.contacts}</Td>
                    <Td className="text-right tabular-nums">{f.newContacts}</Td>
                    <Td className="text-right tabular-nums">{f.converted}</Td>
                    <Td className="text-right tabular-nums">{percent(f.conversionRate)}</Td>
                    <Td className="whitespace-nowrap">{f.lastSubmittedAt ? <LocalTime iso={f.lastSubmittedAt} /> : '—'}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </section>
        </>
      ) : null}
      {selected ? <Submissions formId={selected} name={forms.find((f) => f.formId === selected)?.name ?? selected} page={search.page} /> : null}
    </Page>
  );
}

/** Weeks of several forms added together, in order. */
function mergeWeeks(rows: { week: string; submissions: number; converted: number }[]): FormWeek[] {
  const byWeek = new Map<string, FormWeek>();
  for (const r of rows) {
    const w = byWeek.get(r.week) ?? { week: r.week, submissions: 0, converted: 0 };
    w.submissions += r.submissions;
    w.converted += r.converted;
    byWeek.set(r.week, w);
  }
  return [...byWeek.values()].sort((a, b) => a.week.localeCompare(b.week));
}

function LocalTime({ iso }: { iso: string }) {
  const { data: me } = useMe();
  return <time dateTime={iso}>{formatDateTime(iso, me?.user.preferences.timezone)}</time>;
}

const KIT_TONES: Record<string, BadgeTone> = { delivered: 'green', pending: 'gray', retrying: 'amber', failed: 'red' };

function Submissions({ formId, name, page }: { formId: string; name: string; page: number | undefined }) {
  const navigate = useNavigate({ from: Route.fullPath });
  const query = trpc.leads.submissions.useQuery(submissionsInput(formId, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const go = (next: number) => void navigate({ search: (prev) => ({ ...prev, page: next === 1 ? undefined : next }) });
  return (
    <section aria-labelledby="submissions-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="submissions-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          Submissions of {name}
        </h2>
        {data ? <p className="text-sm text-gray-600 dark:text-gray-400">{data.total} in all</p> : null}
      </div>
      {query.error ? <FormAlert message={errorMessageOf(query.error, 'Could not read the submissions')} /> : null}
      {data && data.items.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No submissions of this form.</p> : null}
      {data && data.items.length > 0 ? (
        <Table aria-labelledby="submissions-heading">
          <THead>
            <Tr>
              <Th>Received</Th>
              <Th>Contact</Th>
              <Th>Lead magnet</Th>
              <Th>Tags</Th>
              <Th>Kit</Th>
            </Tr>
          </THead>
          <TBody>
            {data.items.map((s) => (
              <Tr key={s.id}>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={s.createdAt} />
                </Td>
                <Td>
                  {s.contact ? (
                    <Link to="/contacts/$contactId" params={{ contactId: s.contact.id }} className={linkClass}>
                      {s.contact.name}
                    </Link>
                  ) : (
                    <span>{s.email}</span>
                  )}
                  {s.contact && s.contact.name !== s.email ? <span className="block text-xs text-gray-600 dark:text-gray-400">{s.email}</span> : null}
                  {s.contactCreated ? (
                    <Badge tone="indigo" className="mt-1">
                      New contact
                    </Badge>
                  ) : null}
                </Td>
                <Td>{s.leadMagnet ?? '—'}</Td>
                <Td>
                  <span className="flex flex-wrap gap-1">
                    {s.tags.map((t) => (
                      <Badge key={t}>{t}</Badge>
                    ))}
                  </span>
                </Td>
                <Td>{s.kitStatus ? <Badge tone={KIT_TONES[s.kitStatus] ?? 'gray'}>{s.kitStatus}</Badge> : <span className="text-gray-600 dark:text-gray-400">not sent</span>}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
      {data && pages > 1 ? (
        <nav aria-label="Submission pages" className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => go(data.page - 1)}>
            Previous
          </Button>
          <span>
            Page {data.page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={data.page >= pages} onClick={() => go(data.page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
