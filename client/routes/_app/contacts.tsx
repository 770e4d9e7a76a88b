import { keepPreviousData } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { CopyIcon, FileInputIcon, FilterIcon, SearchIcon, SlidersHorizontalIcon, UploadIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { showError, useCan, useMe } from '../../lib/auth';
import { DEFAULT_DIRECTION } from '../../../server/contacts/schema';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { contactColumnsAtom, contactSelectionAtom, effectiveColumns, EMPTY_SELECTION, toggleIds } from '../../state/contacts';
import { toast } from '../../state/toast';
import { BulkBar, type BulkTarget } from './-components/contacts/bulk';
import { ContactDialog } from './-components/contacts/contact-form';
import { CustomFieldsDialog } from './-components/contacts/custom-fields-dialog';
import { DebouncedInput } from './-components/contacts/debounced-input';
import { type Count, plural } from './-components/contacts/labels';
import { Pagination } from './-components/contacts/pagination';
import {
  activeFilterCount,
  type ContactsSearch,
  DEFAULT_SORT,
  exportHref,
  FILTER_KEYS,
  type FilterKey,
  listInputOf,
  PAGE_SIZES,
  serverFilterOf,
  type UrlFilter,
  urlFilterOf,
  ZContactsSearch,
} from './-components/contacts/search';
import { ContactsTable, type SortState } from './-components/contacts/table';
import { ColumnsMenu, ExportMenu, FilterChips, FilterPanel } from './-components/contacts/toolbar';
import type { Contact } from './-components/contacts/types';
import { ViewsMenu } from './-components/contacts/views-menu';

export const Route = createFileRoute('/_app/contacts')({
  staticData: { title: 'Contacts', nav: { label: 'Contacts', icon: UsersIcon, order: 20 } },
  validateSearch: ZContactsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const me = await context.trpc.auth.me.ensureData();
    const list = context.trpc.contacts.list.ensureData(listInputOf(deps, me.user.preferences.timezone));
    const rest = Promise.all([context.trpc.savedViews.list.ensureData(), context.trpc.customFields.list.ensureData(), context.trpc.members.list.ensureData()]);
    // A new filter or page on the screen already open keeps the table in place while it loads.
    if (cause === 'stay') {
      list.catch(() => undefined);
      await rest;
      return;
    }
    await Promise.all([list, rest]);
  },
  component: ContactsPage,
});

function ContactsPage() {
  const { data: me } = useMe();
  if (!me) return null;
  return <ContactsScreen userId={me.user.id} timeZone={me.user.preferences.timezone} />;
}

function ContactsScreen({ userId, timeZone }: { userId: string; timeZone: string }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('contacts:write');
  const canDelete = useCan('contacts:delete');
  const canImport = useCan('data:import');
  const canExport = useCan('data:export');
  const canAddToList = useCan('campaigns:write');
  const canManageFields = useCan('settings:manage');
  const [fieldsOpen, setFieldsOpen] = useState(false);

  const input = listInputOf(search, timeZone);
  const list = trpc.contacts.list.useQuery(input, { placeholderData: keepPreviousData });
  const views = trpc.savedViews.list.useQuery();
  const fields = trpc.customFields.list.useQuery();
  const membersQuery = trpc.members.list.useQuery();
  const customFields = useMemo(() => fields.data ?? [], [fields.data]);
  const members = membersQuery.data?.members ?? [];
  const org = trpc.organizations.current.useQuery(undefined, { enabled: canWrite });

  const [storedColumns, setStoredColumns] = useAtom(contactColumnsAtom(userId));
  const columns = useMemo(() => effectiveColumns(storedColumns).filter((c) => !c.startsWith('custom.') || customFields.some((f) => `custom.${f.key}` === c)), [storedColumns, customFields]);

  const filter = urlFilterOf(search);
  const serverFilter = serverFilterOf(filter, timeZone);
  const sortState: SortState = { sort: search.sort ?? DEFAULT_SORT, direction: search.direction ?? DEFAULT_DIRECTION[search.sort ?? DEFAULT_SORT] };
  const filtered = FILTER_KEYS.some((k) => filter[k] !== undefined);

  function setSearch(patch: Partial<ContactsSearch>, replace = false) {
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  }
  function setFilter<K extends FilterKey>(key: K, value: UrlFilter[K] | undefined) {
    setSearch({ [key]: value, page: undefined } as Partial<ContactsSearch>, key === 'q');
  }
  function clearFilters() {
    setSearch(Object.fromEntries([...FILTER_KEYS.map((k) => [k, undefined]), ['page', undefined]]) as Partial<ContactsSearch>);
  }
  function onSort(sort: SortState['sort']) {
    if (sort === sortState.sort) setSearch({ sort, direction: sortState.direction === 'asc' ? 'desc' : 'asc', page: undefined });
    else setSearch({ sort: sort === DEFAULT_SORT ? undefined : sort, direction: undefined, page: undefined });
  }

  // "Load more": further rows after this page, fetched by keyset cursor, kept until the list changes.
  const listKey = JSON.stringify(input);
  const [more, setMore] = useState<{ key: string; cursors: string[]; auto: boolean }>({ key: listKey, cursors: [], auto: false });
  const cursors = more.key === listKey ? more.cursors : [];
  const chunks = trpc.useQueries((t) => cursors.map((cursor) => t.contacts.list({ ...input, cursor })));
  const loadingMore = chunks.some((c) => c.isFetching);
  const nextCursor = cursors.length === 0 ? (list.data?.nextCursor ?? null) : (chunks.at(-1)?.data?.nextCursor ?? null);
  const chunkFailure = chunks.find((c) => c.error)?.error;
  function loadMore() {
    if (!nextCursor || loadingMore) return;
    setMore({ key: listKey, cursors: [...cursors, nextCursor], auto: true });
  }

  const seen = new Set<string>();
  const rows = [...(list.data?.items ?? []), ...chunks.flatMap((c) => c.data?.items ?? [])].filter((c) => !seen.has(c.id) && seen.add(c.id));

  // Selection for bulk changes: made under this filter only.
  const scope = JSON.stringify(serverFilter);
  const [rawSelection, setSelection] = useAtom(contactSelectionAtom);
  const selection = rawSelection.scope === scope ? rawSelection : EMPTY_SELECTION;
  const rowIds = rows.map((r) => r.id);
  const selectedOnScreen = selection.allMatching ? rowIds.length : rowIds.filter((id) => selection.ids.includes(id)).length;
  const pageState = rowIds.length > 0 && selectedOnScreen === rowIds.length ? 'all' : selectedOnScreen > 0 ? 'some' : 'none';
  const selectedCount = selection.allMatching ? (list.data?.total ?? 0) : selection.ids.length;
  const bulkTarget: BulkTarget = selection.allMatching ? { filter: serverFilter } : { ids: selection.ids };

  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(activeFilterCount(search) > 0);

  const data = list.data;
  const activeView = views.data?.find((v) => v.id === search.view) ?? null;
  const total = data?.total ?? 0;
  const totalCount: Count = { n: total, atLeast: data?.totalIsLowerBound ?? false };
  const page = search.page ?? 1;
  const limit = input.limit ?? 20;
  const pages = Math.max(1, Math.ceil(total / limit));
  const selectedTags = [...new Set(rows.filter((r) => selection.allMatching || selection.ids.includes(r.id)).flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b));

  const header = (
    <div className="flex flex-wrap items-center gap-2">
      <Link to="/contacts/forms" className={buttonClasses({ variant: 'outline' })} aria-label="Forms">
        <FileInputIcon className="size-4" aria-hidden />
        <span className="hidden sm:inline">Forms</span>
      </Link>
      <Link to="/contacts/duplicates" className={buttonClasses({ variant: 'outline' })} aria-label="Duplicates">
        <CopyIcon className="size-4" aria-hidden />
        <span className="hidden sm:inline">Duplicates</span>
      </Link>
      {canManageFields ? (
        <Button variant="outline" onClick={() => setFieldsOpen(true)} aria-label="Custom fields">
          <SlidersHorizontalIcon className="size-4" aria-hidden />
          <span className="hidden sm:inline">Custom fields</span>
        </Button>
      ) : null}
      {canImport ? (
        <Link to="/contacts/import" className={buttonClasses({ variant: 'outline' })} aria-label="Import">
          <UploadIcon className="size-4" aria-hidden />
          <span className="hidden sm:inline">Import</span>
        </Link>
      ) : null}
      {canWrite ? (
        <Button onClick={() => setEditing('new')}>
          <UserPlusIcon className="size-4" aria-hidden />
          Add contact
        </Button>
      ) : null}
    </div>
  );

  const dialogs = (
    <>
      {canWrite ? (
        <ContactDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          contact={editing === 'new' ? null : editing}
          members={members}
          customFields={customFields}
          defaultOwnerId={userId}
          country={org.data?.settings.country}
          onCreated={(created) =>
            toast({
              title: 'Contact created',
              description: `${created.name} was added to your contacts.`,
              action: { label: 'Open', altText: `Open ${created.name}`, onClick: () => void navigate({ to: '/contacts/$contactId', params: { contactId: created.id } }) },
            })
          }
        />
      ) : null}
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      {canManageFields ? <CustomFieldsDialog open={fieldsOpen} onOpenChange={setFieldsOpen} fields={customFields} /> : null}
    </>
  );

  if (!data) {
    return (
      <Page title="Contacts" actions={header}>
        {list.error ? <FormAlert message={errorMessageOf(list.error, 'Could not read the contacts')} /> : <Spinner label="Fetching contacts" />}
      </Page>
    );
  }

  // Nothing at all yet: say so, and how to start.
  if (total === 0 && !filtered && !data.items.length && !list.isPlaceholderData) {
    return (
      <Page title="Contacts" actions={header}>
        <EmptyState icon={UsersIcon} title="No contacts yet">
          {canWrite || canImport
            ? 'Add the people you work with one by one, or import them from a CSV file. They will be listed here with search, filters and saved views.'
            : 'Contacts added by your team will be listed here, with search, filters and saved views.'}
        </EmptyState>
        {dialogs}
      </Page>
    );
  }

  const from = rows.length > 0 ? (page - 1) * limit + 1 : 0;
  const to = from + rows.length - (rows.length > 0 ? 1 : 0);
  const fmt = new Intl.NumberFormat();

  return (
    <Page title="Contacts" description={plural(totalCount, filtered ? 'matching contact' : 'contact')} actions={header}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <ViewsMenu
            views={views.data ?? []}
            active={activeView}
            state={{ filters: filter, columns, sort: sortState }}
            defaultSort={{ sort: DEFAULT_SORT, direction: DEFAULT_DIRECTION[DEFAULT_SORT] }}
            onPick={(view) => {
              const viewFilter = Object.fromEntries(FILTER_KEYS.map((k) => [k, (view.filters as Record<string, unknown>)[k]]));
              void navigate({ search: ZContactsSearch.parse({ ...viewFilter, sort: view.sort?.field, direction: view.sort?.direction, view: view.id }) });
              const viewColumns = view.columns.filter((c) => c !== 'name');
              if (viewColumns.length > 0) setStoredColumns(viewColumns);
            }}
            onAll={() => void navigate({ search: {} })}
            onDeleted={(id) => search.view === id && setSearch({ view: undefined })}
          />
          <div className="relative min-w-48 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
            <DebouncedInput
              type="search"
              aria-label="Search contacts"
              placeholder="Search name, e-mail, phone or company"
              value={search.q ?? ''}
              onCommit={(v) => setFilter('q', v || undefined)}
              maxLength={200}
              className="pl-9"
            />
          </div>
          <Button variant="outline" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
            <FilterIcon className="size-4" aria-hidden />
            Filters
            {activeFilterCount(search) > 0 ? (
              <Badge tone="indigo" aria-label={`${activeFilterCount(search)} active`}>
                {activeFilterCount(search)}
              </Badge>
            ) : null}
          </Button>
          <ColumnsMenu columns={columns} customFields={customFields} onChange={setStoredColumns} onReset={() => setStoredColumns(RESET)} />
          {canExport ? <ExportMenu total={totalCount} visibleHref={exportHref(search, timeZone, ['name', ...columns])} allHref={exportHref(search, timeZone)} /> : null}
        </div>
        {filtersOpen ? <FilterPanel id={filtersId} filter={filter} setFilter={setFilter} members={members} /> : null}
        <FilterChips filter={filter} setFilter={setFilter} members={members} onClear={clearFilters} />
      </div>

      {canWrite && (selection.allMatching || selection.ids.length > 0) ? (
        <BulkBar
          count={selectedCount}
          allMatching={selection.allMatching}
          canSelectAllMatching={pageState === 'all' && total > rows.length}
          total={totalCount}
          onSelectAllMatching={() => setSelection({ scope, ids: [], allMatching: true })}
          onClear={() => setSelection(EMPTY_SELECTION)}
          target={bulkTarget}
          members={members}
          canDelete={canDelete}
          selectedTags={selectedTags}
          canAddToList={canAddToList}
          onDone={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}

      {list.error ? <FormAlert message={errorMessageOf(list.error, 'Could not read the contacts')} /> : null}

      <div className="flex flex-col gap-3" aria-busy={list.isPlaceholderData || undefined}>
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          {list.isPlaceholderData
            ? 'Updating…'
            : total === 0
              ? 'No contacts match.'
              : rows.length === 0
                ? `No contacts on this page; there are ${plural(totalCount, 'contact')}.`
                : `Showing ${fmt.format(from)}–${fmt.format(to)} of ${plural(totalCount, 'contact')}`}
        </p>
        {total === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <EmptyState icon={SearchIcon} title="No contacts match">
              Nobody matches {search.q ? `“${search.q}” with ` : ''}these filters. Try other words, or clear the filters.
            </EmptyState>
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div>
            <Button variant="outline" onClick={() => setSearch({ page: undefined })}>
              Go to the first page
            </Button>
          </div>
        ) : (
          <ContactsTable
            rows={rows}
            columns={columns}
            customFields={customFields}
            timeZone={timeZone}
            sortState={sortState}
            onSort={onSort}
            selectable={canWrite}
            isSelected={(id) => selection.allMatching || selection.ids.includes(id)}
            onToggle={(id, selected) => setSelection(toggleIds(selection, scope, [id], selected, rowIds))}
            onTogglePage={(selected) => setSelection(selected ? toggleIds(selection, scope, rowIds, true) : EMPTY_SELECTION)}
            pageState={pageState}
            onEdit={canWrite ? (c) => setEditing(c) : null}
            onDelete={canDelete ? (c) => setDeleting(c) : null}
          />
        )}
        {chunkFailure ? <FormAlert message={errorMessageOf(chunkFailure, 'Could not read more contacts')} /> : null}
        {rows.length > 0 ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Pagination
              page={Math.min(page + cursors.length, pages)}
              pages={pages}
              limit={limit}
              sizes={PAGE_SIZES}
              onPage={(p) => setSearch({ page: p === 1 ? undefined : p })}
              onLimit={(l) => setSearch({ limit: l === 20 ? undefined : (l as ContactsSearch['limit']), page: undefined })}
            />
            {nextCursor ? <LoadMore onLoad={loadMore} loading={loadingMore} auto={more.key === listKey && more.auto} count={Math.min(limit, total - (from - 1) - rows.length)} /> : null}
          </div>
        ) : null}
      </div>
      {dialogs}
    </Page>
  );
}

/** "Load more" under the table; once used, further rows load as the end of the list scrolls into view. */
function LoadMore({ onLoad, loading, auto, count }: { onLoad: () => void; loading: boolean; auto: boolean; count: number }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!auto || loading || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, loading]);
  return (
    <div ref={sentinel}>
      <Button variant="secondary" onClick={onLoad} disabled={loading}>
        {loading ? 'Fetching more…' : `Load ${count > 0 ? count : ''} more`.replace('  ', ' ')}
      </Button>
    </div>
  );
}

function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.contacts.delete.useMutation();
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {contact?.name}?</DialogTitle>
          <DialogDescription>Their timeline goes with them; their deals, tasks and appointments stay, without a contact. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              if (!contact) return;
              try {
                await remove.mutateAsync({ id: contact.id });
                toast({ title: 'Contact deleted', description: `${contact.name} was deleted.` });
                utils.contacts.get.setData({ id: contact.id }, undefined);
                await Promise.all([utils.contacts.list.invalidate(), utils.contacts.duplicates.invalidate()]);
              } catch (error) {
                showError(error, 'Could not delete the contact');
              } finally {
                onClose();
              }
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete contact'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
