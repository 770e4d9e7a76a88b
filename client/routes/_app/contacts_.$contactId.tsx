import { createFileRoute, Link, notFound, type NotFoundRouteProps, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, BriefcaseIcon, CalendarIcon, ClipboardListIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon, UserXIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormAlert } from '../../components/form';
import { NotFound } from '../../components/not-found';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { focusRing } from '../../components/ui/focus';
import { Label, Select } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { showError, useCan, useMe } from '../../lib/auth';
import { formatCalendarDate } from '../../lib/calendar';
import { cn } from '../../lib/cn';
import { errorCodeOf, errorMessageOf } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { fieldMessage, serverFormErrors } from '../../lib/forms';
import { formatMoney } from '../../lib/money';
import { trpc } from '../../lib/trpc';
import { formatDateTimeRangeIn } from '../../lib/zoned-time';
import { toast } from '../../state/toast';
import { CONTACT_LIMITS, LIFECYCLE_LABELS, LIFECYCLE_STAGES, type TLifecycleStage, ZAddNoteInput } from '../../../server/contacts/schema';
import { Avatar, DncBadges, OrDash, StageBadge, TagList } from './-components/contacts/bits';
import { ContactEditor } from './-components/contacts/contact-form';
import { ATTRIBUTION_PARTS, plural } from './-components/contacts/labels';
import { relatedAppointmentsInput, relatedDealsInput, relatedTasksInput, UUID } from './-components/contacts/related';
import { type TimelineContext, TimelineItem } from './-components/contacts/timeline';
import type { ContactDetail, CustomField } from './-components/contacts/types';

export const Route = createFileRoute('/_app/contacts_/$contactId')({
  staticData: { title: 'Contact' },
  loader: async ({ context, params, location }) => {
    const id = params.contactId;
    // A longer path below a contact (matched here only as the nearest route) names no page at all.
    if (location.pathname.replace(/\/$/, '') !== `/contacts/${id}`) throw notFound();
    // Not an id names no contact, without asking the server.
    if (!UUID.test(id)) throw notFound({ data: CONTACT_NOT_FOUND });
    const me = await context.trpc.auth.me.ensureData();
    const can = (p: string) => me.permissions.includes(p as never);
    try {
      await Promise.all([
        context.trpc.contacts.get.ensureData({ id }),
        context.trpc.contacts.timeline.ensureData({ id }),
        context.trpc.customFields.list.ensureData(),
        context.trpc.members.list.ensureData(),
        can('contacts:write') ? context.trpc.organizations.current.ensureData() : null,
        can('deals:read') ? context.trpc.deals.list.ensureData(relatedDealsInput(id)) : null,
        can('tasks:read') ? context.trpc.tasks.list.ensureData(relatedTasksInput(id)) : null,
        can('appointments:read') ? context.trpc.appointments.search.ensureData(relatedAppointmentsInput(id)) : null,
      ]);
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') throw notFound({ data: CONTACT_NOT_FOUND });
      throw error;
    }
  },
  component: ContactPage,
  notFoundComponent: ContactNotFound,
});

const CONTACT_NOT_FOUND = { contact: true } as const;

/** In the shell: the contact is gone (deleted, merged into another) or its id is wrong; else the usual card. */
function ContactNotFound({ data }: NotFoundRouteProps) {
  if ((data as typeof CONTACT_NOT_FOUND | undefined)?.contact !== true) return <NotFound />;
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center p-6">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-400">
            <UserXIcon className="size-6" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Contact not found
          </CardTitle>
        </CardHeader>
        <CardContent className="grid justify-items-center gap-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">It may have been deleted or merged into another contact, or the link is not quite right.</p>
          <Link to="/contacts" className={buttonClasses()}>
            Back to contacts
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function ContactPage() {
  const { contactId } = Route.useParams();
  const { data: me } = useMe();
  const contact = trpc.contacts.get.useQuery({ id: contactId });
  if (!me) return null;
  if (!contact.data) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <FormAlert message={errorMessageOf(contact.error, 'Could not read the contact')} />
      </div>
    );
  }
  return <ContactScreen key={contactId} contact={contact.data} userId={me.user.id} timeZone={me.user.preferences.timezone} />;
}

function ContactScreen({ contact, userId, timeZone }: { contact: ContactDetail; userId: string; timeZone: string }) {
  const canWrite = useCan('contacts:write');
  const canDelete = useCan('contacts:delete');
  const fields = trpc.customFields.list.useQuery();
  const membersQuery = trpc.members.list.useQuery();
  const org = trpc.organizations.current.useQuery(undefined, { enabled: canWrite });
  const customFields = fields.data ?? [];
  const members = membersQuery.data?.members ?? [];
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const detailsRef = useRef<HTMLDivElement>(null);
  const subtitle = [contact.jobTitle, contact.companyName].filter(Boolean).join(' at ');

  function startEditing() {
    setEditing(true);
    requestAnimationFrame(() => detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div>
        <Link to="/contacts" className={cn('inline-flex items-center gap-1 rounded text-sm text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white', focusRing)}>
          <ArrowLeftIcon className="size-4" aria-hidden />
          Contacts
        </Link>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          <Avatar name={contact.name} className="size-14 text-lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-gray-900 dark:text-white">{contact.name}</h1>
            {subtitle ? <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p> : null}
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <StageBadge stage={contact.lifecycleStage} />
              <span className="text-gray-600 dark:text-gray-400">{contact.owner ? `Owned by ${contact.owner.name}` : 'Unassigned'}</span>
              <DncBadges dnc={contact.doNotContact} />
            </div>
          </div>
        </div>
        {canWrite || canDelete ? (
          <div className="flex flex-wrap items-center gap-2">
            {canWrite ? <QuickStage contact={contact} /> : null}
            {canWrite ? (
              <Button variant="outline" onClick={startEditing}>
                <PencilIcon className="size-4" aria-hidden />
                Edit
              </Button>
            ) : null}
            {canDelete ? (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" size="icon" aria-label="More actions">
                    <MoreHorizontalIcon className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                    <Trash2Icon aria-hidden />
                    Delete contact
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </div>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card role="region" aria-label="Details" ref={detailsRef} className="scroll-mt-4">
            <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
              <CardTitle as="h2" className="text-base">
                Details
              </CardTitle>
              {canWrite && !editing ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label="Edit details">
                  <PencilIcon className="size-4" aria-hidden />
                  Edit
                </Button>
              ) : null}
            </CardHeader>
            <CardContent>
              {editing ? (
                <ContactEditor
                  contact={contact}
                  members={members}
                  customFields={customFields}
                  defaultOwnerId={userId}
                  country={org.data?.settings.country}
                  onCancel={() => setEditing(false)}
                  onSaved={(saved) => {
                    setEditing(false);
                    toast({ title: 'Contact saved', description: `${saved.name} is up to date.` });
                  }}
                />
              ) : (
                <Details contact={contact} customFields={customFields} timeZone={timeZone} />
              )}
            </CardContent>
          </Card>
          <Attribution contact={contact} timeZone={timeZone} />
          <Related contact={contact} timeZone={timeZone} />
        </div>
        <Timeline contactId={contact.id} canWrite={canWrite} ctx={{ members, customFields, timeZone, now: new Date() }} />
      </div>
      <DeleteDialog contact={contact} open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}

/** The stage, changed in one step from the header. */
function QuickStage({ contact }: { contact: ContactDetail }) {
  const utils = trpc.useUtils();
  const update = trpc.contacts.update.useMutation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="sr-only">
        Lifecycle stage
      </Label>
      <Select
        id={id}
        className="w-auto"
        value={contact.lifecycleStage}
        disabled={update.isPending}
        onChange={async (e) => {
          const lifecycleStage = e.target.value as TLifecycleStage;
          try {
            const saved = await update.mutateAsync({ id: contact.id, lifecycleStage });
            utils.contacts.get.setData({ id: contact.id }, saved);
            await Promise.all([utils.contacts.timeline.invalidate({ id: contact.id }), utils.contacts.list.invalidate()]);
            toast({ title: 'Stage changed', description: `${saved.name} is now ${LIFECYCLE_LABELS[lifecycleStage]}.` });
          } catch (error) {
            showError(error, 'Could not change the stage');
          }
        }}
      >
        {LIFECYCLE_STAGES.map((s) => (
          <option key={s} value={s}>
            {LIFECYCLE_LABELS[s]}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

function Details({ contact, customFields, timeZone }: { contact: ContactDetail; customFields: readonly CustomField[]; timeZone: string }) {
  const dnc = contact.doNotContact;
  return (
    <dl className="divide-y divide-gray-100 dark:divide-gray-800">
      <Row label="E-mail">
        {contact.email ? (
          <a href={`mailto:${contact.email}`} className={cn('rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
            {contact.email}
          </a>
        ) : (
          <OrDash>{null}</OrDash>
        )}
        {contact.otherEmails.length > 0 ? <span className="block text-xs text-gray-500 dark:text-gray-400">Also {contact.otherEmails.join(', ')}</span> : null}
      </Row>
      <Row label="Phone">
        {contact.phone ? (
          <a href={`tel:${contact.phone}`} className={cn('rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
            {contact.phone}
          </a>
        ) : (
          <OrDash>{null}</OrDash>
        )}
        {contact.otherPhones.length > 0 ? <span className="block text-xs text-gray-500 dark:text-gray-400">Also {contact.otherPhones.join(', ')}</span> : null}
        {/* Texts from here go to this contact, even on a number another contact shares. */}
        {contact.phone || contact.otherPhones.length > 0 ? (
          <Link to="/sms" search={{ contact: contact.id }} className={cn('mt-1 block w-fit rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
            Send SMS
          </Link>
        ) : null}
      </Row>
      <Row label="Company">
        <OrDash>{contact.companyName}</OrDash>
      </Row>
      <Row label="Job title">
        <OrDash>{contact.jobTitle}</OrDash>
      </Row>
      <Row label="Lifecycle stage">{LIFECYCLE_LABELS[contact.lifecycleStage]}</Row>
      <Row label="Owner">{contact.owner ? contact.owner.name : <span className="text-gray-500 dark:text-gray-400">Unassigned</span>}</Row>
      <Row label="Source">
        <OrDash>{contact.source}</OrDash>
      </Row>
      <Row label="Lead score">{new Intl.NumberFormat().format(contact.leadScore)}</Row>
      <Row label="Tags">
        <OrDash>{contact.tags.length > 0 ? <TagList tags={contact.tags} /> : null}</OrDash>
      </Row>
      <Row label="Do not contact">{dnc.sms || dnc.email || dnc.calls ? <DncBadges dnc={dnc} /> : <span className="text-gray-500 dark:text-gray-400">Can be contacted</span>}</Row>
      {customFields.map((f) => {
        const value = contact.customFields[f.key];
        return (
          <Row key={f.key} label={f.label}>
            <OrDash>
              {value === undefined || value === null || value === ''
                ? null
                : f.type === 'date' && typeof value === 'string'
                  ? formatCalendarDate(value)
                  : typeof value === 'number'
                    ? new Intl.NumberFormat().format(value)
                    : String(value)}
            </OrDash>
          </Row>
        );
      })}
      <Row label="Created">
        <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt, timeZone)}</time>
      </Row>
      <Row label="Updated">
        <time dateTime={contact.updatedAt}>{formatDateTime(contact.updatedAt, timeZone)}</time>
      </Row>
    </dl>
  );
}

function Attribution({ contact, timeZone }: { contact: ContactDetail; timeZone: string }) {
  const touches = [
    ['First touch', contact.firstAttribution],
    ['Latest touch', contact.latestAttribution],
  ] as const;
  const none = !contact.firstAttribution && !contact.latestAttribution;
  return (
    <Card role="region" aria-label="Attribution">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Attribution
        </CardTitle>
      </CardHeader>
      <CardContent className="@container">
        {none ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            No marketing touch recorded. Forms and tracked links record where a contact came from (source, medium, campaign, referrer, landing page).
          </p>
        ) : (
          <div className="grid gap-4 @md:grid-cols-2">
            {touches.map(([label, touch]) => (
              <div key={label} className="min-w-0">
                <h3 className="text-sm font-semibold text-gray-900 dark:text-gray-100">{label}</h3>
                {touch ? (
                  <dl className="mt-2 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
                    {ATTRIBUTION_PARTS.filter(([key]) => touch[key]).map(([key, partLabel]) => (
                      <div key={key} className="contents">
                        <dt className="text-gray-500 dark:text-gray-400">{partLabel}</dt>
                        <dd className="truncate" title={touch[key]}>
                          {touch[key]}
                        </dd>
                      </div>
                    ))}
                    <dt className="text-gray-500 dark:text-gray-400">When</dt>
                    <dd>
                      <time dateTime={touch.at}>{formatDateTime(touch.at, timeZone)}</time>
                    </dd>
                  </dl>
                ) : (
                  <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">None</p>
                )}
              </div>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const relatedLink = cn('rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing);

/** Deals, tasks and appointments of the contact: counts, the latest few, and where to see them all. */
function Related({ contact, timeZone }: { contact: ContactDetail; timeZone: string }) {
  const canDeals = useCan('deals:read');
  const canTasks = useCan('tasks:read');
  const canAppointments = useCan('appointments:read');
  const deals = trpc.deals.list.useQuery(relatedDealsInput(contact.id), { enabled: canDeals });
  const tasks = trpc.tasks.list.useQuery(relatedTasksInput(contact.id), { enabled: canTasks });
  const appointments = trpc.appointments.search.useQuery(relatedAppointmentsInput(contact.id), { enabled: canAppointments });
  const c = contact.counts;
  if (!canDeals && !canTasks && !canAppointments) return null;
  return (
    <Card role="region" aria-label="Related">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Related
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {canDeals ? (
          <section aria-label="Deals">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <BriefcaseIcon className="size-4 text-gray-500" aria-hidden />
                Deals
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.openDeals} open · {c.deals} in all
                </span>
              </h3>
              <Link to="/pipeline" className={relatedLink}>
                Pipeline
              </Link>
            </div>
            <RelatedList
              error={deals.error}
              empty="No deals with this contact."
              items={(deals.data?.items ?? []).map((d) => ({
                id: d.id,
                dealId: d.id,
                title: d.title,
                meta: `${d.stage.name} · ${formatMoney(d.value.valueMinor, d.value.currency)}${d.status !== 'open' ? ` · ${d.status}` : ''}`,
              }))}
            />
          </section>
        ) : null}
        {canTasks ? (
          <section aria-label="Tasks">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <ClipboardListIcon className="size-4 text-gray-500" aria-hidden />
                Tasks
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.openTasks} open · {c.tasks} in all
                </span>
              </h3>
              <Link to="/tasks" className={relatedLink}>
                Tasks
              </Link>
            </div>
            <RelatedList
              error={tasks.error}
              empty="No open tasks."
              items={(tasks.data?.items ?? []).map((t) => ({
                id: t.id,
                title: t.title,
                meta: [t.dueAt ? `Due ${formatDate(t.dueAt, timeZone)}` : 'No due date', t.overdue ? 'overdue' : null, t.assignee?.name].filter(Boolean).join(' · '),
                alert: t.overdue,
              }))}
            />
          </section>
        ) : null}
        {canAppointments ? (
          <section aria-label="Appointments">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <CalendarIcon className="size-4 text-gray-500" aria-hidden />
                Appointments
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.upcomingAppointments} upcoming · {c.appointments} in all
                </span>
              </h3>
              <Link to="/appointments" className={relatedLink}>
                Calendar
              </Link>
            </div>
            <RelatedList
              error={appointments.error}
              empty="No appointments."
              items={(appointments.data?.items ?? []).map((a) => ({
                id: a.id,
                title: a.title,
                meta: `${formatDateTimeRangeIn(a.startsAt, a.endsAt, timeZone)}${a.status !== 'scheduled' ? ` · ${a.status.replace('_', '-')}` : ''}`,
              }))}
            />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RelatedList({ items, empty, error }: { items: { id: string; title: string; meta: string; alert?: boolean; dealId?: string }[]; empty: string; error: unknown }) {
  if (error) return <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessageOf(error, 'Could not read these')}</p>;
  if (items.length === 0) return <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-gray-100 rounded-md border border-gray-100 dark:divide-gray-800 dark:border-gray-800">
      {items.map((i) => (
        <li key={i.id} className="px-3 py-2">
          {i.dealId ? (
            <Link
              to="/pipeline/deals/$dealId"
              params={{ dealId: i.dealId }}
              className={cn('block truncate rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}
            >
              {i.title}
            </Link>
          ) : (
            <p className="truncate text-sm font-medium text-gray-900 dark:text-gray-100">{i.title}</p>
          )}
          <p className={cn('truncate text-xs', i.alert ? 'text-red-600 dark:text-red-400' : 'text-gray-500 dark:text-gray-400')}>{i.meta}</p>
        </li>
      ))}
    </ul>
  );
}

/** Newest first; older entries a page at a time. */
function Timeline({ contactId, canWrite, ctx }: { contactId: string; canWrite: boolean; ctx: TimelineContext }) {
  const first = trpc.contacts.timeline.useQuery({ id: contactId });
  const [befores, setBefores] = useState<number[]>([]);
  const older = trpc.useQueries((t) => befores.map((before) => t.contacts.timeline({ id: contactId, before })));
  const pages = [first, ...older];
  const entries = pages.flatMap((p) => p.data?.items ?? []);
  const seen = new Set<number>();
  const unique = entries.filter((e) => !seen.has(e.id) && seen.add(e.id));
  const last = pages.at(-1);
  const nextBefore = last?.data?.nextBefore ?? null;
  const fetching = older.some((o) => o.isFetching);
  const failure = pages.find((p) => p.error)?.error;

  return (
    <Card role="region" aria-label="Timeline" className="min-w-0">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Timeline
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {canWrite ? <NoteBox contactId={contactId} onAdded={() => setBefores([])} /> : null}
        {failure ? <FormAlert message={errorMessageOf(failure, 'Could not read the timeline')} /> : null}
        {unique.length === 0 && !failure ? <p className="text-sm text-gray-500 dark:text-gray-400">Nothing has happened with this contact yet.</p> : null}
        <ol aria-label="Activity" className="min-w-0">
          {unique.map((entry, i) => (
            <TimelineItem key={entry.id} entry={entry} ctx={ctx} last={i === unique.length - 1} />
          ))}
        </ol>
        {nextBefore ? (
          <div>
            <Button variant="secondary" disabled={fetching} onClick={() => setBefores((b) => (b.includes(nextBefore) ? b : [...b, nextBefore]))}>
              {fetching ? 'Fetching older entries…' : 'Load older'}
            </Button>
          </div>
        ) : unique.length > 0 ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">{plural(unique.length, 'entry', 'entries')}, the whole history.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function NoteBox({ contactId, onAdded }: { contactId: string; onAdded: () => void }) {
  const utils = trpc.useUtils();
  const add = trpc.contacts.addNote.useMutation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const id = useId();

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = ZAddNoteInput.safeParse({ contactId, body });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'body')?.message ?? 'is not a valid note');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(parsed.data);
      setBody('');
      setAnnounce('Note added to the timeline.');
      onAdded();
      await utils.contacts.timeline.invalidate({ id: contactId });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['body'], 'Could not add the note');
      setError(fieldErrors.body ?? null);
      if (message) showError(failure, 'Could not add the note');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-2">
      <Label htmlFor={id}>Add a note</Label>
      <Textarea
        id={id}
        value={body}
        maxLength={CONTACT_LIMITS.note}
        placeholder="What happened, what was agreed, what comes next…"
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void onSubmit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {fieldMessage('Note', error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          Ctrl+Enter (⌘+Enter on a Mac) adds it.
        </p>
        <Button type="submit" disabled={add.isPending || body.trim() === ''}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {announce}
      </p>
    </form>
  );
}

function DeleteDialog({ contact, open, onOpenChange }: { contact: ContactDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remove = trpc.contacts.delete.useMutation();
  const links = [
    contact.counts.deals && plural(contact.counts.deals, 'deal'),
    contact.counts.tasks && plural(contact.counts.tasks, 'task'),
    contact.counts.appointments && plural(contact.counts.appointments, 'appointment'),
  ].filter(Boolean);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {contact.name}?</DialogTitle>
          <DialogDescription>The contact and its timeline are deleted. {links.length > 0 ? `Its ${links.join(', ')} stay, without a contact.` : ''} This cannot be undone.</DialogDescription>
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
              try {
                await remove.mutateAsync({ id: contact.id });
                toast({ title: 'Contact deleted', description: `${contact.name} was deleted.` });
                await navigate({ to: '/contacts' });
                utils.contacts.get.setData({ id: contact.id }, undefined);
                await Promise.all([utils.contacts.list.invalidate(), utils.contacts.duplicates.invalidate()]);
              } catch (error) {
                showError(error, 'Could not delete the contact');
                onOpenChange(false);
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
