import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
const TABLES = ['sites', 'site_pages', 'site_page_versions', 'site_domains', 'site_assets'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // A website (issue #20): its public handle (/s/<handle>) is unique across organizations, like a booking handle.
  await db.schema
    .createTable('sites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sites_organization_idx').on('sites').columns(['organization_id', 'name']).execute();

  // A page: its draft (the editor's Puck data) and which immutable version is live.
  await db.schema
    .createTable('site_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('og_image', 'text')
    .addColumn('noindex', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('draft', 'jsonb', (c) => c.notNull())
    .addColumn('draft_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_version_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The public fast path: (site, path) → the live version, one index probe.
    .addUniqueConstraint('site_pages_path_key', ['site_id', 'path'])
    .execute();

  // A published version: immutable (its HTML is cached by id in every process).
  await db.schema
    .createTable('site_page_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('page_id', 'uuid', (c) => c.notNull().references('site_pages.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('site_page_versions_number_key', ['page_id', 'number'])
    .execute();
  // Deferrable: a page and its versions point at each other, so a copy of the database (db:move) inserts
  // them in either order and lets the key be checked at commit.
  await sql`alter table site_pages add constraint site_pages_published_version_fkey foreign key (published_version_id) references site_page_versions (id) on delete set null deferrable initially immediate`.execute(
    db,
  );

  // A custom domain: served by Host header once its token was fetched back from it.
  await db.schema
    .createTable('site_domains')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('verification_token', 'text', (c) => c.notNull().unique())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_domains_site_idx').on('site_domains').columns(['site_id']).execute();

  // An uploaded image (favicon, pictures of the pages), served with an immutable cache.
  await db.schema
    .createTable('site_assets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_assets_site_idx').on('site_assets').columns(['site_id']).execute();

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of TABLES) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table site_pages drop constraint site_pages_published_version_fkey`.execute(db);
  for (const table of ['site_assets', 'site_domains', 'site_page_versions', 'site_pages', 'sites']) await db.schema.dropTable(table).execute();
}
