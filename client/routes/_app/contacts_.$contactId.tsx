import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormAlert } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { focusRing } from '../../components/ui/focus';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorCodeOf, errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { AttributionCard } from './-components/contacts/attribution-card';
import { ContactActions } from './-components/contacts/contact-actions';
import { ContactDetails } from './-components/contacts/contact-details';
import { ContactEditor } from './-components/contacts/contact-form';
import { ContactHeader } from './-components/contacts/contact-header';
import { CONTACT_NOT_FOUND, ContactNotFound } from './-components/contacts/contact-not-found';
import { DeleteContactDialog } from './-components/contacts/delete-contact-dialog';
import { relatedAppointmentsInput, relatedDealsInput, relatedTasksInput, UUID } from './-components/contacts/related';
import { RelatedCard } from './-components/contacts/related-card';
import { TimelineCard } from './-components/contacts/timeline-card';
import type { ContactDetail } from './-components/contacts/types';

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
  const [deleted, setDeleted] = useState(false);
  const detailsRef = useRef<HTMLDivElement>(null);

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
      <ContactHeader contact={contact} canWrite={canWrite} canDelete={canDelete} onEdit={startEditing} onDelete={() => setDeleting(true)} />
      <ContactActions contact={contact} />

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
                <ContactDetails contact={contact} customFields={customFields} timeZone={timeZone} />
              )}
            </CardContent>
          </Card>
          <AttributionCard contact={contact} timeZone={timeZone} />
          <RelatedCard contact={contact} timeZone={timeZone} deleted={deleted} />
        </div>
        <TimelineCard contactId={contact.id} canWrite={canWrite} ctx={{ members, customFields, timeZone, now: new Date() }} />
      </div>
      <DeleteContactDialog contact={contact} open={deleting} onOpenChange={setDeleting} onDeleted={() => setDeleted(true)} />
    </div>
  );
}
