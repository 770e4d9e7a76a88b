/**
 * A worker process for the event-consumer crash test: runs the 'killed' consumer over the Postgres
 * database named by its argument, logging each event to consumer_log, until it is killed.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/db';
import { createEventConsumers } from '../../server/events/consumers';
import { createLogger } from '../../server/logging';

const database = await openDatabase({ kind: 'postgres', url: process.argv[2]!, maxConnections: 2 });
const consumers = createEventConsumers({ database, logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }), pollIntervalMs: 20, leaseSeconds: 1 });
consumers.onEvent('killed', 'contact_updated', async (event, { db, attempt }) => {
  await sql`insert into consumer_log (consumer, event_id, organization_id, attempt) values ('killed', ${event.id}, ${event.organizationId}, ${attempt})`.execute(db);
});
await consumers.start();
process.stdout.write('started\n');
