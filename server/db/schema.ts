import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The typed schema of every table, one interface per table, kept in step with db/migrations.
 * Migrations are frozen in time and never import this module.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type RoleKey = 'super_admin' | 'admin' | 'manager' | 'sales_rep' | 'viewer';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  preferences: Json<Record<string, unknown>>;
  last_active_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  settings: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  role: RoleKey;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token. */
  id: string;
  user_id: string;
  organization_id: string | null;
  expires_at: Date;
  created_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface InvitesTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  role: RoleKey;
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  role: RoleKey;
  prefix: string;
  secret_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface AuditEventsTable {
  id: Generated<string>;
  organization_id: string | null;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Json<Record<string, unknown>>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  email: string;
  ip: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
  login_attempts: LoginAttemptsTable;
}

/** Tables whose rows belong to one organization; every query on them goes through `scoped()`. */
export type OrgTable = {
  [K in keyof Database]: Database[K] extends { organization_id: string | null } ? K : never;
}[keyof Database];

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
export type Membership = Selectable<MembershipsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
