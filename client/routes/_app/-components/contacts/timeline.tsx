import {
  ArrowRightIcon,
  BriefcaseIcon,
  CalendarClockIcon,
  CalendarIcon,
  CalendarXIcon,
  CheckCircle2Icon,
  CircleDotIcon,
  ClipboardListIcon,
  FileInputIcon,
  GitMergeIcon,
  MailIcon,
  MailOpenIcon,
  MegaphoneIcon,
  MessageSquareIcon,
  MessageSquareReplyIcon,
  MousePointerClickIcon,
  PencilIcon,
  PhoneIcon,
  RotateCcwIcon,
  StickyNoteIcon,
  TagIcon,
  TrophyIcon,
  UserPlusIcon,
  UserRoundCogIcon,
  UsersIcon,
  WorkflowIcon,
  XCircleIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { formatCalendarDate } from '../../../../lib/calendar';
import { focusRing } from '../../../../components/ui/focus';
import { cn } from '../../../../lib/cn';
import { formatDateTime, formatRelative } from '../../../../lib/format';
import { formatMoney } from '../../../../lib/money';
import { formatDateTimeRangeIn } from '../../../../lib/zoned-time';
import { INTERACTION_OUTCOME_LABELS, LIFECYCLE_STAGES, type TLifecycleStage } from '../../../../../server/contacts/schema';
import { StageBadge } from './bits';
import { attributionSummary, fieldLabel, STAGE_SHORT } from './labels';
import type { CustomField, Member, TimelineEntry } from './types';

type Payload = Record<string, unknown>;
const payloadOf = (entry: TimelineEntry): Payload => (entry.payload && typeof entry.payload === 'object' && !Array.isArray(entry.payload) ? (entry.payload as Payload) : {});
const str = (p: Payload, key: string): string | null => (typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : null);
const num = (p: Payload, key: string): number | null => (typeof p[key] === 'number' ? (p[key] as number) : null);
const isStage = (v: unknown): v is TLifecycleStage => typeof v === 'string' && (LIFECYCLE_STAGES as readonly string[]).includes(v);

export type TimelineContext = { members: readonly Member[]; customFields: readonly CustomField[]; timeZone: string; now: Date };

function memberName(id: unknown, ctx: TimelineContext): string {
  if (id === null || id === undefined || id === '') return 'Unassigned';
  return ctx.members.find((m) => m.userId === id)?.name ?? 'a former member';
}

function money(p: Payload): string | null {
  const value = num(p, 'valueMinor');
  const currency = str(p, 'currency');
  return value !== null && currency ? formatMoney(value, currency) : null;
}

/** A field's value as a sentence shows it: stages by name, yes/no, lists joined, empty as "empty". */
function valueText(field: string, value: unknown, ctx: TimelineContext): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'empty';
  if (field === 'lifecycleStage' && isStage(value)) return STAGE_SHORT[value];
  if (field === 'ownerId') return memberName(value, ctx);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return attributionSummary(value as Parameters<typeof attributionSummary>[0]) || 'set';
  if (field.startsWith('customFields.')) {
    const key = field.slice('customFields.'.length);
    const def = ctx.customFields.find((f) => f.key === key);
    if (def?.type === 'date' && typeof value === 'string') return formatCalendarDate(value);
  }
  if (typeof value === 'number') return new Intl.NumberFormat().format(value);
  return String(value);
}

const VIA: Record<string, string> = { manual: 'by hand', api: 'through the API', import: 'from a CSV import', lead_capture: 'from a form', sms: 'from an incoming SMS', form: 'from a form' };

function FromTo({ from, to }: { from: ReactNode; to: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="text-gray-500 line-through decoration-gray-400/60 dark:text-gray-400">{from}</span>
      <ArrowRightIcon className="size-3.5 text-gray-400" aria-label="to" />
      <span className="font-medium text-gray-900 dark:text-gray-100">{to}</span>
    </span>
  );
}

type Rendered = { icon: LucideIcon; tone: string; title: ReactNode; body?: ReactNode };

const TONES = {
  gray: 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300',
  indigo: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  red: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  blue: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
};

/** An e-mail's state as the timeline says it. */
const EMAIL_STATUS_LABELS: Record<string, string> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  bounced: 'bounced',
  failed: 'failed',
  suppressed: 'not sent: the address is suppressed',
  received: 'received',
};

const APPOINTMENT_STATUS: Record<string, string> = { scheduled: 'scheduled', completed: 'completed', cancelled: 'cancelled', no_show: 'marked as no-show', confirmed: 'confirmed' };

function humanize(type: string): string {
  const text = type.replace(/[_.]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What each kind of entry says. Unknown kinds still show, by their name and any text they carry. */
function render(entry: TimelineEntry, ctx: TimelineContext): Rendered {
  const p = payloadOf(entry);
  const bulk = p.bulk === true ? ' (bulk change)' : '';
  const viaImport = str(p, 'via') === 'import' ? ' (import)' : '';
  const title = str(p, 'title');
  switch (entry.type) {
    case 'contact_created': {
      const via = str(p, 'via');
      const row = num(p, 'row');
      return {
        icon: UserPlusIcon,
        tone: TONES.green,
        title: (
          <>
            Contact created {via ? (VIA[via] ?? `via ${via}`) : ''}
            {via === 'import' && row ? ` (row ${row})` : ''}
          </>
        ),
      };
    }
    case 'field_changed': {
      const field = str(p, 'field') ?? '';
      const reason = str(p, 'reason');
      return {
        icon: PencilIcon,
        tone: TONES.gray,
        title: (
          <>
            {fieldLabel(field, ctx.customFields)} changed{viaImport}
          </>
        ),
        body: (
          <>
            <FromTo from={valueText(field, p.from, ctx)} to={valueText(field, p.to, ctx)} />
            {reason ? <span className="mt-1 block text-xs text-gray-500 dark:text-gray-400">Because the {reason}.</span> : null}
          </>
        ),
      };
    }
    case 'stage_changed':
      return {
        icon: WorkflowIcon,
        tone: TONES.indigo,
        title: (
          <>
            Lifecycle stage changed{bulk}
            {viaImport}
          </>
        ),
        body: <FromTo from={isStage(p.from) ? STAGE_SHORT[p.from] : 'none'} to={isStage(p.to) ? <StageBadge stage={p.to} /> : String(p.to)} />,
      };
    case 'owner_changed':
      return {
        icon: UserRoundCogIcon,
        tone: TONES.blue,
        title: (
          <>
            Owner changed{bulk}
            {viaImport}
          </>
        ),
        body: <FromTo from={memberName(p.from, ctx)} to={memberName(p.to, ctx)} />,
      };
    case 'tags_changed': {
      const added = Array.isArray(p.added) ? (p.added as string[]) : [];
      const removed = Array.isArray(p.removed) ? (p.removed as string[]) : [];
      return {
        icon: TagIcon,
        tone: TONES.indigo,
        title: (
          <>
            Tags changed{bulk}
            {viaImport}
          </>
        ),
        body: (
          <span className="flex flex-wrap items-center gap-1.5">
            {added.map((t) => (
              <Badge key={`+${t}`} tone="green">
                + {t}
              </Badge>
            ))}
            {removed.map((t) => (
              <Badge key={`-${t}`} tone="red">
                − {t}
              </Badge>
            ))}
          </span>
        ),
      };
    }
    case 'note':
      return {
        icon: StickyNoteIcon,
        tone: TONES.amber,
        title: <>Note{str(p, 'via') === 'import' ? ' from an import' : ''}</>,
        body: <p className="rounded-md bg-amber-50/70 px-3 py-2 whitespace-pre-wrap text-gray-800 dark:bg-amber-950/30 dark:text-gray-200">{str(p, 'body') ?? ''}</p>,
      };
    case 'merged': {
      const taken = Array.isArray(p.taken) ? (p.taken as string[]) : [];
      return {
        icon: GitMergeIcon,
        tone: TONES.indigo,
        title: <>Merged with {str(p, 'mergedName') ?? 'another contact'}</>,
        body:
          taken.length > 0 ? (
            <>Took {taken.map((f) => fieldLabel(f, ctx.customFields)).join(', ')} from the merged contact; its timeline, deals, tasks and appointments moved here.</>
          ) : (
            <>Its timeline, deals, tasks and appointments moved here.</>
          ),
      };
    }
    case 'deal_created':
      return {
        icon: BriefcaseIcon,
        tone: TONES.blue,
        title: <>Deal created: {title ?? 'untitled'}</>,
        body: [money(p), str(p, 'stage') ? `in ${str(p, 'stage')}` : null].filter(Boolean).join(' · ') || undefined,
      };
    case 'deal_moved':
      return {
        icon: BriefcaseIcon,
        tone: TONES.blue,
        title: <>Deal moved{p.reopened === true ? ' (reopened)' : ''}</>,
        body: (
          <>
            <FromTo from={str(p, 'from') ?? '—'} to={str(p, 'to') ?? '—'} />
            {str(p, 'reason') ? <span className="mt-1 block text-xs text-gray-500 dark:text-gray-400">{str(p, 'reason')}</span> : null}
          </>
        ),
      };
    case 'deal_won':
      return { icon: TrophyIcon, tone: TONES.green, title: <>Deal won: {title ?? 'untitled'}</>, body: [money(p), str(p, 'stage')].filter(Boolean).join(' · ') || undefined };
    case 'deal_lost':
      return { icon: XCircleIcon, tone: TONES.red, title: <>Deal lost: {title ?? 'untitled'}</>, body: str(p, 'reason') ? `Reason: ${str(p, 'reason')}` : undefined };
    case 'deal_deleted':
      return { icon: XCircleIcon, tone: TONES.gray, title: <>Deal deleted: {title ?? 'untitled'}</>, body: money(p) ?? undefined };
    case 'task_created': {
      const due = str(p, 'dueAt');
      return {
        icon: ClipboardListIcon,
        tone: TONES.gray,
        title: <>Task created: {title ?? 'untitled'}</>,
        body: [due ? `Due ${formatDateTime(due, ctx.timeZone)}` : null, str(p, 'priority') ? `${str(p, 'priority')} priority` : null].filter(Boolean).join(' · ') || undefined,
      };
    }
    case 'task_completed':
      return { icon: CheckCircle2Icon, tone: TONES.green, title: <>Task completed: {title ?? 'untitled'}</> };
    case 'task_reopened':
      return { icon: RotateCcwIcon, tone: TONES.amber, title: <>Task reopened: {title ?? 'untitled'}</> };
    case 'appointment_scheduled': {
      const starts = str(p, 'startsAt');
      const ends = str(p, 'endsAt');
      return { icon: CalendarIcon, tone: TONES.blue, title: <>Appointment scheduled: {title ?? 'untitled'}</>, body: starts && ends ? formatDateTimeRangeIn(starts, ends, ctx.timeZone) : undefined };
    }
    case 'appointment_rescheduled': {
      const from = p.from as { startsAt?: string; endsAt?: string } | undefined;
      const to = p.to as { startsAt?: string; endsAt?: string } | undefined;
      const range = (r: typeof from) => (r?.startsAt && r.endsAt ? formatDateTimeRangeIn(r.startsAt, r.endsAt, ctx.timeZone) : '—');
      return { icon: CalendarClockIcon, tone: TONES.blue, title: <>Appointment rescheduled: {title ?? 'untitled'}</>, body: <FromTo from={range(from)} to={range(to)} /> };
    }
    case 'appointment_status_changed': {
      const to = str(p, 'to') ?? '';
      return {
        icon: to === 'cancelled' ? CalendarXIcon : CalendarIcon,
        tone: to === 'completed' ? TONES.green : to === 'cancelled' ? TONES.red : TONES.blue,
        title: (
          <>
            Appointment {APPOINTMENT_STATUS[to] ?? to.replace(/_/g, ' ')}: {title ?? 'untitled'}
          </>
        ),
      };
    }
    case 'appointment_deleted':
      return { icon: CalendarXIcon, tone: TONES.gray, title: <>Appointment deleted: {title ?? 'untitled'}</> };
    case 'email_in':
      return {
        icon: MailOpenIcon,
        tone: TONES.green,
        title: <>E-mail received{str(p, 'from') ? ` from ${str(p, 'from')}` : ''}</>,
        body: <Quote text={[str(p, 'subject'), str(p, 'body')].filter(Boolean).join('\n\n') || null} />,
      };
    case 'sms_in':
    case 'sms_inbound':
    case 'sms_received':
      return { icon: MessageSquareReplyIcon, tone: TONES.green, title: <>SMS received{str(p, 'from') ? ` from ${str(p, 'from')}` : ''}</>, body: <Quote text={str(p, 'body')} /> };
    case 'sms_out':
    case 'sms_outbound':
    case 'sms_sent':
      return {
        icon: MessageSquareIcon,
        tone: TONES.indigo,
        title: (
          <>
            SMS sent{str(p, 'to') ? ` to ${str(p, 'to')}` : ''}
            {str(p, 'status') ? ` · ${str(p, 'status')}` : ''}
          </>
        ),
        body: <Quote text={str(p, 'body')} />,
      };
    case 'email_out': {
      const status = str(p, 'status');
      return {
        icon: MailIcon,
        tone: status === 'bounced' || status === 'failed' || status === 'suppressed' ? TONES.red : TONES.indigo,
        title: (
          <>
            E-mail sent{str(p, 'to') ? ` to ${str(p, 'to')}` : ''}
            {status ? <span data-email-status={status}> · {EMAIL_STATUS_LABELS[status] ?? status}</span> : null}
          </>
        ),
        body: <Quote text={[str(p, 'subject'), str(p, 'error')].filter(Boolean).join('\n') || null} />,
      };
    }
    case 'campaign_sent':
    case 'campaign_opened':
    case 'campaign_clicked': {
      const name = str(p, 'campaignName') ?? 'untitled';
      const url = str(p, 'url');
      const what = entry.type === 'campaign_sent' ? `sent${str(p, 'channel') === 'sms' ? ' by SMS' : ' by e-mail'}` : entry.type === 'campaign_opened' ? 'opened' : 'clicked';
      return {
        icon: entry.type === 'campaign_clicked' ? MousePointerClickIcon : entry.type === 'campaign_opened' ? MailOpenIcon : MegaphoneIcon,
        tone: entry.type === 'campaign_sent' ? TONES.indigo : TONES.green,
        title: (
          <>
            Campaign “{name}” {what}
            {url ? (
              <>
                {' '}
                <span className="font-normal break-all text-gray-600 dark:text-gray-400">{url}</span>
              </>
            ) : null}
          </>
        ),
        body: <CampaignLink id={str(p, 'campaignId')} />,
      };
    }
    case 'call_logged':
    case 'meeting_logged': {
      const outcome = str(p, 'outcome');
      const occurred = str(p, 'occurredAt');
      return {
        icon: entry.type === 'call_logged' ? PhoneIcon : UsersIcon,
        tone: TONES.blue,
        title: (
          <>
            {entry.type === 'call_logged' ? 'Call' : 'Meeting'} logged
            {outcome ? ` · ${INTERACTION_OUTCOME_LABELS[outcome as keyof typeof INTERACTION_OUTCOME_LABELS] ?? outcome}` : ''}
          </>
        ),
        body: (
          <>
            {occurred ? <span className="block text-xs text-gray-500 dark:text-gray-400">{formatDateTime(occurred, ctx.timeZone)}</span> : null}
            <Quote text={str(p, 'body')} />
          </>
        ),
      };
    }
    case 'form_submitted':
    case 'form_submission': {
      const fields = p.fields && typeof p.fields === 'object' && !Array.isArray(p.fields) ? Object.entries(p.fields as Record<string, unknown>) : [];
      return {
        icon: FileInputIcon,
        tone: TONES.green,
        title: <>Form submitted{(str(p, 'formName') ?? str(p, 'form')) ? `: ${str(p, 'formName') ?? str(p, 'form')}` : ''}</>,
        body:
          fields.length > 0 ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
              {fields.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-gray-500 dark:text-gray-400">{k}</dt>
                  <dd className="break-words">{typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)}</dd>
                </div>
              ))}
            </dl>
          ) : undefined,
      };
    }
    default:
      return { icon: CircleDotIcon, tone: TONES.gray, title: humanize(entry.type), body: str(p, 'body') ?? str(p, 'message') ?? undefined };
  }
}

function CampaignLink({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <Link to="/campaigns/$campaignId" params={{ campaignId: id }} className={cn('rounded text-xs text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
      Campaign report
    </Link>
  );
}

function Quote({ text }: { text: string | null }) {
  if (!text) return null;
  return <p className="rounded-md bg-gray-50 px-3 py-2 whitespace-pre-wrap text-gray-800 dark:bg-gray-800/60 dark:text-gray-200">{text}</p>;
}

/** One entry: what happened, to what, by whom, and when (relative, the exact time on hover). */
export function TimelineItem({ entry, ctx, last }: { entry: TimelineEntry; ctx: TimelineContext; last: boolean }) {
  const r = render(entry, ctx);
  const Icon = r.icon;
  return (
    <li className="relative flex gap-3 pb-5" data-type={entry.type}>
      {!last ? <span aria-hidden className="absolute top-8 bottom-0 left-4 w-px bg-gray-200 dark:bg-gray-800" /> : null}
      <span className={cn('relative z-[1] flex size-8 shrink-0 items-center justify-center rounded-full', r.tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {r.title}
            {entry.dealId && entry.type !== 'deal_deleted' ? (
              <>
                {' '}
                <Link to="/pipeline/deals/$dealId" params={{ dealId: entry.dealId }} className={cn('rounded text-xs font-normal text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                  Open deal
                </Link>
              </>
            ) : null}
          </p>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {entry.actor ? <span>{entry.actor} · </span> : null}
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, ctx.timeZone)}>
              {formatRelative(entry.createdAt, ctx.now, ctx.timeZone)}
            </time>
          </p>
        </div>
        {r.body ? <div className="mt-1 text-sm text-gray-700 dark:text-gray-300">{r.body}</div> : null}
      </div>
    </li>
  );
}
