/**
 * The typed schema of every table, one interface per table, kept in step with db/migrations.
 * Migrations are frozen in time and never import this module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- tables arrive with the domains' migrations
export interface Database {}
