import { DomainError } from '../errors';
import { storableText } from '../input/guard';
import type { CustomFieldDefinition } from './custom-fields';
import { CsvError, parseCsv, type ParsedCsv } from './csv';
import { IMPORT_TARGET_LABELS, IMPORT_TARGETS, type TImportTarget } from './schema';

/** A file's text as it is stored and read: a NUL or lone surrogate is U+FFFD, and a cell holding one is that row's error. */
export function readCsv(csv: string): ParsedCsv {
  try {
    return parseCsv(storableText(csv));
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError('VALIDATION', `csv: ${error.message}`, { issues: [{ path: 'csv', message: error.message }] });
    throw error;
  }
}

/** Lower case, accents taken off (Prénom → prenom), letters and digits only. */
export const normalizeHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Header spellings (lower-cased, letters and digits only) each field is recognized by. */
const SYNONYMS: Record<(typeof IMPORT_TARGETS)[number], string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname', 'prenom'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'nom'],
  fullName: ['name', 'fullname', 'contactname', 'contact', 'person'],
  email: ['email', 'emailaddress', 'mail', 'emailaddr', 'primaryemail', 'workemail', 'courriel'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telephone', 'tel', 'workphone', 'phone1'],
  companyName: ['company', 'companyname', 'organization', 'organisation', 'org', 'account', 'accountname', 'business', 'employer'],
  jobTitle: ['jobtitle', 'title', 'position', 'role'],
  lifecycleStage: ['lifecyclestage', 'lifecycle', 'stage'],
  source: ['source', 'leadsource', 'origin'],
  tags: ['tags', 'tag', 'labels', 'label'],
  owner: ['owner', 'owneremail', 'contactowner', 'assignedto'],
  leadScore: ['leadscore', 'score'],
  dncSms: ['donottext', 'donotsms', 'smsoptout', 'dncsms'],
  dncEmail: ['donotemail', 'emailoptout', 'unsubscribed', 'dncemail'],
  dncCalls: ['donotcall', 'dnc', 'dnccalls', 'calloptout'],
  note: ['note', 'notes', 'comment', 'comments', 'description'],
};

/** The mapping a header row suggests: known spellings, then custom fields by label or key. Each field once. */
export function suggestMapping(headers: string[], definitions: CustomFieldDefinition[]): Record<string, TImportTarget | null> {
  const used = new Set<string>();
  const mapping: Record<string, TImportTarget | null> = {};
  for (const header of headers) {
    const n = normalizeHeader(header);
    let target: TImportTarget | null = null;
    for (const [field, names] of Object.entries(SYNONYMS)) {
      if (names.includes(n) && (!used.has(field) || field === 'tags')) {
        target = field as TImportTarget;
        break;
      }
    }
    if (!target) {
      const definition = definitions.find((d) => normalizeHeader(d.label) === n || normalizeHeader(d.key) === n);
      if (definition && !used.has(`custom.${definition.key}`)) target = `custom.${definition.key}`;
    }
    if (target) used.add(target);
    mapping[header] = target;
  }
  return mapping;
}

export type MappedColumn = { index: number; header: string; target: TImportTarget };

/** Checks a mapping against the file's header and the organization's custom fields. */
export function checkMapping(mapping: Record<string, string | null>, headers: string[], definitions: CustomFieldDefinition[], dedupeBy: 'email' | 'phone' | 'none'): MappedColumn[] {
  const fail = (path: string, message: string) => new DomainError('VALIDATION', `${path}: ${message}`, { issues: [{ path, message }] });
  const columns: MappedColumn[] = [];
  const seen = new Map<string, string>();
  for (const [header, target] of Object.entries(mapping)) {
    const index = headers.indexOf(header);
    if (index === -1) throw fail('mapping', `column "${header}" is not in the file (its columns are ${headers.map((h) => `"${h}"`).join(', ')})`);
    if (!target) continue;
    if (target.startsWith('custom.') && !definitions.some((d) => `custom.${d.key}` === target)) throw fail(`mapping.${header}`, `${target} is not a custom field of this organization`);
    const previous = seen.get(target);
    // Several columns may add tags or notes; every other field comes from one column.
    if (previous !== undefined && target !== 'tags' && target !== 'note') throw fail('mapping', `"${previous}" and "${header}" both map to ${target}; choose one`);
    seen.set(target, header);
    columns.push({ index, header, target: target as TImportTarget });
  }
  // In file order, whatever order the mapping was stored in.
  columns.sort((a, b) => a.index - b.index);
  const targets = new Set(columns.map((c) => c.target));
  if (!['firstName', 'lastName', 'fullName', 'email', 'phone'].some((t) => targets.has(t as TImportTarget))) {
    throw fail('mapping', 'map at least one column to a name, an e-mail or a phone');
  }
  if (dedupeBy !== 'none' && !targets.has(dedupeBy)) throw fail('dedupeBy', `needs a column mapped to ${dedupeBy}, or choose none`);
  return columns;
}

export function targetList(definitions: CustomFieldDefinition[]) {
  return [
    ...IMPORT_TARGETS.map((value) => ({ value: value as TImportTarget, label: IMPORT_TARGET_LABELS[value] })),
    ...definitions.map((d) => ({ value: `custom.${d.key}` as TImportTarget, label: d.label })),
  ];
}
