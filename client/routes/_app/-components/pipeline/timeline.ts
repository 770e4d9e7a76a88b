import { formatCalendarDate } from '../../../../lib/calendar';
import { formatMoney } from '../../../../lib/money';
import type { TimelineEntry } from '../crm/types';

type Payload = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const named = (v: unknown) => (v && typeof v === 'object' && 'name' in v ? str((v as { name: unknown }).name) : null);

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  value: 'value',
  contact: 'contact',
  owner: 'owner',
  expectedCloseDate: 'expected close date',
  probability: 'probability',
  isRecurring: 'recurring',
  monthlyValueMinor: 'monthly value',
  lostReason: 'lost reason',
};

function fieldValue(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  switch (field) {
    case 'value': {
      const money = value as { valueMinor?: unknown; currency?: unknown };
      const minor = num(money.valueMinor);
      return minor === null ? '—' : formatMoney(minor, str(money.currency) ?? currency);
    }
    case 'monthlyValueMinor':
      return num(value) === null ? 'none' : formatMoney(num(value)!, currency);
    case 'contact':
    case 'owner':
      return named(value) ?? 'none';
    case 'expectedCloseDate':
      return str(value) ? formatCalendarDate(str(value)!) : 'none';
    case 'probability':
      return `${String(value)}%`;
    case 'isRecurring':
      return value ? 'yes' : 'no';
    default:
      return typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
  }
}

/** One timeline entry as a sentence ("Moved from Discovery to Proposal"). */
export function describeActivity(entry: Pick<TimelineEntry, 'type' | 'payload'>, currency: string): { title: string; detail?: string } {
  const p = (entry.payload ?? {}) as Payload;
  switch (entry.type) {
    case 'deal_created': {
      const minor = num(p.valueMinor);
      return { title: `Created in ${str(p.stage) ?? 'the pipeline'}`, detail: minor !== null ? formatMoney(minor, str(p.currency) ?? currency) : undefined };
    }
    case 'deal_moved':
      return {
        title: `${p.reopened ? 'Reopened: moved' : 'Moved'} from ${str(p.from) ?? '?'} to ${str(p.to) ?? '?'}`,
        detail: str(p.reason) ?? undefined,
      };
    case 'deal_won': {
      const minor = num(p.valueMinor);
      return { title: 'Won', detail: minor !== null ? `${formatMoney(minor, str(p.currency) ?? currency)} · ${str(p.stage) ?? ''}`.trim() : undefined };
    }
    case 'deal_lost':
      return { title: `Lost${str(p.stage) ? ` (${str(p.stage)})` : ''}`, detail: str(p.reason) ? `Reason: ${str(p.reason)}` : undefined };
    case 'field_changed': {
      const field = str(p.field) ?? 'a field';
      return { title: `Changed the ${FIELD_LABELS[field] ?? field}`, detail: `${fieldValue(field, p.from, currency)} → ${fieldValue(field, p.to, currency)}` };
    }
    case 'task_created':
      return { title: 'Task added', detail: str(p.title) ?? undefined };
    case 'task_completed':
      return { title: 'Task completed', detail: str(p.title) ?? undefined };
    case 'task_reopened':
      return { title: 'Task reopened', detail: str(p.title) ?? undefined };
    case 'note':
      return { title: 'Note', detail: str(p.body) ?? str(p.text) ?? undefined };
    default:
      return { title: entry.type.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()) };
  }
}

/** "3 d 4 h", "5 h 10 min", "12 min", "under a minute". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
