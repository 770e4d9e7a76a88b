import { Link } from '@tanstack/react-router';
import { BriefcaseIcon, CalendarPlusIcon, ClipboardListIcon, MailIcon, MessageSquareIcon, PhoneIcon } from 'lucide-react';
import { useState } from 'react';
import { ComposeEmailDialog } from '../../../../components/email/compose';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { useCan } from '../../../../lib/auth';
import { trpc } from '../../../../lib/trpc';
import { AppointmentDialog } from '../appointments/appointment-dialog';
import { contactOption } from '../crm/pickers';
import { DealDialog } from '../pipeline/deal-dialog';
import { TaskDialog } from '../tasks/task-dialog';
import { LogInteractionDialog } from './log-interaction-dialog';
import type { ContactDetail } from './types';

type Open = 'email' | 'log' | 'task' | 'deal' | 'appointment' | null;

/**
 * What a member does with a contact, in one bar: e-mail, text, log a call or meeting, create a
 * task, deal or appointment for them. Each opens its usual form with the contact filled in, and each
 * lands on the contact's timeline. A member sees only what their role may do.
 */
export function ContactActions({ contact }: { contact: ContactDetail }) {
  const utils = trpc.useUtils();
  const can = {
    email: useCan('email:send'),
    sms: useCan('sms:send'),
    log: useCan('contacts:write'),
    task: useCan('tasks:write'),
    deal: useCan('deals:write'),
    appointment: useCan('appointments:write'),
  };
  const pipelines = trpc.pipelines.list.useQuery(undefined, { enabled: can.deal });
  const organization = trpc.organizations.current.useQuery(undefined, { enabled: can.deal });
  const [open, setOpen] = useState<Open>(null);
  const option = contactOption(contact);
  const hasPhone = Boolean(contact.phone) || contact.otherPhones.length > 0;
  /** A dialog closing: what it made is on the timeline (appointments publish no timeline event). */
  const close = (next: boolean) => {
    if (next) return;
    setOpen(null);
    void utils.contacts.timeline.invalidate({ id: contact.id });
  };
  if (!Object.values(can).some(Boolean)) return null;

  return (
    <nav aria-label="Contact actions" className="flex flex-wrap gap-2">
      {can.email ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('email')} disabled={!contact.email} title={contact.email ? undefined : 'The contact has no e-mail address'}>
          <MailIcon className="size-4" aria-hidden />
          E-mail
        </Button>
      ) : null}
      {can.sms && hasPhone ? (
        // Texts from here go to this contact, even on a number another contact shares.
        <Link to="/sms" search={{ contact: contact.id }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <MessageSquareIcon className="size-4" aria-hidden />
          Text
        </Link>
      ) : null}
      {can.log ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('log')}>
          <PhoneIcon className="size-4" aria-hidden />
          Log a call or meeting
        </Button>
      ) : null}
      {can.task ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('task')}>
          <ClipboardListIcon className="size-4" aria-hidden />
          Create task
        </Button>
      ) : null}
      {can.deal ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('deal')} disabled={!pipelines.data?.items.length}>
          <BriefcaseIcon className="size-4" aria-hidden />
          Create deal
        </Button>
      ) : null}
      {can.appointment ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('appointment')}>
          <CalendarPlusIcon className="size-4" aria-hidden />
          Create appointment
        </Button>
      ) : null}

      {can.email ? <ComposeEmailDialog open={open === 'email'} onOpenChange={close} recipient={{ contactId: contact.id, name: contact.name, email: contact.email }} /> : null}
      {can.log ? <LogInteractionDialog contact={contact} open={open === 'log'} onOpenChange={close} /> : null}
      {can.task ? <TaskDialog open={open === 'task'} onOpenChange={close} defaults={{ contact: option }} /> : null}
      {can.deal && pipelines.data ? (
        <DealDialog open={open === 'deal'} onOpenChange={close} pipelines={pipelines.data.items} defaults={{ currency: organization.data?.settings.currency ?? 'USD', contact: option }} />
      ) : null}
      {can.appointment ? <AppointmentDialog open={open === 'appointment'} onOpenChange={close} contact={option} /> : null}
    </nav>
  );
}
