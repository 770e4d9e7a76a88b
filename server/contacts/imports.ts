import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { recordActivities, type ActivityInput } from '../activities/service';
import { assertWithinLimit } from '../billing/limits';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { INPUT_RULES, REPLACEMENT_CHARACTER, storableText } from '../input/guard';
import { checkCustomValue, loadDefinitions, type CustomFieldDefinition, type CustomValue } from './custom-fields';
import { csvLine, CsvError, CSV_BOM, decodeCsvBytes, importCell, parseCsv, type ParsedCsv } from './csv';
import type { ContactRow } from './repo';
import {
  CONTACT_LIMITS,
  IDENTITY_MESSAGE,
  IMPORT_LIMITS,
  IMPORT_TARGET_LABELS,
  IMPORT_TARGETS,
  LIFECYCLE_LABELS,
  LIFECYCLE_STAGES,
  type ZGetImportInput,
  type ZListImportsInput,
  type ZPreviewImportInput,
  type ZStartImportInput,
  uniqueTags,
  type TImportTarget,
  type TLifecycleStage,
} from './schema';
import { applyInput, EMPTY_CONTACT, insertContacts, saveChanges, stateOf, writeEnv, type ContactState, type WriteEnv } from './state';

/** The queue the import job runs on (server/jobs). */
export const IMPORT_JOB = 'contacts-import';
export type ImportJobData = { importId: string; organizationId: string };

/** A file's text as it is stored and read: a NUL or lone surrogate is U+FFFD, and a cell holding one is that row's error. */
function readCsv(csv: string): ParsedCsv {
  try {
    return parseCsv(storableText(csv));
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError('VALIDATION', `csv: ${error.message}`, { issues: [{ path: 'csv', message: error.message }] });
    throw error;
  }
}

// ——— Mapping ———

/** Lower case, accents taken off (Prénom → prenom), letters and digits only. */
const normalizeHeader = (h: string) =>
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

type MappedColumn = { index: number; header: string; target: TImportTarget };

/** Checks a mapping against the file's header and the organization's custom fields. */
function checkMapping(mapping: Record<string, string | null>, headers: string[], definitions: CustomFieldDefinition[], dedupeBy: 'email' | 'phone' | 'none'): MappedColumn[] {
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

function targetList(definitions: CustomFieldDefinition[]) {
  return [
    ...IMPORT_TARGETS.map((value) => ({ value: value as TImportTarget, label: IMPORT_TARGET_LABELS[value] })),
    ...definitions.map((d) => ({ value: `custom.${d.key}` as TImportTarget, label: d.label })),
  ];
}

// ——— Doors ———

/** What an uploaded file holds and how its columns would map, before anything is written. */
export async function previewImport(ctx: OrgContext, input: z.output<typeof ZPreviewImportInput>) {
  const parsed = readCsv(input.csv);
  const definitions = await loadDefinitions(ctx.db, ctx.organizationId);
  return {
    delimiter: parsed.delimiter,
    headers: parsed.headers,
    rows: parsed.rows.slice(0, IMPORT_LIMITS.previewRows).map((r) => parsed.headers.map((_, i) => r[i] ?? '')),
    totalRows: parsed.rows.length,
    suggestedMapping: suggestMapping(parsed.headers, definitions),
    targets: targetList(definitions),
  };
}

/**
 * An uploaded file's bytes (POST /api/contacts/imports/preview) as text, whatever its encoding
 * (`decodeCsvBytes`); the door previews the text and answers it for the start of the import.
 */
export function decodeUpload(bytes: Uint8Array): { csv: string; encoding: string } {
  if (bytes.byteLength === 0) throw fieldError('file', 'is empty');
  if (bytes.byteLength > IMPORT_LIMITS.maxBytes) throw fieldError('file', 'must be at most 10 MB');
  const { text, encoding } = decodeCsvBytes(bytes);
  return { csv: text, encoding };
}

/** Stores the import and enqueues its job in one transaction; the job does the writing. */
export async function startImport(ctx: OrgContext, input: z.output<typeof ZStartImportInput>) {
  const parsed = readCsv(input.csv);
  const definitions = await loadDefinitions(ctx.db, ctx.organizationId);
  checkMapping(input.mapping, parsed.headers, definitions, input.dedupeBy);
  // An organization already at its plan's contact limit is told now, not when the job runs.
  await assertWithinLimit(ctx.db, ctx.organizationId, 'contacts');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('contact_imports', {
        created_by: actorIdOf(ctx),
        filename: input.filename,
        csv: storableText(input.csv),
        mapping: JSON.stringify(Object.fromEntries(Object.entries(input.mapping).filter(([, t]) => t))),
        dedupe_by: input.dedupeBy,
        on_duplicate: input.onDuplicate,
        total_rows: parsed.rows.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.jobs.send<ImportJobData>(IMPORT_JOB, { importId: row.id, organizationId: ctx.organizationId }, { db: trx });
    return row.id;
  });
  return getImport(ctx, { id });
}

const IMPORT_COLUMNS = [
  'contact_imports.id',
  'contact_imports.filename',
  'contact_imports.status',
  'contact_imports.dedupe_by',
  'contact_imports.on_duplicate',
  'contact_imports.mapping',
  'contact_imports.total_rows',
  'contact_imports.processed_rows',
  'contact_imports.created_count',
  'contact_imports.updated_count',
  'contact_imports.skipped_count',
  'contact_imports.error_count',
  'contact_imports.failure',
  'contact_imports.created_at',
  'contact_imports.started_at',
  'contact_imports.finished_at',
  'contact_imports.created_by',
] as const;

function importsOf(db: Db, organizationId: string) {
  // The CSV itself (up to 10 MB) is never read back here.
  return scoped(db, organizationId)
    .selectFrom('contact_imports')
    .leftJoin('users', 'users.id', 'contact_imports.created_by')
    .select([...IMPORT_COLUMNS, 'users.name as created_by_name']);
}

type ImportRow = Awaited<ReturnType<ReturnType<typeof importsOf>['executeTakeFirstOrThrow']>>;

function toImport(r: ImportRow) {
  return {
    id: r.id,
    filename: r.filename,
    status: r.status,
    dedupeBy: r.dedupe_by,
    onDuplicate: r.on_duplicate,
    mapping: r.mapping as Record<string, TImportTarget>,
    total: r.total_rows,
    processed: r.processed_rows,
    created: r.created_count,
    updated: r.updated_count,
    skipped: r.skipped_count,
    errors: r.error_count,
    failure: r.failure,
    createdBy: r.created_by ? { id: r.created_by, name: r.created_by_name } : null,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

/** Progress of one import, with its first row errors. */
export async function getImport(ctx: OrgContext, { id }: z.output<typeof ZGetImportInput>) {
  const row = await importsOf(ctx.db, ctx.organizationId).where('contact_imports.id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Import not found');
  const errors = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('contact_import_errors')
    .select(['row_number', 'field', 'message'])
    .where('import_id', '=', id)
    .orderBy('row_number')
    .limit(50)
    .execute();
  return { ...toImport(row), errorRows: errors.map((e) => ({ row: e.row_number, field: e.field, message: e.message })) };
}

export async function listImports(ctx: OrgContext, input: z.output<typeof ZListImportsInput>) {
  const [rows, count] = await Promise.all([
    importsOf(ctx.db, ctx.organizationId)
      .orderBy('contact_imports.created_at', 'desc')
      .orderBy('contact_imports.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    scoped(ctx.db, ctx.organizationId)
      .selectFrom('contact_imports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toImport), total: Number(count.n), page: input.page, limit: input.limit };
}

/** The row errors of an import as CSV: row number, field, message, then the row's original values. */
export async function importErrorsCsv(ctx: OrgContext, { id }: z.output<typeof ZGetImportInput>): Promise<{ filename: string; body: string }> {
  const row = await scoped(ctx.db, ctx.organizationId).selectFrom('contact_imports').select(['filename', 'csv']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Import not found');
  const headers = parseCsv(row.csv).headers;
  const errors = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('contact_import_errors')
    .select(['row_number', 'field', 'message', 'raw'])
    .where('import_id', '=', id)
    .orderBy('row_number')
    .execute();
  const extra = [...new Set(errors.flatMap((e) => Object.keys(e.raw as Record<string, string>).filter((k) => !headers.includes(k))))];
  const columns = [...headers, ...extra];
  const lines = [csvLine(['Row', 'Field', 'Error', ...columns])];
  for (const e of errors) {
    const raw = e.raw as Record<string, string>;
    lines.push(csvLine([e.row_number, e.field ?? '', e.message, ...columns.map((c) => raw[c] ?? '')]));
  }
  const base = row.filename.replace(/\.csv$/i, '');
  return { filename: `${base}-errors.csv`, body: CSV_BOM + lines.join('') };
}

// ——— The job ———

/** A failure that retrying cannot fix: the import is marked failed at once. */
export class ImportFailure extends Error {
  override name = 'ImportFailure';
}

type RowIssue = { field: string | null; message: string };
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
function readRow(record: string[], columns: MappedColumn[], headerCount: number, definitions: CustomFieldDefinition[], members: Map<string, string>) {
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
        const bad = emails.find((e) => !z.email().safeParse(e).success || e.length > CONTACT_LIMITS.email);
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

type Entry = { id: string; isNew: boolean; before: ContactState; state: ContactState; rowNumber: number; notes: string[] };

export type RunImportOptions = {
  /** Rows per transaction (default 500). */
  chunkSize?: number;
  /** Stop after this many chunks, leaving the rest to a later run (tests simulate a restart with it). */
  maxChunks?: number;
  /** Stops between chunks when aborted (the job's signal); the run is retried and resumes. */
  signal?: AbortSignal;
  /** Called inside each chunk's transaction before it commits; throwing rolls the chunk back. */
  beforeCommit?: (chunk: number) => void | Promise<void>;
};

export type RunImportResult = { status: 'queued' | 'running' | 'completed' | 'failed'; processed: number; total: number };

/**
 * Runs an import from where it stands. Each chunk of rows is written with the import's counters
 * and processed_rows in one transaction, so a run that stops (crash, restart, abort) resumes at
 * processed_rows with nothing written twice; running it again after it finished does nothing.
 * Good rows land even when others fail; each bad row is kept in contact_import_errors.
 */
export async function runImport(deps: Pick<AppDeps, 'database'>, job: ImportJobData, options: RunImportOptions = {}): Promise<RunImportResult> {
  const db = deps.database.db;
  const { organizationId, importId } = job;
  const chunkSize = options.chunkSize ?? IMPORT_LIMITS.chunkSize;
  const org = () => scoped(db, organizationId);
  const head = await org().selectFrom('contact_imports').select(['status', 'processed_rows', 'total_rows']).where('id', '=', importId).executeTakeFirst();
  if (!head) return { status: 'failed', processed: 0, total: 0 };
  if (head.status === 'completed' || head.status === 'failed') return { status: head.status, processed: head.processed_rows, total: head.total_rows };
  await org()
    .updateTable('contact_imports')
    .set({ status: 'running', started_at: sql`coalesce(contact_imports.started_at, now())` })
    .where('id', '=', importId)
    .where('status', 'in', ['queued', 'running'])
    .execute();

  const stored = await org().selectFrom('contact_imports').select(['csv', 'mapping', 'dedupe_by', 'on_duplicate', 'created_by']).where('id', '=', importId).executeTakeFirstOrThrow();
  let parsed: ParsedCsv;
  try {
    parsed = parseCsv(stored.csv);
  } catch (error) {
    throw new ImportFailure(error instanceof Error ? error.message : String(error));
  }
  const env = await writeEnv(db, organizationId);
  let columns: MappedColumn[];
  try {
    columns = checkMapping(stored.mapping as Record<string, string>, parsed.headers, env.definitions, stored.dedupe_by);
  } catch (error) {
    // A custom field deleted since the upload, for instance.
    throw new ImportFailure(error instanceof Error ? error.message : String(error));
  }
  const memberRows = await scoped(db, organizationId).selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select(['users.id', 'users.email']).execute();
  const members = new Map(memberRows.map((m) => [m.email.toLowerCase(), m.id]));
  const settings = { dedupeBy: stored.dedupe_by, onDuplicate: stored.on_duplicate, actor: stored.created_by };

  let chunks = 0;
  for (;;) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('import aborted');
    if (options.maxChunks !== undefined && chunks >= options.maxChunks) {
      const now = await org().selectFrom('contact_imports').select(['status', 'processed_rows', 'total_rows']).where('id', '=', importId).executeTakeFirstOrThrow();
      return { status: now.status, processed: now.processed_rows, total: now.total_rows };
    }
    const outcome = await db.transaction().execute(async (trx) => {
      // The lock makes two runs of the same import (at-least-once delivery) take turns, chunk by chunk.
      const current = await scoped(trx, organizationId).selectFrom('contact_imports').select(['status', 'processed_rows']).where('id', '=', importId).forUpdate().executeTakeFirstOrThrow();
      if (current.status !== 'running') return { status: current.status, processed: current.processed_rows };
      const start = current.processed_rows;
      const records = parsed.rows.slice(start, start + chunkSize);
      const counts =
        records.length > 0
          ? await processChunk(trx, { organizationId, importId, env, columns, headers: parsed.headers, members, ...settings }, records, start)
          : { created: 0, updated: 0, skipped: 0, errors: 0 };
      const processed = start + records.length;
      const finished = processed >= parsed.rows.length;
      await options.beforeCommit?.(chunks);
      await scoped(trx, organizationId)
        .updateTable('contact_imports')
        .set({
          processed_rows: processed,
          created_count: sql`contact_imports.created_count + ${counts.created}`,
          updated_count: sql`contact_imports.updated_count + ${counts.updated}`,
          skipped_count: sql`contact_imports.skipped_count + ${counts.skipped}`,
          error_count: sql`contact_imports.error_count + ${counts.errors}`,
          ...(finished ? { status: 'completed' as const, finished_at: new Date() } : {}),
        })
        .where('id', '=', importId)
        .execute();
      if (finished) {
        const totals = await scoped(trx, organizationId)
          .selectFrom('contact_imports')
          .select(['created_count', 'updated_count', 'skipped_count', 'error_count', 'created_by', 'filename'])
          .where('id', '=', importId)
          .executeTakeFirstOrThrow();
        await publishEvent(trx, {
          organizationId,
          type: 'import_finished',
          payload: { importId, filename: totals.filename, createdCount: totals.created_count, updatedCount: totals.updated_count, skippedCount: totals.skipped_count, errorCount: totals.error_count },
          actorUserId: null,
        });
      }
      return { status: finished ? ('completed' as const) : ('running' as const), processed };
    });
    chunks++;
    if (outcome.status !== 'running') return { ...outcome, total: parsed.rows.length };
  }
}

type ChunkContext = {
  organizationId: string;
  importId: string;
  env: WriteEnv;
  columns: MappedColumn[];
  headers: string[];
  members: Map<string, string>;
  dedupeBy: 'email' | 'phone' | 'none';
  onDuplicate: 'skip' | 'update' | 'create';
  actor: string | null;
};

async function processChunk(trx: Db, c: ChunkContext, records: string[][], start: number) {
  const counts = { created: 0, updated: 0, skipped: 0, errors: 0 };
  const errors: { row_number: number; field: string | null; message: string; raw: string }[] = [];
  const read = records.map((record, i) => {
    const rowNumber = start + i + 2; // the header is row 1
    const { input, notes, issues } = readRow(record, c.columns, c.headers.length, c.env.definitions, c.members);
    const fresh = applyInput(EMPTY_CONTACT, input, c.env);
    const all: RowIssue[] = [...issues, ...fresh.issues.map((i) => ({ field: i.path || null, message: i.message }))];
    if (all.length === 0 && !(fresh.state.firstName || fresh.state.lastName || fresh.state.email || fresh.state.phone)) all.push({ field: null, message: IDENTITY_MESSAGE });
    return { record, rowNumber, input, notes, issues: all, fresh: fresh.state };
  });

  // Existing contacts the good rows may be duplicates of (earlier chunks are committed and found here too).
  const keyOf = (s: ContactState) => (c.dedupeBy === 'email' ? s.email : c.dedupeBy === 'phone' ? s.phone : null);
  const keys = [
    ...new Set(
      read
        .filter((r) => r.issues.length === 0)
        .map((r) => keyOf(r.fresh))
        .filter((k): k is string => Boolean(k)),
    ),
  ];
  const existing = new Map<string, ContactRow>();
  if (keys.length > 0) {
    const rows = await scoped(trx, c.organizationId)
      .selectFrom('contacts')
      .selectAll()
      .where(
        c.dedupeBy === 'email'
          ? sql<boolean>`(lower(contacts.email) = any(${keys}::text[]) or contacts.other_emails && ${keys}::text[])`
          : sql<boolean>`(contacts.phone = any(${keys}::text[]) or contacts.other_phones && ${keys}::text[])`,
      )
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const row of rows) {
      const values = c.dedupeBy === 'email' ? [row.email?.toLowerCase(), ...row.other_emails] : [row.phone, ...row.other_phones];
      for (const v of values) if (v && keys.includes(v) && !existing.has(v)) existing.set(v, row);
    }
  }

  const entries = new Map<string, Entry>();
  const byKey = new Map<string, Entry>();
  for (const r of read) {
    if (r.issues.length > 0) {
      counts.errors++;
      const raw = Object.fromEntries(r.record.map((v, i) => [c.headers[i] ?? `Column ${i + 1}`, v]));
      const fields = [...new Set(r.issues.map((i) => i.field).filter(Boolean))];
      const message = r.issues.length === 1 ? r.issues[0]!.message : r.issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
      errors.push({ row_number: r.rowNumber, field: fields.length > 0 ? fields.join(', ') : null, message, raw: JSON.stringify(raw) });
      continue;
    }
    const key = keyOf(r.fresh);
    let match = key ? byKey.get(key) : undefined;
    if (!match && key && existing.has(key)) {
      const row = existing.get(key)!;
      match = entries.get(row.id) ?? { id: row.id, isNew: false, before: stateOf(row), state: stateOf(row), rowNumber: r.rowNumber, notes: [] };
      entries.set(row.id, match);
      byKey.set(key, match);
    }
    if (match && c.onDuplicate === 'skip') {
      counts.skipped++;
      continue;
    }
    if (match && c.onDuplicate === 'update') {
      // Filled cells replace values; tags are added; empty cells leave the contact as it is.
      const { state } = applyInput(match.state, { ...r.input, tags: r.input.tags ? uniqueTags([...match.state.tags, ...r.input.tags]) : undefined }, c.env);
      const changed = JSON.stringify(state) !== JSON.stringify(match.state) || r.notes.length > 0;
      match.state = state;
      match.notes.push(...r.notes);
      if (changed) counts.updated++;
      else counts.skipped++;
      continue;
    }
    const state = { ...r.fresh, source: r.fresh.source ?? 'import' };
    const entry: Entry = { id: randomUUID(), isNew: true, before: state, state, rowNumber: r.rowNumber, notes: [...r.notes] };
    entries.set(entry.id, entry);
    if (key && !byKey.has(key)) byKey.set(key, entry);
    counts.created++;
  }

  const created = [...entries.values()].filter((e) => e.isNew);
  await insertContacts(
    trx,
    c.organizationId,
    created.map((e) => ({ id: e.id, state: e.state })),
    c.actor,
    (_id, i) => ({ via: 'import', importId: c.importId, row: created[i]!.rowNumber }),
  );
  for (const e of entries.values()) {
    if (!e.isNew) await saveChanges(trx, c.organizationId, e.id, e.before, e.state, c.actor, { via: 'import', importId: c.importId });
  }
  const notes: ActivityInput[] = [...entries.values()].flatMap((e) =>
    e.notes.map((body) => ({ organizationId: c.organizationId, contactId: e.id, type: 'note', actorUserId: c.actor, payload: { body, via: 'import', importId: c.importId } })),
  );
  await recordActivities(trx, notes);
  if (errors.length > 0) {
    await scoped(trx, c.organizationId)
      .insertInto(
        'contact_import_errors',
        errors.map((e) => ({ import_id: c.importId, ...e })),
      )
      .onConflict((oc) => oc.columns(['import_id', 'row_number']).doNothing())
      .execute();
  }
  return counts;
}

/** Marks an import failed with a reason its owner can read. */
export async function markImportFailed(deps: Pick<AppDeps, 'database'>, job: ImportJobData, reason: string): Promise<void> {
  await scoped(deps.database.db, job.organizationId)
    .updateTable('contact_imports')
    .set({ status: 'failed', failure: reason.slice(0, 1000), finished_at: new Date() })
    .where('id', '=', job.importId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}
