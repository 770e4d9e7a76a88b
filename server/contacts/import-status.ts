import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { csvLine, CSV_BOM, parseCsv } from './csv';
import type { TImportTarget, ZGetImportInput, ZListImportsInput } from './schema';

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
