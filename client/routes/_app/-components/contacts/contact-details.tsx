import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { focusRing } from '../../../../components/ui/focus';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { LIFECYCLE_LABELS } from '../../../../../server/contacts/schema';
import { DncBadges, OrDash, TagList } from './bits';
import type { ContactDetail, CustomField } from './types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

/** The contact's fields, custom fields included, as a definition list. */
export function ContactDetails({ contact, customFields, timeZone }: { contact: ContactDetail; customFields: readonly CustomField[]; timeZone: string }) {
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
