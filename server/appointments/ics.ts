/** RFC 5545 iCalendar text for one appointment: CRLF lines folded at 75 octets, TEXT values escaped. */

export type IcsEvent = {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  url: string | null;
  description: string | null;
  status: 'scheduled' | 'completed' | 'cancelled' | 'no_show';
  created: Date;
  lastModified: Date;
};

/** 20260501T090000Z */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with one space, which counts toward their 75 octets.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

const STATUS: Record<IcsEvent['status'], string> = { scheduled: 'CONFIRMED', completed: 'CONFIRMED', no_show: 'CONFIRMED', cancelled: 'CANCELLED' };

export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Switchboard//Switchboard CRM//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // URL is a URI value, not TEXT: no escaping.
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `STATUS:${STATUS[event.status]}`,
    `CREATED:${icsDateTime(event.created)}`,
    `LAST-MODIFIED:${icsDateTime(event.lastModified)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
