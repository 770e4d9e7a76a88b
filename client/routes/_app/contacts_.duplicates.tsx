import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, CopyCheckIcon, GitMergeIcon, MailIcon, PhoneIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { focusRing } from '../../components/ui/focus';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { OrDash, StageBadge } from './-components/contacts/bits';
import { plural } from './-components/contacts/labels';
import { MergeDialog } from './-components/contacts/merge-dialog';
import { ZDuplicatesSearch } from './-components/contacts/search';
import type { Contact, DuplicateGroup } from './-components/contacts/types';

const duplicatesInput = (limit: number | undefined) => ({ limit: limit ?? 50 });

export const Route = createFileRoute('/_app/contacts_/duplicates')({
  staticData: { title: 'Duplicate contacts' },
  validateSearch: ZDuplicatesSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([context.trpc.contacts.duplicates.ensureData(duplicatesInput(deps.limit)), context.trpc.customFields.list.ensureData()]);
  },
  component: DuplicatesPage,
});

const REASON = {
  email: { icon: MailIcon, label: 'Same e-mail' },
  phone: { icon: PhoneIcon, label: 'Same phone' },
  name: { icon: UserIcon, label: 'Same name and company' },
} as const;

function DuplicatesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canMerge = useCan('contacts:write');
  const limit = search.limit ?? 50;
  const query = trpc.contacts.duplicates.useQuery(duplicatesInput(search.limit));
  const fields = trpc.customFields.list.useQuery();
  const [pair, setPair] = useState<[Contact, Contact] | null>(null);
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const groups = query.data?.groups ?? [];
  const description = (
    <>
      Contacts that look like the same person: the same e-mail, the same phone, or the same name at the same company.{' '}
      <Link to="/contacts" className={cn('inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
        <ArrowLeftIcon className="size-3.5" aria-hidden />
        Back to contacts
      </Link>
    </>
  );

  return (
    <Page title="Duplicates" description={description}>
      {query.error ? <FormAlert message={errorMessageOf(query.error, 'Could not look for duplicates')} /> : null}
      {query.data && groups.length === 0 ? (
        <EmptyState icon={CopyCheckIcon} title="No duplicates found">
          No two contacts share an e-mail, a phone, or a name at the same company. Imports that create contacts anyway can be cleaned up here later.
        </EmptyState>
      ) : null}
      {groups.length > 0 ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          {plural(groups.length, 'group')} of possible duplicates{groups.length >= limit ? ' (the first ones)' : ''}.{canMerge ? ' Pick two contacts of a group to compare and merge them.' : ''}
        </p>
      ) : null}
      <ol className="grid gap-4" aria-label="Duplicate groups">
        {groups.map((group) => (
          <li key={group.contacts.map((c) => c.id).join(',')}>
            <GroupCard group={group} canMerge={canMerge} timeZone={timeZone} onCompare={setPair} />
          </li>
        ))}
      </ol>
      {groups.length >= limit && limit < 200 ? (
        <div>
          <Button variant="secondary" onClick={() => void navigate({ search: { limit: limit === 50 ? 100 : 200 } })}>
            Show more groups
          </Button>
        </div>
      ) : null}
      <MergeDialog
        pair={pair}
        customFields={fields.data ?? []}
        timeZone={timeZone}
        onClose={() => setPair(null)}
        onMerged={(kept) => {
          setPair(null);
          toast({
            title: 'Contacts merged',
            description: `Everything is now on ${kept.name}.`,
            action: { label: 'Open', altText: `Open ${kept.name}`, onClick: () => void navigate({ to: '/contacts/$contactId', params: { contactId: kept.id } }) },
          });
        }}
      />
    </Page>
  );
}

function GroupCard({ group, canMerge, timeZone, onCompare }: { group: DuplicateGroup; canMerge: boolean; timeZone: string; onCompare: (pair: [Contact, Contact]) => void }) {
  const [picked, setPicked] = useState<string[]>(() => (group.contacts.length === 2 ? group.contacts.map((c) => c.id) : []));
  const chosen = group.contacts.filter((c) => picked.includes(c.id));
  const title = group.reasons.map((r) => `${REASON[r.type].label}: ${r.value}`).join('; ');
  return (
    <Card role="group" aria-label={title}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <div className="flex flex-wrap gap-2">
          {group.reasons.map((r) => {
            const Icon = REASON[r.type].icon;
            return (
              <Badge key={`${r.type}:${r.value}`} tone="amber">
                <Icon className="size-3.5" aria-hidden />
                {REASON[r.type].label}: <span className="font-normal">{r.type === 'name' ? r.value.replace(' @ ', ' at ').replace(/ at $/, '') : r.value}</span>
              </Badge>
            );
          })}
        </div>
        {canMerge ? (
          <Button size="sm" disabled={chosen.length !== 2} onClick={() => chosen.length === 2 && onCompare([chosen[0]!, chosen[1]!])}>
            <GitMergeIcon className="size-4" aria-hidden />
            {chosen.length === 2 ? 'Compare and merge' : `Pick ${2 - chosen.length} to merge`}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-100 dark:divide-gray-800 dark:border-gray-800">
          {group.contacts.map((c) => (
            <li key={c.id} className="flex items-start gap-3 px-3 py-2.5">
              {canMerge ? (
                <Checkbox
                  className="mt-1"
                  aria-label={`Pick ${c.name}`}
                  checked={picked.includes(c.id)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, c.id].slice(-2) : p.filter((id) => id !== c.id)))}
                />
              ) : null}
              <div className="grid min-w-0 flex-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                <div className="min-w-0">
                  <Link to="/contacts/$contactId" params={{ contactId: c.id }} className={cn('truncate rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                    {c.name}
                  </Link>
                  <p className="truncate text-xs text-gray-500 dark:text-gray-400">{[c.jobTitle, c.companyName].filter(Boolean).join(' at ') || 'No company'}</p>
                </div>
                <div className="min-w-0 text-gray-700 dark:text-gray-300">
                  <p className="truncate">
                    <OrDash>{c.email}</OrDash>
                  </p>
                  <p className="truncate">
                    <OrDash>{c.phone}</OrDash>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
                  <StageBadge stage={c.lifecycleStage} />
                  <span>{c.owner ? c.owner.name : 'Unassigned'}</span>
                  <span>· created {formatDate(c.createdAt, timeZone)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
