import { createFileRoute } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { showError, useCan, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { safeZone } from '../../../lib/zoned-time';
import { toast } from '../../../state/toast';
import { CalendarForm, type OrganizationMember } from '../-components/calendars/calendar-form';
import { CalendarList } from '../-components/calendars/calendar-list';
import { blankCalendar, formValuesOf } from '../-components/calendars/calendar-model';

export const Route = createFileRoute('/_app/settings/calendars')({
  staticData: { title: 'Booking calendars' },
  loader: ({ context }) => Promise.all([context.trpc.calendars.list.ensureData(), context.trpc.members.list.ensureData()]),
  component: CalendarsPage,
});

/** Which calendar the editor shows: a new one, or one of the list by id. */
type Editing = { id: null } | { id: string };

function CalendarsPage() {
  const { data: me } = useMe();
  const canRead = useCan('calendars:read');
  const canManage = useCan('calendars:manage');
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = trpc.calendars.list.useQuery(undefined, { retryOnMount: false, enabled: canRead });
  const members = trpc.members.list.useQuery(undefined, { retryOnMount: false, enabled: canRead });
  const utils = trpc.useUtils();
  const create = trpc.calendars.create.useMutation();
  const remove = trpc.calendars.delete.useMutation();
  if (!me) return <SectionLoading />;
  if (!canRead) return <NoAccess>Your role does not allow seeing booking calendars (calendars:read is required).</NoAccess>;
  const organizationMembers: OrganizationMember[] = members.data?.members.map((m) => ({ userId: m.userId, name: m.name })) ?? [];
  const timeZone = safeZone(me.user.preferences.timezone);
  // Any calendar's link without its slug: the organization's booking handle, the same for every calendar.
  const anyUrl = list.data?.items[0];
  const bookingUrlPrefix = anyUrl ? anyUrl.bookingUrl.slice(0, anyUrl.bookingUrl.length - anyUrl.slug.length) : null;
  const done = async (title: string) => {
    setEditing(null);
    toast({ title });
    await utils.calendars.invalidate();
  };

  if (editing && canManage) {
    const shared = { organizationMembers, timeZone, bookingUrlPrefix, onCancel: () => setEditing(null) };
    return editing.id === null ? (
      <SettingsSection title="New booking calendar" description="A public page where contacts pick a free time of the calendar’s members.">
        <CalendarForm
          {...shared}
          isNew
          initial={blankCalendar(me.user.id, timeZone)}
          submitLabel="Create calendar"
          onSubmit={(input) => create.mutateAsync(input).then(() => done('Booking calendar created'))}
        />
      </SettingsSection>
    ) : (
      <EditCalendar id={editing.id} shared={shared} onSaved={() => done('Booking calendar saved')} />
    );
  }

  return (
    <SettingsSection
      title="Booking calendars"
      description="Each calendar has a public booking page: share its link, or put it on your site."
      actions={
        canManage && list.data && list.data.items.length > 0 ? (
          <Button onClick={() => setEditing({ id: null })}>
            <PlusIcon className="size-4" aria-hidden />
            New calendar
          </Button>
        ) : null
      }
    >
      {list.error ? (
        <FormAlert message={errorMessageOf(list.error, 'Could not load the booking calendars')} />
      ) : !list.data ? (
        <SectionLoading />
      ) : (
        <CalendarList
          items={list.data.items}
          canManage={canManage}
          onCreate={() => setEditing({ id: null })}
          onEdit={(id) => setEditing({ id })}
          onDelete={async (calendar) => {
            try {
              await remove.mutateAsync({ id: calendar.id });
              toast({ title: `${calendar.name} deleted` });
              await utils.calendars.list.invalidate();
            } catch (error) {
              showError(error, 'Could not delete the calendar');
            }
          }}
        />
      )}
    </SettingsSection>
  );
}

function EditCalendar({ id, shared, onSaved }: { id: string; shared: Omit<Parameters<typeof CalendarForm>[0], 'initial' | 'isNew' | 'submitLabel' | 'onSubmit'>; onSaved: () => Promise<void> }) {
  const calendar = trpc.calendars.get.useQuery({ id }, { retryOnMount: false });
  const update = trpc.calendars.update.useMutation();
  return (
    <SettingsSection title={calendar.data ? `Edit ${calendar.data.name}` : 'Edit booking calendar'}>
      {calendar.error ? (
        <FormAlert message={errorMessageOf(calendar.error, 'Could not load the calendar')} />
      ) : !calendar.data ? (
        <SectionLoading />
      ) : (
        <CalendarForm
          {...shared}
          isNew={false}
          initial={formValuesOf(calendar.data)}
          submitLabel="Save calendar"
          onSubmit={async (input) => {
            await update.mutateAsync({ id, ...input });
            await onSaved();
          }}
        />
      )}
    </SettingsSection>
  );
}
