import { defineDomain } from '../kernel/domain';
import { deletedRecordsRest } from './rest';
import { syncRouter } from './router';

/*
 * Sync for integrators (issue #19): the feed of deleted contacts, deals, tasks and appointments that,
 * with the lists' `updatedAfter`, lets another system keep a copy in step. The rows are written by a
 * database trigger in the deleting transaction (db/migrations/2026_12_01_500_deleted_records.ts).
 */
export const syncDomain = defineDomain({
  name: 'sync',
  router: { sync: syncRouter },
  rest: [{ path: '/v1/deleted-records', routes: () => deletedRecordsRest }],
});
