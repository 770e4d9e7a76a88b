import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // An API key's scopes (issue #19): the permission names it is limited to, within its role; null
  // for everything the role allows (every key made before).
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', sql`text[]`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
}
