import type { BadgeTone } from '../../../../components/ui/badge';
import type { TContactSort, TLifecycleStage } from '../../../../../server/contacts/schema';
import type { CustomField } from './types';

/** Short stage names for badges and table cells; the selects use LIFECYCLE_LABELS. */
export const STAGE_SHORT: Record<TLifecycleStage, string> = {
  subscriber: 'Subscriber',
  lead: 'Lead',
  mql: 'MQL',
  sql: 'SQL',
  customer: 'Customer',
  other: 'Other',
};

export const STAGE_TONE: Record<TLifecycleStage, BadgeTone> = {
  subscriber: 'gray',
  lead: 'blue',
  mql: 'indigo',
  sql: 'amber',
  customer: 'green',
  other: 'gray',
};

/** Table columns (server CONTACT_COLUMNS) as people read them. */
export const COLUMN_LABELS: Record<string, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  otherEmails: 'Other e-mails',
  phone: 'Phone',
  otherPhones: 'Other phones',
  companyName: 'Company',
  jobTitle: 'Job title',
  lifecycleStage: 'Stage',
  source: 'Source',
  tags: 'Tags',
  owner: 'Owner',
  leadScore: 'Lead score',
  doNotContact: 'Do not contact',
  firstAttribution: 'First touch',
  latestAttribution: 'Latest touch',
  createdAt: 'Created',
  updatedAt: 'Updated',
};

/** Columns whose header sorts the list, and by what. */
export const COLUMN_SORT: Partial<Record<string, TContactSort>> = {
  name: 'name',
  companyName: 'company',
  leadScore: 'leadScore',
  createdAt: 'created',
  updatedAt: 'updated',
};

export const SORT_LABELS: Record<TContactSort, string> = {
  name: 'Name',
  company: 'Company',
  created: 'Date created',
  updated: 'Last updated',
  leadScore: 'Lead score',
};

export function columnLabel(column: string, customFields: readonly CustomField[]): string {
  if (column.startsWith('custom.')) {
    const key = column.slice('custom.'.length);
    return customFields.find((f) => f.key === key)?.label ?? key;
  }
  return COLUMN_LABELS[column] ?? column;
}

export const DNC_LABELS = { sms: 'Do not text', email: 'Do not e-mail', calls: 'Do not call' } as const;

export const DNC_FILTER_LABELS = {
  any: 'Any channel blocked',
  none: 'Can be contacted',
  sms: 'Do not text',
  email: 'Do not e-mail',
  calls: 'Do not call',
} as const;

/** Contact fields named in timeline entries and merges (field_changed's `field`). */
export const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  otherEmails: 'Other e-mails',
  phone: 'Phone',
  otherPhones: 'Other phones',
  companyName: 'Company',
  jobTitle: 'Job title',
  lifecycleStage: 'Lifecycle stage',
  source: 'Source',
  tags: 'Tags',
  ownerId: 'Owner',
  leadScore: 'Lead score',
  'doNotContact.sms': 'Do not text',
  'doNotContact.email': 'Do not e-mail',
  'doNotContact.calls': 'Do not call',
  firstAttribution: 'First touch',
  latestAttribution: 'Latest touch',
};

export function fieldLabel(field: string, customFields: readonly CustomField[]): string {
  if (field.startsWith('customFields.')) {
    const key = field.slice('customFields.'.length);
    return customFields.find((f) => f.key === key)?.label ?? key;
  }
  return FIELD_LABELS[field] ?? field;
}

export const ATTRIBUTION_PARTS = [
  ['source', 'Source'],
  ['medium', 'Medium'],
  ['campaign', 'Campaign'],
  ['referrer', 'Referrer'],
  ['landingPage', 'Landing page'],
] as const;

/** "Google / cpc / spring-sale" — the parts a touch has, for one table cell. */
export function attributionSummary(a: { source?: string; medium?: string; campaign?: string; referrer?: string; landingPage?: string } | null): string {
  if (!a) return '';
  const parts = [a.source, a.medium, a.campaign].filter(Boolean);
  if (parts.length > 0) return parts.join(' / ');
  return a.referrer ?? a.landingPage ?? '';
}

/** A list total; `atLeast` when the server stopped counting there (CONTACT_LIMITS.countCap). */
export type Count = { n: number; atLeast: boolean };

/** "2 contacts", "1 contact", "10,000+ contacts". */
export function plural(count: number | Count, one: string, many = `${one}s`): string {
  const { n, atLeast } = typeof count === 'number' ? { n: count, atLeast: false } : count;
  return `${new Intl.NumberFormat().format(n)}${atLeast ? '+' : ''} ${n === 1 && !atLeast ? one : many}`;
}
