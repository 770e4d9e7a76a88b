import {
  AliasNode,
  IdentifierNode,
  OperationNodeTransformer,
  TableNode,
  sql,
  type FromNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database, OrgTable } from './schema';

/**
 * Tenant views (decision 033): for every table under the organization wall, a view
 * `<table>_in_organization` that shows the rows of the organization the transaction set
 * (`app.organization_id`), read with its owner's rights. The tenant role's SELECTs read these views
 * instead of the tables: the view's condition is an ordinary condition that the planner merges with
 * the query's own, so every operator may again be an index condition (LIKE, trigram, ranges), where
 * a row-level policy lets only leakproof ones run before it (decision 026). Writes still go to the
 * tables, under their policies. The views are derived from the tables' current columns, so they
 * are kept by code after each migration, not by a migration of their own.
 */

/** Every table with the `organization_isolation` policy (checked against the catalog by tests/integration/row-level-security.test.ts). */
export const ORGANIZATION_TABLES = [
  'activities',
  'api_keys',
  'appointment_days',
  'appointments',
  'audit_events',
  'billing_provisionings',
  'booking_handles',
  'calendar_booking_appointments',
  'calendar_bookings',
  'calendar_members',
  'calendars',
  'campaign_domain_sends',
  'campaign_events',
  'campaign_list_members',
  'campaign_lists',
  'campaign_recipients',
  'campaigns',
  'chat_conversations',
  'chat_messages',
  'command_events',
  'deleted_records',
  'contact_conversions',
  'contact_days',
  'contact_import_errors',
  'contact_imports',
  'contact_tag_counts',
  'contacts',
  'conversations',
  'custom_field_definitions',
  'deal_close_days',
  'deal_currency_counts',
  'deal_open_days',
  'deal_stage_entries',
  'deal_stage_entry_days',
  'deal_stage_history',
  'deal_stage_next',
  'deals',
  'email_events',
  'email_messages',
  'email_suppressions',
  'email_templates',
  'event_deliveries',
  'events',
  'form_submissions',
  'funnel_steps',
  'funnel_variants',
  'funnel_visits',
  'funnels',
  'idempotency_keys',
  'integration_deliveries',
  'invites',
  'marketing_spend',
  'memberships',
  'notification_digest_schedules',
  'notification_email_items',
  'notification_email_preferences',
  'notifications',
  'organization_billing',
  'organization_contact_counts',
  'pipeline_stages',
  'pipelines',
  'presence',
  'provider_settings',
  'saved_views',
  'site_analytics_events',
  'sms_batches',
  'sms_messages',
  'sms_templates',
  'stripe_events',
  'task_days',
  'tasks',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'webhook_endpoints',
  'workflow_round_robin',
  'workflow_run_steps',
  'workflow_runs',
  'workflow_step_effects',
  'workflow_timers',
  'workflow_trigger_timers',
  'workflow_versions',
  'workflows',
  'sites',
  'site_pages',
  'site_page_versions',
  'site_domains',
  'site_assets',
  'site_orders',
] as const satisfies readonly (keyof Database)[];

export const TENANT_VIEW_SUFFIX = '_in_organization';

export const tenantViewOf = (table: string): string => `${table}${TENANT_VIEW_SUFFIX}`;

/** The view's condition: the policy's own (an unset organization, '' once its transaction ended, matches no row). */
const OWN_ROWS = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the upkeep runs beside the migrator, on any schema
type AnySchema = Kysely<any>;

/** Serialises view upkeep between processes migrating one database at once. */
const UPKEEP_LOCK = sql`select pg_advisory_xact_lock(hashtext('switchboard.tenant_views'))`;

/**
 * Drops every tenant view: before pending migrations run, so that a migration may change or drop
 * a column the views select (Postgres refuses while a view depends on it).
 */
export async function dropTenantViews(db: AnySchema): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await UPKEEP_LOCK.execute(trx);
    const { rows } = await sql<{ view: string }>`
      select c.relname as view from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'v' and c.relname like ${`%${TENANT_VIEW_SUFFIX}`}`.execute(trx);
    if (rows.length > 0) await sql.raw(`drop view if exists ${rows.map((r) => quoted(r.view)).join(', ')}`).execute(trx);
  });
}

/**
 * Creates the tenant view of every walled table that lacks one, and re-creates those whose columns
 * no longer match their table's. One catalog query when all are current (every start).
 */
export async function syncTenantViews(db: AnySchema): Promise<void> {
  const stale = async (executor: AnySchema) =>
    (
      await sql<{ table: string; current: boolean }>`
        with walled as (
          select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r'
            and exists (select from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = 'organization_isolation')
        ),
        columns as (
          select w.relname, (select array_agg(a.attname::text order by a.attnum) from pg_attribute a where a.attrelid = w.oid and a.attnum > 0 and not a.attisdropped) as table_columns,
            (select array_agg(a.attname::text order by a.attnum) from pg_attribute a where a.attrelid = to_regclass(quote_ident(w.relname || ${TENANT_VIEW_SUFFIX})) and a.attnum > 0) as view_columns
          from walled w
        )
        select relname as table, coalesce(view_columns = table_columns, false) as current from columns`.execute(executor)
    ).rows.filter((r) => !r.current);
  if ((await stale(db)).length === 0) return;
  await db.transaction().execute(async (trx) => {
    await UPKEEP_LOCK.execute(trx);
    for (const { table } of await stale(trx)) {
      const view = quoted(tenantViewOf(table));
      await sql.raw(`drop view if exists ${view}`).execute(trx);
      await sql.raw(`create view ${view} as select * from ${quoted(table)} where ${OWN_ROWS}`).execute(trx);
      await sql.raw(`grant select on ${view} to switchboard_tenant`).execute(trx);
    }
  });
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Reads the walled tables through their tenant views: in a SELECT statement, every walled table a
 * FROM or JOIN names becomes its view under the table's own name (or the alias the query gave it),
 * so the query's references to `contacts.id` still resolve. Statements other than SELECT (and what
 * raw SQL names) reach the tables themselves, under their policies.
 */
export class TenantViewsPlugin implements KyselyPlugin {
  private readonly rewriter = new TenantViewsRewriter();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node.kind === 'SelectQueryNode' ? this.rewriter.transformNode(args.node, args.queryId) : args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const WALLED: ReadonlySet<string> = new Set(ORGANIZATION_TABLES);

class TenantViewsRewriter extends OperationNodeTransformer {
  protected override transformFrom(node: FromNode, queryId?: QueryId): FromNode {
    const from = super.transformFrom(node, queryId);
    return { ...from, froms: from.froms.map(throughView) };
  }

  protected override transformJoin(node: JoinNode, queryId?: QueryId): JoinNode {
    const join = super.transformJoin(node, queryId);
    return { ...join, table: throughView(join.table) };
  }
}

const walledName = (node: OperationNode): string | undefined => (TableNode.is(node) && !node.table.schema && WALLED.has(node.table.identifier.name) ? node.table.identifier.name : undefined);

function throughView(node: OperationNode): OperationNode {
  const table = walledName(node);
  if (table) return AliasNode.create(TableNode.create(tenantViewOf(table)), IdentifierNode.create(table));
  if (AliasNode.is(node)) {
    const aliased = walledName(node.node);
    if (aliased) return AliasNode.create(TableNode.create(tenantViewOf(aliased)), node.alias);
  }
  return node;
}

/**
 * A new table with an `organization_id` (server/db/schema.ts) fails typecheck here until it is
 * listed above (and walled by its migration); sessions are a user's, not an organization's (decision 024).
 */
type Unlisted = Exclude<OrgTable, (typeof ORGANIZATION_TABLES)[number] | 'sessions'>;
export const EVERY_ORGANIZATION_TABLE_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
