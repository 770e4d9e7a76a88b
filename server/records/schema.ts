import { z } from 'zod';
import { isoDateTime } from '../input/schema';

/**
 * Building blocks of the records the doors answer with (`.output()` of the procedures integrators
 * reach, and the OpenAPI document generated from them). Answers are JSON: instants are ISO strings.
 * Records are strict so that a field a service adds without describing it fails the tests rather
 * than reaching integrators undocumented.
 */

/** An instant as answered: ISO 8601 in UTC, e.g. 2026-05-01T09:00:00.000Z. */
export const ZAnswerInstant = z.iso.datetime().meta({ description: 'An instant in ISO 8601 (UTC)' });

/** Another record named in this one: its id and the name it is shown by. */
export const ZNamedRef = z.strictObject({ id: z.uuid(), name: z.string() });

/** What a delete answers on tRPC (/api/v1 answers 204 with no body). */
export const ZDeletedRecord = z.strictObject({ id: z.uuid() });

/** `nextCursor` of the previous answer: the list continues after its last row (keyset paging; `page` is then ignored). */
export const ZCursor = z.string().max(2000, 'is not a valid cursor');

/** What tRPC's infinite queries add to a page's input (the screens' lists); pages are read forward only. */
export const infiniteDirection = { direction: z.enum(['forward', 'backward'], { error: 'must be forward or backward' }).optional() };

/** Only records changed (created or updated) after this instant: with the deleted-records feed, how another system syncs. */
export const ZUpdatedAfter = isoDateTime({ offset: true, error: 'must be a date and time such as 2026-05-01T09:00:00Z' }).meta({
  description: 'Only records created or updated after this instant',
});

/** One page of a list, by number or by cursor (server/db/keyset.ts). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Records matching the filters' }),
    page: z.number().int().nullable().meta({ description: 'null when the page came from a cursor' }),
    limit: z.number().int(),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page (stable while records are added and deleted); null on the last' }),
  });
}

/** A permission's name as answered (`<resource>:<action>`); the names are declared by the domains (server/<domain>/domain.ts). */
export const ZPermissionName = z.string().regex(/^[a-z]+:[a-z]+$/);

/** Records per batch call of /api/v1 (issue #19; HubSpot's batch limit too). */
export const BATCH_MAX = 100;
export const BATCH_RULE = `must hold at most ${BATCH_MAX} records (send more in several calls)`;

/**
 * A batch's records, unparsed here: each is parsed on its own by its single door's schema, so one
 * bad record is refused in its own result while the others go through.
 */
export const ZBatchInputs = z.array(z.unknown(), { error: 'must be an array of records' }).min(1, 'must hold at least one record').max(BATCH_MAX, BATCH_RULE);
export const ZBatchInput = z.strictObject({ inputs: ZBatchInputs });

/** A refused record of a batch: the status its single door would answer, and its message and issues naming `inputs.<index>.<field>`. */
export const ZBatchItemError = z.strictObject({
  status: z.number().int(),
  message: z.string(),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
