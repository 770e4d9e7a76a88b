import type { z } from 'zod';
import { assertWithinLimit } from '../plans/limits';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { storableText } from '../input/guard';
import { loadDefinitions } from './custom-fields';
import { decodeCsvBytes } from './csv';
import { IMPORT_JOB } from './import-job';
import { checkMapping, readCsv, suggestMapping, targetList } from './import-mapping';
import { getImport } from './import-status';
import { IMPORT_LIMITS, type ZPreviewImportInput, type ZStartImportInput } from './schema';

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
    await ctx.deps.jobs.send(IMPORT_JOB, { importId: row.id, organizationId: ctx.organizationId }, { db: trx });
    return row.id;
  });
  return getImport(ctx, { id });
}
