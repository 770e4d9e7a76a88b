import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A short search word matches the start of a name, e-mail, phone or company; names, e-mail and phone
// had prefix indexes, the company none, so a two-letter search could not combine the indexes and
// scanned the organization's contacts (docs/decisions/014-contacts-queries-at-scale.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contacts_org_company_idx')
    .on('contacts')
    .expression(sql`organization_id, lower(coalesce(company_name, '')) text_pattern_ops`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contacts_org_company_idx').execute();
}
