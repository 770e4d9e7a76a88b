/**
 * The campaigns' merge fields: the names an e-mail block or an SMS body may use as
 * `{{contact.firstName | fallback}}`, filled by the template engine SMS and e-mail share
 * (server/templates/variables.ts). Pure: the editor's field menu and preview use the same list.
 */

export const MERGE_FIELDS = [
  { name: 'contact.firstName', label: 'First name' },
  { name: 'contact.lastName', label: 'Last name' },
  { name: 'contact.fullName', label: 'Full name' },
  { name: 'contact.email', label: 'E-mail' },
  { name: 'contact.phone', label: 'Phone' },
  { name: 'contact.company', label: 'Company' },
  { name: 'contact.jobTitle', label: 'Job title' },
  { name: 'organization.name', label: 'Your organization' },
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number]['name'];

/** What a merge needs of a contact (a row of `contacts`, or the client's contact record). */
export type MergeContact = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  jobTitle: string | null;
  customFields?: Record<string, string | number | null>;
};

/**
 * The merge values of one recipient under both spellings: the e-mail channel's bare names
 * (`{{firstName}}`, `{{company}}`, custom fields by key: server/email/send.ts) and the campaigns'
 * `{{contact.firstName}}`. Blank values are left out, so a placeholder's fallback stands in.
 */
export function mergeValuesOf(contact: MergeContact, organization: { name: string }): Record<string, string> {
  const fullName = [contact.firstName, contact.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const values: Record<string, string | null> = Object.fromEntries(Object.entries(contact.customFields ?? {}).map(([key, value]) => [key, value === null ? null : String(value)]));
  Object.assign(values, {
    firstName: contact.firstName,
    lastName: contact.lastName,
    name: fullName,
    fullName,
    email: contact.email,
    phone: contact.phone,
    company: contact.companyName,
    companyName: contact.companyName,
    jobTitle: contact.jobTitle,
  });
  const filled = Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  return { ...withContactNames(Object.fromEntries(filled)), 'organization.name': organization.name };
}

/** Adds the `contact.`-prefixed name of each bare value (the e-mail channel's contact values), so both spellings merge. */
export function withContactNames(values: Record<string, string>): Record<string, string> {
  const prefixed = Object.entries(values)
    .filter(([key]) => !key.includes('.'))
    .map(([key, value]) => [`contact.${key}`, value] as const);
  return { ...values, ...Object.fromEntries(prefixed) };
}
