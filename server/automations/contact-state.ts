import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { TCondition } from './schema';

/**
 * What the engine knows of a contact while it runs a step: its fields, tags, custom fields and
 * newest open deal. The test run works on a copy it changes as the steps would.
 */
export type ContactSnapshot = {
  id: string;
  fields: Record<string, string | number | null>;
  tags: string[];
  custom: Record<string, string | number | null>;
  deal: { id: string; value: number; stage_id: string; status: string } | null;
  /** What the run's trigger carried (an inbound webhook's `data`): conditions read it as event.<field>. */
  event?: Record<string, unknown> | null;
};

/** event.a.b: a path into the trigger payload; objects and arrays read as their JSON. */
function eventValue(event: Record<string, unknown> | null | undefined, path: string): string | number | null | undefined {
  let value: unknown = event ?? undefined;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'string') return value as string | number | null | undefined;
  return typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

export async function loadSnapshot(db: Db, organizationId: string, contactId: string): Promise<ContactSnapshot | null> {
  // The contact and its newest open deal in one statement (a step reads them every time).
  const contact = await scoped(db, organizationId)
    .selectFrom('contacts')
    .selectAll('contacts')
    .select((eb) =>
      eb
        .selectFrom('deals')
        .select(
          sql<{
            id: string;
            value_minor: string;
            stage_id: string;
            status: string;
          }>`json_build_object('id', deals.id, 'value_minor', deals.value_minor::text, 'stage_id', deals.stage_id, 'status', deals.status)`.as('deal'),
        )
        .whereRef('deals.contact_id', '=', 'contacts.id')
        .whereRef('deals.organization_id', '=', 'contacts.organization_id')
        .where('deals.status', '=', 'open')
        .orderBy('deals.created_at', 'desc')
        .limit(1)
        .as('deal'),
    )
    .where('contacts.id', '=', contactId)
    .executeTakeFirst();
  if (!contact) return null;
  const deal = contact.deal;
  return {
    id: contact.id,
    fields: {
      first_name: contact.first_name,
      last_name: contact.last_name,
      email: contact.email,
      phone: contact.phone,
      company: contact.company_name,
      job_title: contact.job_title,
      status: contact.lifecycle_stage,
      source: contact.source,
      lead_score: contact.lead_score,
      owner_id: contact.owner_id,
    },
    tags: [...contact.tags],
    custom: { ...(contact.custom_fields as Record<string, string | number | null>) },
    deal: deal ? { id: deal.id, value: Number(deal.value_minor) / 100, stage_id: deal.stage_id, status: deal.status } : null,
  };
}

function valueOf(contact: ContactSnapshot, field: string): string | number | null | undefined {
  if (field.startsWith('custom.')) return contact.custom[field.slice('custom.'.length)];
  if (field.startsWith('event.')) return eventValue(contact.event, field.slice('event.'.length));
  if (field.startsWith('deal.')) return contact.deal ? (contact.deal as Record<string, string | number>)[field.slice('deal.'.length)] : undefined;
  return contact.fields[field];
}

/** One condition's verdict, and the words the step log gives it. */
export function testCondition(contact: ContactSnapshot, condition: TCondition): { met: boolean; why: string } {
  const { field, operator, value } = condition;
  if (field === 'tag') {
    const has = contact.tags.some((t) => t.toLowerCase() === value.toLowerCase());
    const met = operator === 'has_not' || operator === 'not_equals' ? !has : has;
    return { met, why: `tag ${value} ${has ? 'present' : 'absent'}` };
  }
  const actual = valueOf(contact, field);
  const text = actual === null || actual === undefined ? '' : String(actual);
  const number = Number(text);
  let met: boolean;
  switch (operator) {
    case 'equals':
      met = text.toLowerCase() === value.toLowerCase();
      break;
    case 'not_equals':
      met = text.toLowerCase() !== value.toLowerCase();
      break;
    case 'contains':
      met = text.toLowerCase().includes(value.toLowerCase());
      break;
    case 'is_empty':
      met = text === '';
      break;
    case 'is_not_empty':
      met = text !== '';
      break;
    case 'greater_than':
      met = text !== '' && number > Number(value);
      break;
    case 'less_than':
      met = text !== '' && number < Number(value);
      break;
    case 'has':
      met = text.toLowerCase().includes(value.toLowerCase());
      break;
    case 'has_not':
      met = !text.toLowerCase().includes(value.toLowerCase());
      break;
  }
  return { met, why: `${field} is ${text === '' ? 'empty' : JSON.stringify(text)}` };
}

export function testConditions(contact: ContactSnapshot, match: 'all' | 'any', conditions: TCondition[]): { met: boolean; why: string } {
  const verdicts = conditions.map((c) => testCondition(contact, c));
  const met = match === 'all' ? verdicts.every((v) => v.met) : verdicts.some((v) => v.met);
  return { met, why: verdicts.map((v) => v.why).join('; ') };
}

/** Fills {{first_name}}, {{last_name}}, {{company}}, {{email}} and {{custom.key}}; other placeholders stay for the channel's own renderer. */
export function renderText(template: string, contact: ContactSnapshot): string {
  return template.replace(/\{\{\s*([a-z_]+|custom\.[A-Za-z0-9_-]+)\s*\}\}/g, (whole, name: string) => {
    const value = name.startsWith('custom.') ? contact.custom[name.slice(7)] : contact.fields[name];
    if (value === undefined) return whole;
    return value === null ? '' : String(value);
  });
}

/** A stable 0–99 bucket for an A/B split: the same contact takes the same path in a test run and a real run. */
export function bucketOf(contactId: string, stepId: string): number {
  let hash = 2166136261;
  for (const char of `${contactId}:${stepId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) % 100;
}
