import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordActivities, type ActivityInput } from '../activities/service';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { parseCsv, type ParsedCsv } from './csv';
import { checkMapping, type MappedColumn } from './import-mapping';
import { readRow, type RowIssue } from './import-rows';
import { holdsAnyOf } from './held-keys';
import type { ContactRow } from './repo';
import { IDENTITY_MESSAGE, IMPORT_LIMITS, uniqueTags } from './schema';
import { applyInput, EMPTY_CONTACT, insertContacts, saveChanges, stateOf, writeEnv, type ContactState, type WriteEnv } from './state';

/** The queue the import job runs on (server/jobs). */
export const IMPORT_JOB = 'contacts-import';
export type ImportJobData = { importId: string; organizationId: string };

/** A failure that retrying cannot fix: the import is marked failed at once. */
export class ImportFailure extends Error {
  override name = 'ImportFailure';
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
    const { created, ...outcome } = await db.transaction().execute(async (trx) => {
      // The lock makes two runs of the same import (at-least-once delivery) take turns, chunk by chunk.
      const current = await scoped(trx, organizationId).selectFrom('contact_imports').select(['status', 'processed_rows']).where('id', '=', importId).forUpdate().executeTakeFirstOrThrow();
      if (current.status !== 'running') return { status: current.status, processed: current.processed_rows, created: 0 };
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
      return { status: finished ? ('completed' as const) : ('running' as const), processed, created: counts.created };
    });
    deps.database.bulkWrote('contacts', created);
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
  if (keys.length > 0 && c.dedupeBy !== 'none') {
    const rows = await scoped(trx, c.organizationId).selectFrom('contacts').selectAll().where(holdsAnyOf(c.dedupeBy, keys)).orderBy('created_at').orderBy('id').forUpdate().execute();
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
