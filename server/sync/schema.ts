import { z } from 'zod';
import { ZAnswerInstant, ZCursor } from '../records/schema';

/** The deleted-records feed (issue #19): what integrators' sync reads beside `updatedAfter`. */
export const SYNCED_RESOURCES = ['contacts', 'deals', 'tasks', 'appointments'] as const;
export const ZSyncedResource = z.enum(SYNCED_RESOURCES, { error: `must be one of ${SYNCED_RESOURCES.join(', ')}` });

/** How long a deletion stays in the feed (the trigger of db/migrations/2026_12_01_500 drops older ones). */
export const DELETED_RECORDS_KEPT_DAYS = 90;

export const ZDeletedRecordsInput = z.strictObject({
  /** Only this kind of record; every kind the caller may read by default. */
  resource: ZSyncedResource.optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 500').max(500, 'must be between 1 and 500').default(100),
});
export type TDeletedRecordsInput = z.input<typeof ZDeletedRecordsInput>;

export const ZDeletedRecord = z.strictObject({
  resource: ZSyncedResource,
  id: z.uuid().meta({ description: 'The deleted record’s id' }),
  deletedAt: ZAnswerInstant,
});

export const ZDeletedRecordsPage = z.strictObject({
  items: z.array(ZDeletedRecord),
  nextCursor: z.string().meta({ description: 'Pass as `cursor` next time: the feed continues after the last deletion it answered (also when there was none yet); keep it between syncs' }),
  hasMore: z.boolean().meta({ description: 'More deletions are ready now; ask again at once with nextCursor' }),
});
