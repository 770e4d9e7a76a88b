import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Deliveries are drained per endpoint in batches (docs/decisions/055): a batch takes an endpoint's
// unfinished deliveries that are due, in next_attempt_at order. A claimed ('sending') delivery now
// keeps its lease's end in next_attempt_at too, so "due" is one range over one partial index for
// every unfinished state (a dead worker's claim is due again when its lease ends).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update webhook_deliveries set next_attempt_at = coalesce(lease_until, now()) where state = 'sending'`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where state in ('pending', 'sending', 'retrying')`.execute(db);
  // The jobs waiting in the queue named one delivery each; they now name its endpoint.
  await sql`
    do $$ begin
      if to_regclass('pgboss.job') is not null then
        update pgboss.job j set data = jsonb_build_object('organizationId', d.organization_id, 'endpointId', d.endpoint_id)
        from webhook_deliveries d
        where j.name = 'webhooks.deliver' and j.state < 'completed' and j.data ? 'deliveryId' and d.id::text = j.data->>'deliveryId';
      end if;
    end $$
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index webhook_deliveries_due_idx`.execute(db);
}
