import type { ContactState } from './state';

/**
 * The tags one contact gained and lost in a change, as contact_updated events carry them
 * (`tagsAdded`, `tagsRemoved`): automations trigger on them (issue #17). Compared case-insensitively,
 * as tags are matched everywhere.
 */
export function tagChanges(before: readonly string[], after: readonly string[]): { tagsAdded: string[]; tagsRemoved: string[] } {
  const had = new Set(before.map((t) => t.toLowerCase()));
  const has = new Set(after.map((t) => t.toLowerCase()));
  return { tagsAdded: after.filter((t) => !had.has(t.toLowerCase())), tagsRemoved: before.filter((t) => !has.has(t.toLowerCase())) };
}

/** The contact fields compared for `fieldsChanged`, by the names automations' conditions use. */
const COMPARED_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  company: 'companyName',
  job_title: 'jobTitle',
  status: 'lifecycleStage',
  source: 'source',
  lead_score: 'leadScore',
  owner_id: 'ownerId',
} as const satisfies Record<string, keyof ContactState>;

/**
 * The fields one change altered, as contact_updated events carry them (`fieldsChanged`): contact
 * fields by their condition names and custom fields as `custom.<key>`. The "field changed"
 * automation trigger reads them (issue #17).
 */
export function fieldChanges(before: ContactState, after: ContactState): string[] {
  const changed: string[] = Object.entries(COMPARED_FIELDS)
    .filter(([, key]) => before[key] !== after[key])
    .map(([name]) => name);
  const keys = new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)]);
  for (const key of keys) if ((before.customFields[key] ?? null) !== (after.customFields[key] ?? null)) changed.push(`custom.${key}`);
  return changed;
}
