import { Hono } from 'hono';
import { requireOrg } from '../http/auth';
import { orgContextOf } from '../http/context';
import { readQuery } from '../http/body';
import type { AppEnv } from '../http/env';
import { ZDeletedRecordsInput } from './schema';
import { deletedRecords } from './service';

/** /api/v1/deleted-records: the sync feed of deletions. */
export const deletedRecordsRest = new Hono<AppEnv>().get('/', requireOrg(), async (c) => c.json(await deletedRecords(orgContextOf(c), readQuery(c, ZDeletedRecordsInput))));
