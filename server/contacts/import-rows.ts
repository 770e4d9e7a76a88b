import { INPUT_RULES, REPLACEMENT_CHARACTER } from '../input/guard';
import { checkCustomValue, type CustomFieldDefinition, type CustomValue } from './custom-fields';
import { importCell } from './csv';
import { normalizeHeader, type MappedColumn } from './import-mapping';
import { CONTACT_LIMITS, isContactEmail, LIFECYCLE_LABELS, LIFECYCLE_STAGES, uniqueTags, type TLifecycleStage } from './schema';
import type { applyInput } from './state';

export type RowIssue = { field: string | null; message: string };
type RowInput = Parameters<typeof applyInput>[1];

const TRUE = new Set(['yes', 'y', 'true', '1', 'x', 'oui']);
const FALSE = new Set(['no', 'n', 'false', '0', 'non']);
const STAGE_NAMES = new Map<string, TLifecycleStage>([
  ...LIFECYCLE_STAGES.map((s) => [s, s] as const),
  ...LIFECYCLE_STAGES.map((s) => [normalizeHeader(LIFECYCLE_LABELS[s]), s] as const),
  ['marketingqualifiedlead', 'mql'],
  ['salesqualifiedlead', 'sql'],
  ['client', 'customer'],
]);

/** One CSV record read through the mapping: the contact input, a note, and what is wrong with it. */
export function readRow(record: string[], columns: MappedColumn[], headerCount: number, definitions: CustomFieldDefinition[], members: Map<string, string>) {
  const issues: RowIssue[] = [];
  const input: RowInput & { tags?: string[] } = {};
  const notes: string[] = [];
  let fullName: string | null = null;
  const tooLong = (field: string, value: string, max: number) => {
    if (value.length <= max) return false;
    issues.push({ field, message: `must be at most ${max} characters` });
    return true;
  };
  const extra = record.slice(headerCount).filter((v) => v.trim() !== '');
  if (extra.length > 0) issues.push({ field: null, message: `has ${headerCount + extra.length} values but the header has ${headerCount} columns` });
  for (const column of columns) {
    const value = importCell(record[column.index] ?? '');
    if (value === '') continue;
    if (value.includes(REPLACEMENT_CHARACTER)) {
      issues.push({ field: column.target.startsWith('custom.') ? `customFields.${column.target.slice('custom.'.length)}` : column.target, message: INPUT_RULES.replaced });
      continue;
    }
    switch (column.target) {
      case 'firstName':
        if (!tooLong('firstName', value, CONTACT_LIMITS.name)) input.firstName = value;
        break;
      case 'lastName':
        if (!tooLong('lastName', value, CONTACT_LIMITS.name)) input.lastName = value;
        break;
      case 'fullName':
        fullName = value;
        break;
      case 'email': {
        const emails = value
          .toLowerCase()
          .split(/[\s,;]+/)
          .filter(Boolean);
        const bad = emails.find((e) => !isContactEmail(e));
        if (bad !== undefined) issues.push({ field: 'email', message: `"${bad}" is not a valid e-mail address` });
        else {
          input.email = emails[0]!;
          if (emails.length > 1) input.otherEmails = emails.slice(1, 1 + CONTACT_LIMITS.otherEmails);
        }
        break;
      }
      case 'phone':
        if (!tooLong('phone', value, CONTACT_LIMITS.phone)) input.phone = value;
        break;
      case 'companyName':
        if (!tooLong('companyName', value, CONTACT_LIMITS.companyName)) input.companyName = value;
        break;
      case 'jobTitle':
        if (!tooLong('jobTitle', value, CONTACT_LIMITS.jobTitle)) input.jobTitle = value;
        break;
      case 'source':
        if (!tooLong('source', value, CONTACT_LIMITS.source)) input.source = value;
        break;
      case 'lifecycleStage': {
        const stage = STAGE_NAMES.get(normalizeHeader(value));
        if (stage) input.lifecycleStage = stage;
        else issues.push({ field: 'lifecycleStage', message: `"${value}" is not a lifecycle stage (${LIFECYCLE_STAGES.join(', ')})` });
        break;
      }
      case 'tags': {
        const tags = value
          .split(/[,;]/)
          .map((t) => t.trim().replace(/\s+/g, ' '))
          .filter(Boolean);
        const long = tags.find((t) => t.length > CONTACT_LIMITS.tag);
        if (long) issues.push({ field: 'tags', message: `tag "${long.slice(0, 20)}…" must be at most ${CONTACT_LIMITS.tag} characters` });
        else input.tags = uniqueTags([...(input.tags ?? []), ...tags]);
        break;
      }
      case 'owner': {
        const ownerId = members.get(value.toLowerCase());
        if (ownerId) input.ownerId = ownerId;
        else issues.push({ field: 'owner', message: `"${value}" is not the e-mail of a member of this organization` });
        break;
      }
      case 'leadScore': {
        const score = /^-?\d+$/.test(value) ? Number(value) : NaN;
        if (Number.isSafeInteger(score) && Math.abs(score) <= CONTACT_LIMITS.leadScore) input.leadScore = score;
        else issues.push({ field: 'leadScore', message: `must be a whole number between ${-CONTACT_LIMITS.leadScore} and ${CONTACT_LIMITS.leadScore}` });
        break;
      }
      case 'dncSms':
      case 'dncEmail':
      case 'dncCalls': {
        const v = value.toLowerCase();
        const flag = TRUE.has(v) ? true : FALSE.has(v) ? false : undefined;
        if (flag === undefined) issues.push({ field: column.target, message: 'must be yes or no' });
        else input.doNotContact = { ...input.doNotContact, [column.target === 'dncSms' ? 'sms' : column.target === 'dncEmail' ? 'email' : 'calls']: flag };
        break;
      }
      case 'note':
        if (!tooLong('note', value, CONTACT_LIMITS.note)) notes.push(value);
        break;
      default: {
        const key = column.target.slice('custom.'.length);
        const definition = definitions.find((d) => d.key === key);
        if (!definition) break;
        const checked = checkCustomValue(definition, value, true);
        if (checked.ok) input.customFields = { ...input.customFields, [key]: checked.value as CustomValue };
        else issues.push({ field: `customFields.${key}`, message: checked.message });
      }
    }
  }
  if (fullName) {
    // "Smith, Jane" or "Jane Smith": fills whichever part no column gave.
    const comma = fullName.indexOf(',');
    const [first, last] = comma > 0 ? [fullName.slice(comma + 1).trim(), fullName.slice(0, comma).trim()] : splitName(fullName);
    if (input.firstName === undefined && first) input.firstName = first.slice(0, CONTACT_LIMITS.name);
    if (input.lastName === undefined && last) input.lastName = last.slice(0, CONTACT_LIMITS.name);
  }
  return { input, notes, issues };
}

function splitName(name: string): [string, string] {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return [parts[0]!, ''];
  return [parts.slice(0, -1).join(' '), parts.at(-1)!];
}
