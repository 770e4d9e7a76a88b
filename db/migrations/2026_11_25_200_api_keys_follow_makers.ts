import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// An API key acts for the member who made it (hardening #14). Keys whose maker is no longer a member
// of the key's organization (or unknown) are revoked, and keys carrying a role above their maker's
// current role are narrowed to it — what the server now does at every member change, applied to the
// keys that exist. (Resolving a key checks both on every request regardless.)
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update api_keys set revoked_at = now()
    where revoked_at is null
      and not exists (select 1 from memberships m where m.organization_id = api_keys.organization_id and m.user_id = api_keys.created_by)
  `.execute(db);
  // Roles from most to least powerful, as they were at this migration.
  const order = sql`array['super_admin', 'admin', 'manager', 'sales_rep', 'viewer']::text[]`;
  await sql`
    update api_keys set role = m.role
    from memberships m
    where m.organization_id = api_keys.organization_id and m.user_id = api_keys.created_by
      and api_keys.revoked_at is null
      and array_position(${order}, api_keys.role) < array_position(${order}, m.role)
  `.execute(db);
}

// Nothing to undo: revoked keys stay revoked, narrowed keys stay narrowed.
export async function down(): Promise<void> {}
