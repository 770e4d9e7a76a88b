import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Language } from '../languages/schema';

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
  /** When the user opened a verification link sent to this address; null until then. */
  email_verified_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

/** Single-use links e-mailed to a user (server/account-emails); only the token's SHA-256 is stored. */
export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  /** The address the link was sent to; for a verification, the address it proves. */
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
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
  /** Permission names the key is limited to, within its role; null: all the role allows. */
  scopes: string[] | null;
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
  /** The trusted device (trusted_devices.id) the attempt came with; null for an unknown client (migration 2026_11_25_300). */
  device_id: string | null;
  created_at: Timestamp;
}

/** A browser a user has signed in from: the SHA-256 of its device cookie's token (migration 2026_11_25_300). */
export interface TrustedDevicesTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
}

/** One request a rate limit let through (server/rate-limit); it stops counting at expires_at. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  expires_at: Date;
}

/** A token bucket of a rate limit (server/rate-limit/token-bucket.ts). */
export interface RateBucketsTable {
  name: string;
  tokens: number;
  refilled_at: Date;
}

export type LifecycleStage = 'subscriber' | 'lead' | 'mql' | 'sql' | 'customer' | 'other';
export type Attribution = {
  source?: string;
  medium?: string;
  campaign?: string;
  referrer?: string;
  landingPage?: string;
  at: string;
};

/** Contacts per tag per organization, kept exact by triggers on contacts (migration 210). */
export interface ContactTagCountsTable {
  organization_id: string;
  tag: string;
  contact_count: number;
}

/** Contacts per organization, kept exact by triggers on contacts (migration 220). */
export interface OrganizationContactCountsTable {
  organization_id: string;
  contacts: number;
}

export interface ContactsTable {
  id: Generated<string>;
  organization_id: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  /** Primary e-mail, lower-cased. */
  email: string | null;
  other_emails: ColumnType<string[], string[] | undefined, string[]>;
  /** Primary phone, E.164. */
  phone: string | null;
  other_phones: ColumnType<string[], string[] | undefined, string[]>;
  company_name: string | null;
  job_title: string | null;
  lifecycle_stage: ColumnType<LifecycleStage, LifecycleStage | undefined, LifecycleStage>;
  source: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  owner_id: string | null;
  lead_score: ColumnType<number, number | undefined, number>;
  dnc_sms: ColumnType<boolean, boolean | undefined, boolean>;
  dnc_email: ColumnType<boolean, boolean | undefined, boolean>;
  dnc_calls: ColumnType<boolean, boolean | undefined, boolean>;
  first_attribution: Json<Attribution | null>;
  latest_attribution: Json<Attribution | null>;
  custom_fields: Json<Record<string, string | number | null>>;
  /** Generated: lower-cased name, e-mail, phone and company, trigram-indexed. */
  search_text: ColumnType<string, never, never>;
  /** Generated lower-case copies, prefix-indexed: a search compares them with leakproof operators (decision 026). */
  first_name_lower: ColumnType<string, never, never>;
  last_name_lower: ColumnType<string, never, never>;
  email_lower: ColumnType<string | null, never, never>;
  company_name_lower: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomFieldDefinitionsTable {
  id: Generated<string>;
  organization_id: string;
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'select';
  options: ColumnType<string[], string[] | undefined, string[]>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SavedViewsTable {
  id: Generated<string>;
  organization_id: string;
  /** The member who saved it; views are personal. */
  user_id: string | null;
  entity: string;
  name: string;
  filters: Json<Record<string, unknown>>;
  columns: ColumnType<string[], string[] | undefined, string[]>;
  sort: Json<{ field: string; direction: 'asc' | 'desc' } | null>;
  created_at: Timestamp;
}

export interface PipelinesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export type StageKind = 'open' | 'won' | 'lost';

export interface PipelineStagesTable {
  id: Generated<string>;
  organization_id: string;
  pipeline_id: string;
  name: string;
  position: number;
  probability: ColumnType<number, number | undefined, number>;
  kind: ColumnType<StageKind, StageKind | undefined, StageKind>;
  created_at: Timestamp;
}

export interface DealsTable {
  id: Generated<string>;
  organization_id: string;
  pipeline_id: string;
  stage_id: string;
  title: string;
  /** Integer minor units (cents) of `currency`. */
  value_minor: ColumnType<number, number | undefined, number>;
  currency: ColumnType<string, string | undefined, string>;
  contact_id: string | null;
  owner_id: string | null;
  /** 'YYYY-MM-DD'. */
  expected_close_date: string | null;
  probability: number | null;
  is_recurring: ColumnType<boolean, boolean | undefined, boolean>;
  monthly_value_minor: number | null;
  /** Follows the stage's kind. */
  status: ColumnType<StageKind, StageKind | undefined, StageKind>;
  lost_reason: string | null;
  won_at: Date | null;
  lost_at: Date | null;
  stage_changed_at: Timestamp;
  /** Order inside the stage on the board, smallest first (migration 110). */
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DealStageHistoryTable {
  id: Generated<number>;
  organization_id: string;
  deal_id: string;
  from_stage_id: string | null;
  to_stage_id: string | null;
  changed_by: string | null;
  changed_at: Timestamp;
}

/**
 * Derived tables (migration 800, docs/decisions/010-dashboard-aggregates.md): written only by the
 * triggers on the facts they sum, read by the dashboards. Days are calendar days ('YYYY-MM-DD') in
 * the organization's time zone; money in minor units.
 */
type Derived<T> = ColumnType<T, never, never>;

export interface ContactDaysTable {
  organization_id: string;
  created_on: Derived<string>;
  owner_id: Derived<string | null>;
  /** An empty source is stored as null. */
  source: Derived<string | null>;
  contacts: Derived<number>;
}

/** Value sums of deals; weighted value = (value_times_probability + stage probability × value_without_probability) / 100. */
interface DealValueSums {
  deals: Derived<number>;
  value_minor: Derived<number>;
  value_without_probability_minor: Derived<number>;
  value_times_probability_minor: Derived<number>;
}

/** Won and lost deals by the day they were won or lost. */
export interface DealCloseDaysTable extends DealValueSums {
  organization_id: string;
  closed_on: Derived<string>;
  status: Derived<'won' | 'lost'>;
  pipeline_id: Derived<string>;
  stage_id: Derived<string>;
  owner_id: Derived<string | null>;
  currency: Derived<string>;
  recurring_deals: Derived<number>;
  monthly_value_minor: Derived<number>;
}

/** Open deals by stage and the day they entered it. */
export interface DealOpenDaysTable extends DealValueSums {
  organization_id: string;
  pipeline_id: Derived<string>;
  stage_id: Derived<string>;
  owner_id: Derived<string | null>;
  currency: Derived<string>;
  stage_changed_on: Derived<string>;
}

export interface DealCurrencyCountsTable {
  organization_id: string;
  currency: Derived<string>;
  deals: Derived<number>;
}

/** The next stage of each stage in its pipeline's order, as deal_stage_entries were computed with it. */
export interface DealStageNextTable {
  stage_id: Derived<string>;
  organization_id: string;
  pipeline_id: Derived<string>;
  next_stage_id: Derived<string | null>;
}

/** One row per entry of a deal into a stage (a deal_stage_history row). */
export interface DealStageEntriesTable {
  history_id: Derived<number>;
  organization_id: string;
  deal_id: Derived<string>;
  pipeline_id: Derived<string>;
  stage_id: Derived<string>;
  /** The deal's owner now. */
  owner_id: Derived<string | null>;
  entered_at: Derived<Date>;
  /** The deal's entry into the same stage before this one. */
  previous_entry_at: Derived<Date | null>;
  next_stage_id: Derived<string | null>;
  /** The deal's first entry into the next stage, whenever it was. */
  next_stage_entered_at: Derived<Date | null>;
}

export interface DealStageEntryDaysTable {
  organization_id: string;
  pipeline_id: Derived<string>;
  stage_id: Derived<string>;
  owner_id: Derived<string | null>;
  entered_on: Derived<string>;
  previous_entry_on: Derived<string | null>;
  /** Whether the deal has ever entered the next stage. */
  reached_next: Derived<boolean>;
  entries: Derived<number>;
}

/** Contacts with a won deal: when each was created and when its first deal was won. */
export interface ContactConversionsTable {
  contact_id: Derived<string>;
  organization_id: string;
  owner_id: Derived<string | null>;
  source: Derived<string | null>;
  created_at: Derived<Date>;
  first_won_at: Derived<Date>;
}

/** Tasks by the day they were created, completed (done ones) and due. */
export interface TaskDaysTable {
  organization_id: string;
  day: Derived<string>;
  assignee_id: Derived<string | null>;
  created: Derived<number>;
  completed: Derived<number>;
  due: Derived<number>;
  /** Of the tasks due that day: done, and completed by their due time. */
  due_done_on_time: Derived<number>;
  /** Of the tasks due that day: still open. */
  due_open: Derived<number>;
}

export interface AppointmentDaysTable {
  organization_id: string;
  day: Derived<string>;
  assignee_id: Derived<string | null>;
  status: Derived<AppointmentStatus>;
  appointments: Derived<number>;
}

export type TaskPriority = 'low' | 'medium' | 'high' | 'urgent';

export interface TasksTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  description: string | null;
  due_at: Date | null;
  priority: ColumnType<TaskPriority, TaskPriority | undefined, TaskPriority>;
  status: ColumnType<'open' | 'done', 'open' | 'done' | undefined, 'open' | 'done'>;
  assignee_id: string | null;
  contact_id: string | null;
  deal_id: string | null;
  completed_at: Date | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AppointmentStatus = 'scheduled' | 'completed' | 'cancelled' | 'no_show';

export interface AppointmentsTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  contact_id: string | null;
  assignee_id: string | null;
  starts_at: Date;
  ends_at: Date;
  time_zone: ColumnType<string, string | undefined, string>;
  location: string | null;
  meeting_url: string | null;
  status: ColumnType<AppointmentStatus, AppointmentStatus | undefined, AppointmentStatus>;
  notes: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<number>;
  organization_id: string;
  contact_id: string | null;
  deal_id: string | null;
  /** contact_created, field_changed, note, task_created, task_completed, deal_created, deal_moved, deal_won, deal_lost, appointment_scheduled, sms_in, sms_out, form_submission, automation_step, … */
  type: string;
  actor_user_id: string | null;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface ContactImportsTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string | null;
  filename: string;
  csv: string;
  /** CSV column → contact field ('firstName', 'email', 'tags', 'custom.<key>', …). */
  mapping: Json<Record<string, string>>;
  dedupe_by: 'email' | 'phone' | 'none';
  on_duplicate: 'skip' | 'update' | 'create';
  status: ColumnType<'queued' | 'running' | 'completed' | 'failed', 'queued' | undefined, 'queued' | 'running' | 'completed' | 'failed'>;
  total_rows: ColumnType<number, number | undefined, number>;
  processed_rows: ColumnType<number, number | undefined, number>;
  created_count: ColumnType<number, number | undefined, number>;
  updated_count: ColumnType<number, number | undefined, number>;
  skipped_count: ColumnType<number, number | undefined, number>;
  error_count: ColumnType<number, number | undefined, number>;
  failure: string | null;
  created_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ContactImportErrorsTable {
  id: Generated<number>;
  organization_id: string;
  import_id: string;
  row_number: number;
  field: string | null;
  message: string;
  raw: Json<Record<string, string>>;
}

export interface MarketingSpendTable {
  id: Generated<string>;
  organization_id: string;
  channel: string;
  description: string | null;
  amount_minor: number;
  currency: ColumnType<string, string | undefined, string>;
  /** 'YYYY-MM-DD'. */
  spent_on: string;
  created_at: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  organization_id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  actor_user_id: string | null;
  /** The writing transaction's id: consumers read in (txid, id) order (server/events/consumers.ts). */
  txid: Generated<number>;
  created_at: Timestamp;
}

/** A contact, deal, task or appointment deleted: the integrators' sync feed (written by a trigger; server/sync/). */
export interface DeletedRecordsTable {
  id: Generated<string>;
  txid: Generated<string>;
  organization_id: string;
  resource: 'contacts' | 'deals' | 'tasks' | 'appointments';
  record_id: string;
  deleted_at: Generated<Date>;
}

/** A durable consumer of the events outbox: its cursor and the process that holds it. */
export interface EventConsumersTable {
  name: string;
  last_txid: number;
  last_event_id: number;
  lease_owner: string | null;
  lease_until: Date | null;
  updated_at: Generated<Date>;
}

export type EventDeliveryState = 'retrying' | 'waiting' | 'parked';

/** An event a consumer has not handled yet (retrying, waiting behind one) or gave up on (parked). */
export interface EventDeliveriesTable {
  consumer: string;
  event_id: number;
  organization_id: string;
  state: EventDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  event_id: number | null;
  type: NotificationType;
  title: string;
  message: string;
  /** An app path that opens the record, e.g. /contacts/<id>. */
  link: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

export type NotificationEmailKind = 'contact_created' | 'deal_won' | 'automation_completed' | 'automation_failed' | 'assigned';
export type NotificationEmailMode = 'off' | 'immediate' | 'digest';

/** A member's choice of e-mail for one kind of notification in one organization (none stored: the kind's default). */
export interface NotificationEmailPreferencesTable {
  organization_id: string;
  user_id: string;
  kind: NotificationEmailKind;
  mode: NotificationEmailMode;
  updated_at: Timestamp;
}

/** One notification to e-mail to one member: at once, or in their next daily digest (server/notifications/emails.ts). */
export interface NotificationEmailItemsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  event_id: number;
  kind: NotificationEmailKind;
  delivery: 'immediate' | 'digest';
  title: string;
  message: string;
  /** An app path, e.g. /contacts/<id>. */
  link: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  email_message_id: string | null;
  dropped_at: Date | null;
}

/** When a member's next digest is due (their local 08:00); one row while items wait. */
export interface NotificationDigestSchedulesTable {
  organization_id: string;
  user_id: string;
  due_at: Date;
}

export interface PresenceTable {
  connection_id: string;
  organization_id: string;
  user_id: string;
  last_seen_at: Timestamp;
  created_at: Timestamp;
}

/** Training course lessons a user completed (user-owned, not organization-owned). */
export interface TrainingProgressTable {
  user_id: string;
  lesson_id: string;
  completed_at: Timestamp;
}

export interface FormSubmissionsTable {
  id: Generated<string>;
  organization_id: string;
  contact_id: string | null;
  /** The form's id as the public page sends it, e.g. hero-trial, case-study-cta, footer-newsletter. */
  form_id: string;
  email: string;
  lead_magnet: string | null;
  page: string | null;
  referrer: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** The validated submission as received (without the honeypot). */
  payload: Json<Record<string, unknown>>;
  /** Whether this submission created its contact. */
  contact_created: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface IntegrationDeliveriesTable {
  id: Generated<string>;
  organization_id: string;
  submission_id: string;
  /** 'kit' */
  provider: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** The provider's id of what was created (Kit subscriber id). */
  external_id: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Timestamp;
}

export type BillingStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** One row per organization: its plan and what Stripe says of its subscription (migration 400). */
export interface OrganizationBillingTable {
  organization_id: string;
  /** A plan key of server/plans/schema.ts. */
  plan: string;
  billing_interval: 'monthly' | 'yearly' | null;
  status: BillingStatus;
  trial_ends_at: Date | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  /** After a downgrade, the plan paid for stays in force until previous_plan_until. */
  previous_plan: string | null;
  previous_plan_until: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Stripe events applied, each once. */
export type StripeEventStatus = 'processed' | 'ignored';

export interface StripeEventsTable {
  id: string;
  type: string;
  organization_id: string | null;
  stripe_created_at: Date;
  processed_at: Timestamp;
  /** 'ignored': answered 200 and left alone, for `ignored_reason` (a subscription that is not ours). */
  status: ColumnType<StripeEventStatus, StripeEventStatus | undefined, StripeEventStatus>;
  ignored_reason: string | null;
}

/** A subscription bought by a visitor who was not signed in; provisioned when its first invoice is paid. */
export interface BillingProvisioningsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  name: string;
  plan: string;
  billing_interval: 'monthly' | 'yearly';
  stripe_customer_id: string;
  stripe_subscription_id: string;
  organization_id: string | null;
  provisioned_at: Date | null;
  link_issued_at: Date | null;
  created_at: Timestamp;
}

/** The single payments of the checkout page, by payment intent id. */
export interface CheckoutPaymentsTable {
  id: string;
  amount_minor: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who wrote a website chat message: the visitor, the automated reply, or a team member. */
export type ChatSender = 'visitor' | 'bot' | 'member';

export interface ChatConversationsTable {
  id: Generated<string>;
  organization_id: string;
  /** SHA-256 (hex) of the visitor's secret id from the widget's local storage. */
  visitor_hash: string;
  contact_id: string | null;
  /** The e-mail the visitor left, lower-cased. */
  email: string | null;
  /** The site path the first message was sent from. */
  started_on: string | null;
  /** The language of the site when the visitor last wrote (the automated replies are in it). */
  language: ColumnType<Language, Language | undefined, Language>;
  last_message_at: Timestamp;
  last_visitor_message_at: Timestamp;
  /** When a team member last opened it; unread when a visitor wrote after that. */
  team_read_at: Date | null;
  /** The signed-in user who last wrote from inside the app (from the session, never the body); null for website visitors. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organization that user was signed in to when writing. */
  user_organization_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export type ConversationChannel = 'chat' | 'sms' | 'email';
export type ConversationStatus = 'open' | 'closed';

/** One thread of the inbox (/conversations), kept up to date in the transaction of each of its messages (server/conversations/touch.ts). */
export interface ConversationsTable {
  id: Generated<string>;
  organization_id: string;
  channel: ConversationChannel;
  contact_id: string | null;
  /** A website chat's conversation. */
  chat_conversation_id: string | null;
  /** An e-mail thread: the id of its first message (email_messages.thread_id). */
  thread_id: string | null;
  /** The number an SMS thread is held with (E.164). */
  phone: string | null;
  status: ColumnType<ConversationStatus, ConversationStatus | undefined, ConversationStatus>;
  assignee_id: string | null;
  last_message_at: Timestamp;
  last_message_preview: ColumnType<string, string | undefined, string>;
  unread: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  organization_id: string;
  conversation_id: string;
  sender: ChatSender;
  author_user_id: string | null;
  body: string;
  ip: string | null;
  created_at: Timestamp;
}

export type SmsStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'refused' | 'received';
export type SmsPurpose = 'single' | 'template' | 'bulk' | 'inbound';

export interface SmsBatchesTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string | null;
  body: string;
  recipient_count: ColumnType<number, number | undefined, number>;
  accepted_count: ColumnType<number, number | undefined, number>;
  rejected_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SmsMessagesTable {
  id: Generated<string>;
  organization_id: string;
  direction: 'outbound' | 'inbound';
  purpose: SmsPurpose;
  contact_id: string | null;
  from_number: string | null;
  /** E.164. */
  to_number: string;
  body: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  status: SmsStatus;
  provider_sid: string | null;
  error_code: string | null;
  error_message: string | null;
  batch_id: string | null;
  template_id: string | null;
  idempotency_key: string | null;
  created_by: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** Held by quiet hours until then. */
  send_after: Date | null;
  sending_at: Date | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  category: string;
  message: string;
  variables: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsSenderSlotsTable {
  sender: string;
  next_slot_at: Timestamp;
}

export interface SiteAnalyticsEventsTable {
  id: Generated<number>;
  organization_id: string;
  visitor_id: string;
  name: string;
  path: string;
  params: Record<string, string | number | boolean>;
  value: number | string | null;
  currency: string | null;
  referrer: string | null;
  occurred_at: Timestamp;
  received_at: Generated<Timestamp>;
}

export type EmailDirection = 'outbound' | 'inbound';
export type EmailAttachment = { filename: string; contentType: string; content: string };
export type EmailKind = 'account' | 'one_to_one' | 'marketing';
export type EmailStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'bounced' | 'failed' | 'suppressed' | 'received';
export type EmailEventType = 'queued' | 'sending' | 'sent' | 'delivered' | 'bounced' | 'failed' | 'suppressed' | 'retry' | 'opened' | 'unsubscribed' | 'received' | 'complained';
export type SuppressionReason = 'unsubscribed' | 'hard_bounce' | 'complaint' | 'manual';

export interface EmailMessagesTable {
  id: Generated<string>;
  /** Null only for account e-mails not tied to an organization (a password reset): system rows. */
  organization_id: string | null;
  direction: EmailDirection;
  kind: EmailKind;
  status: EmailStatus;
  contact_id: string | null;
  user_id: string | null;
  created_by: string | null;
  from_address: string;
  from_name: string;
  to_address: string;
  to_name: string | null;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  /** RFC 5322 Message-ID, with its angle brackets. */
  message_id: string;
  in_reply_to: string | null;
  references: ColumnType<string[], string[] | undefined, string[]>;
  /** The contact's e-mail thread: the id of its first message. */
  thread_id: string | null;
  /** Random; the plus-addressed Reply-To (local+r.<token>@domain) and VERP return path (local+b.<token>@domain). */
  token: string;
  template_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  provider_response: string | null;
  error: string | null;
  headers: Json<Record<string, string>>;
  /** Files sent with the message (a booking's .ics): name, MIME type and text content. */
  attachments: ColumnType<EmailAttachment[], string | undefined, string>;
  /** A one-to-one send's idempotency key (unique per organization): a retried request answers the first message. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailEventsTable {
  id: Generated<string>;
  organization_id: string | null;
  email_message_id: string;
  type: EmailEventType;
  detail: string | null;
  created_at: Timestamp;
}

export interface EmailSuppressionsTable {
  id: Generated<string>;
  organization_id: string;
  /** Lower-case. */
  address: string;
  reason: SuppressionReason;
  source_message_id: string | null;
  note: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** Hard bounces of every organization: account e-mails never go to these addresses. */
export interface EmailBouncedAddressesTable {
  address: string;
  bounced_at: Timestamp;
  detail: string | null;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  subject: string;
  /** Text with {{variables}} and fallbacks ({{firstName|there}}). */
  body: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  account_tokens: AccountTokensTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
  login_attempts: LoginAttemptsTable;
  trusted_devices: TrustedDevicesTable;
  rate_limit_hits: RateLimitHitsTable;
  rate_buckets: RateBucketsTable;
  contacts: ContactsTable;
  contact_tag_counts: ContactTagCountsTable;
  organization_contact_counts: OrganizationContactCountsTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  saved_views: SavedViewsTable;
  pipelines: PipelinesTable;
  pipeline_stages: PipelineStagesTable;
  deals: DealsTable;
  deal_stage_history: DealStageHistoryTable;
  contact_days: ContactDaysTable;
  contact_conversions: ContactConversionsTable;
  deal_close_days: DealCloseDaysTable;
  deal_open_days: DealOpenDaysTable;
  deal_currency_counts: DealCurrencyCountsTable;
  deal_stage_next: DealStageNextTable;
  deal_stage_entries: DealStageEntriesTable;
  deal_stage_entry_days: DealStageEntryDaysTable;
  task_days: TaskDaysTable;
  appointment_days: AppointmentDaysTable;
  tasks: TasksTable;
  appointments: AppointmentsTable;
  activities: ActivitiesTable;
  contact_imports: ContactImportsTable;
  contact_import_errors: ContactImportErrorsTable;
  marketing_spend: MarketingSpendTable;
  events: EventsTable;
  event_consumers: EventConsumersTable;
  event_deliveries: EventDeliveriesTable;
  notifications: NotificationsTable;
  notification_email_preferences: NotificationEmailPreferencesTable;
  notification_email_items: NotificationEmailItemsTable;
  notification_digest_schedules: NotificationDigestSchedulesTable;
  presence: PresenceTable;
  training_progress: TrainingProgressTable;
  form_submissions: FormSubmissionsTable;
  integration_deliveries: IntegrationDeliveriesTable;
  organization_billing: OrganizationBillingTable;
  stripe_events: StripeEventsTable;
  billing_provisionings: BillingProvisioningsTable;
  checkout_payments: CheckoutPaymentsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  conversations: ConversationsTable;
  sms_batches: SmsBatchesTable;
  sms_messages: SmsMessagesTable;
  sms_templates: SmsTemplatesTable;
  sms_sender_slots: SmsSenderSlotsTable;
  site_analytics_events: SiteAnalyticsEventsTable;
  email_messages: EmailMessagesTable;
  email_events: EmailEventsTable;
  email_suppressions: EmailSuppressionsTable;
  email_bounced_addresses: EmailBouncedAddressesTable;
  email_templates: EmailTemplatesTable;
  workflows: WorkflowsTable;
  workflow_versions: WorkflowVersionsTable;
  workflow_runs: WorkflowRunsTable;
  workflow_run_steps: WorkflowRunStepsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_events: CampaignEventsTable;
  campaign_domain_sends: CampaignDomainSendsTable;
  campaign_lists: CampaignListsTable;
  campaign_list_members: CampaignListMembersTable;
  workflow_timers: WorkflowTimersTable;
  workflow_step_effects: WorkflowStepEffectsTable;
  workflow_round_robin: WorkflowRoundRobinTable;
  workflow_trigger_timers: WorkflowTriggerTimersTable;
  deleted_records: DeletedRecordsTable;
  booking_handles: BookingHandlesTable;
  calendars: CalendarsTable;
  calendar_members: CalendarMembersTable;
  calendar_bookings: CalendarBookingsTable;
  calendar_booking_appointments: CalendarBookingAppointmentsTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  command_events: CommandEventsTable;
  sites: SitesTable;
  site_pages: SitePagesTable;
  site_page_versions: SitePageVersionsTable;
  site_domains: SiteDomainsTable;
  site_assets: SiteAssetsTable;
  site_orders: SiteOrdersTable;
  provider_settings: ProviderSettingsTable;
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
export type Contact = Selectable<ContactsTable>;
export type Deal = Selectable<DealsTable>;
export type Task = Selectable<TasksTable>;
export type Appointment = Selectable<AppointmentsTable>;
export type Activity = Selectable<ActivitiesTable>;

// ——— Automations (db/migrations/2026_11_28_100_automations.ts) ———

export type WorkflowStatus = 'draft' | 'active' | 'paused';
export type WorkflowRunStatus = 'running' | 'waiting' | 'paused' | 'completed' | 'failed' | 'stopped';
export type WorkflowStepOutcome = 'done' | 'skipped' | 'waiting' | 'failed';

/** A workflow: its draft (edited by the builder) and which version is published. */
export interface WorkflowsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  description: string | null;
  status: ColumnType<WorkflowStatus, WorkflowStatus | undefined, WorkflowStatus>;
  /** The definition format of server/automations/schema.ts. */
  draft_definition: Json<unknown>;
  settings: Json<unknown>;
  published_version: number | null;
  draft_changed: ColumnType<boolean, boolean | undefined, boolean>;
  template_key: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The inbound webhook's public id (its URL) and signing secret; null until first shown (2026_11_30_300). */
  hook_token: ColumnType<string | null, string | null | undefined, string | null>;
  hook_secret: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A published definition, never changed: the runs started on it keep following it. */
export interface WorkflowVersionsTable {
  id: Generated<string>;
  organization_id: string;
  workflow_id: string;
  version: number;
  definition: Json<unknown>;
  settings: Json<unknown>;
  published_by: string | null;
  published_at: Timestamp;
}

/** One enrolment of a contact in a workflow. */
export interface WorkflowRunsTable {
  id: Generated<string>;
  organization_id: string;
  workflow_id: string;
  version: number;
  contact_id: string | null;
  status: WorkflowRunStatus;
  /** The step to run next, or the one being waited on; null once ended. */
  current_step_id: string | null;
  trigger: string;
  trigger_event_id: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** What the trigger carried (an inbound webhook's JSON body): If/Else reads it as event.<field>. */
  trigger_payload: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  steps_taken: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  updated_at: Timestamp;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One executed step of a run: what, when, why, output, error. */
export interface WorkflowRunStepsTable {
  id: Generated<string>;
  organization_id: string;
  run_id: string;
  workflow_id: string;
  step_id: string;
  step_type: string;
  outcome: WorkflowStepOutcome;
  detail: string;
  branch: string | null;
  output: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  created_at: Timestamp;
}

/** A run's wait: the due time is the truth; the queue only wakes it. */
export interface WorkflowTimersTable {
  run_id: string;
  organization_id: string;
  step_id: string;
  due_at: Timestamp;
  awaits_event: string | null;
  created_at: Timestamp;
  /** Its run is paused, or its workflow is (2026_12_04_300): kept, but out of the wake's due index until resumed. */
  held: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A side effect claimed before the provider is called, unique per (run, step, attempt). */
export interface WorkflowStepEffectsTable {
  id: Generated<string>;
  organization_id: string;
  run_id: string;
  step_id: string;
  attempt: number;
  kind: string;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/**
 * A trigger whose cause is time (db/migrations/2026_11_30_300_automation_triggers.ts): a schedule's
 * next occurrence, a task's due time, an appointment's relative time. Unique by key; the job that
 * fires it deletes it in the enrolling transaction.
 */
export interface WorkflowTriggerTimersTable {
  id: Generated<string>;
  organization_id: string;
  key: string;
  kind: 'schedule' | 'task_overdue' | 'appointment';
  workflow_id: string | null;
  version: number | null;
  trigger_index: number | null;
  subject_id: string | null;
  due_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

export interface WorkflowRoundRobinTable {
  organization_id: string;
  workflow_id: string;
  step_id: string;
  next_index: ColumnType<number, number | undefined, number>;
}

// ——— Idempotency keys of /api/v1 POSTs (db/migrations/2026_11_28_900_idempotency_keys.ts) ———

/** A POST's Idempotency-Key, per organization and caller (`key:<api key id>` or `user:<user id>`). */
export interface IdempotencyKeysTable {
  organization_id: string;
  caller: string;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  request_hash: string;
  /** Null while the first request runs. */
  status: number | null;
  response_body: string | null;
  response_headers: Json<Record<string, string>> | null;
  created_at: Timestamp;
}

// ——— Outbound webhooks (db/migrations/2026_11_28_500_webhooks.ts) ———

export type WebhookDeliveryState = 'pending' | 'sending' | 'retrying' | 'delivered' | 'failed' | 'cancelled';

/** An organization's webhook endpoint: where, which public event types, and its signing secrets. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  organization_id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** Public event type names (contact.created, …). */
  event_types: Json<string[]>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  /** Sealed (server/kernel/secrets.ts); a row written before decision 038 holds it in clear until start-up seals it. */
  secret: string;
  /** The secret's last 4 characters, shown to tell secrets apart. */
  secret_hint: ColumnType<string, string | undefined, string>;
  previous_secret: string | null;
  previous_secret_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An organization's settings of one provider (Settings → Integrations, docs/decisions/038); written only through server/kernel/provider-settings.ts. */
export interface ProviderSettingsTable {
  organization_id: string;
  provider: 'twilio' | 'smtp' | 'stripe' | 'kit';
  /** What may be shown (account SID, host, …). */
  settings: Json<Record<string, unknown>>;
  /** The sealed JSON of the credentials. */
  secrets: string;
  /** Each credential's last 4 characters, by field. */
  secret_hints: Json<Record<string, string>>;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event for one endpoint, sent by jobs in record order. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  organization_id: string;
  endpoint_id: string;
  event_id: ColumnType<string | null, number | string | null, number | string | null>;
  message_id: string;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  record_key: string;
  sequence: ColumnType<string, never, never>;
  state: ColumnType<WebhookDeliveryState, WebhookDeliveryState | undefined, WebhookDeliveryState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  window_started_at: Timestamp;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The delivery log: one attempt's request and answer. */
export interface WebhookDeliveryAttemptsTable {
  id: Generated<string>;
  organization_id: string;
  delivery_id: string;
  attempt: number;
  request_headers: Json<Record<string, string>>;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

/** Commands run from the palette or the Voice Command Center, and voice on/off (issue #21). */
export interface CommandEventsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  event: 'voice_toggle' | 'command_spoken' | 'command_manual';
  value: number;
  utterance: string | null;
  source: string | null;
  intent: string | null;
  summary: string | null;
  link: string | null;
  created_at: Timestamp;
  /** Insertion order: breaks ties of created_at in the history (migration 2026_12_08_400). */
  sequence: Generated<number>;
}

// ——— Calendars and booking pages (db/migrations/2026_11_28_600_calendars.ts) ———

export type CalendarKind = 'personal' | 'round_robin' | 'collective';
export type CalendarBookingStatus = 'confirmed' | 'cancelled';

/** The organization's handle in public booking links. */
export interface BookingHandlesTable {
  organization_id: string;
  slug: string;
  created_at: Timestamp;
}

export interface CalendarsTable {
  id: Generated<string>;
  organization_id: string;
  slug: string;
  name: string;
  description: string | null;
  kind: CalendarKind;
  slot_minutes: number;
  buffer_before_minutes: ColumnType<number, number | undefined, number>;
  buffer_after_minutes: ColumnType<number, number | undefined, number>;
  minimum_notice_minutes: ColumnType<number, number | undefined, number>;
  maximum_per_day: number | null;
  horizon_days: ColumnType<number, number | undefined, number>;
  location: string | null;
  /** The booking form's questions (server/calendars/schema.ts ZBookingQuestion[]). */
  questions: Json<unknown>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's availability on a calendar, in the member's time zone. */
export interface CalendarMembersTable {
  organization_id: string;
  calendar_id: string;
  user_id: string;
  position: number;
  time_zone: string;
  /** ZWeeklyAvailability of server/calendars/schema.ts. */
  weekly: Json<unknown>;
  /** ZDateOverride[] of server/calendars/schema.ts. */
  overrides: Json<unknown>;
  last_booked_at: Date | null;
}

export interface CalendarBookingsTable {
  id: Generated<string>;
  organization_id: string;
  calendar_id: string;
  contact_id: string | null;
  starts_at: Date;
  ends_at: Date;
  /** The visitor's zone, for the times their messages show. */
  time_zone: string;
  name: string;
  email: string;
  phone: string | null;
  answers: Json<Record<string, string>>;
  status: ColumnType<CalendarBookingStatus, CalendarBookingStatus | undefined, CalendarBookingStatus>;
  /** Random; signs the booking's reschedule and cancel links. */
  signing_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CalendarBookingAppointmentsTable {
  organization_id: string;
  booking_id: string;
  appointment_id: string;
  user_id: string;
}

// ——— Campaigns (db/migrations/2026_11_28_400_campaigns.ts) ———

export type CampaignChannel = 'email' | 'sms';
export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';
export type CampaignRecipientStatus = 'pending' | 'queued' | 'sent' | 'delivered' | 'bounced' | 'failed' | 'suppressed' | 'skipped' | 'cancelled';

/** A broadcast: its audience (server/campaigns/schema.ts ZAudience), its message and where it stands. */
export interface CampaignsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  channel: CampaignChannel;
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  audience: Json<unknown>;
  email_subject: string | null;
  email_content: ColumnType<unknown, string | null | undefined, string | null>;
  sms_body: string | null;
  ab_test: ColumnType<unknown, string | null | undefined, string | null>;
  ab_winner: 'a' | 'b' | null;
  scheduled_at: Date | null;
  recipient_local_time: string | null;
  tracking_key: ColumnType<string, string, never>;
  started_at: Date | null;
  finished_at: Date | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The campaign's outbox: one row per address and channel, claimed once by the sending job. */
export interface CampaignRecipientsTable {
  id: Generated<string>;
  organization_id: string;
  campaign_id: string;
  contact_id: string | null;
  channel: CampaignChannel;
  address: string;
  time_zone: string | null;
  status: ColumnType<CampaignRecipientStatus, CampaignRecipientStatus | undefined, CampaignRecipientStatus>;
  variant: 'a' | 'b' | null;
  held: ColumnType<boolean, boolean | undefined, boolean>;
  due_at: ColumnType<Date, Date | string, Date | string>;
  email_message_id: string | null;
  sms_message_id: string | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An open (pixel) or click (signed link) of a recipient; machine opens flagged. */
export interface CampaignEventsTable {
  id: Generated<string>;
  organization_id: string;
  campaign_id: string;
  recipient_id: string;
  type: 'open' | 'click';
  machine: ColumnType<boolean, boolean | undefined, boolean>;
  url: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

/** One dispatch run's hand-over to one recipient domain (db/migrations/2026_12_04_400_campaign_domain_window.ts). */
export interface CampaignDomainSendsTable {
  organization_id: string;
  domain: string;
  handed_at: Date;
  handed: number;
}

/** Static lists of contacts a campaign's audience can name (db/migrations/2026_12_04_410_campaign_lists.ts). */
export interface CampaignListsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignListMembersTable {
  organization_id: string;
  list_id: string;
  contact_id: string;
  added_at: Timestamp;
}

// ——— Websites (db/migrations/2026_12_02_100_sites.ts) ———

export interface SitesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  /** The public handle: /s/<handle>; unique across organizations. */
  handle: string;
  /** ZSiteSettings of server/sites/schema.ts. */
  settings: Json<unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SitePagesTable {
  id: Generated<string>;
  organization_id: string;
  site_id: string;
  /** '/' or '/segment(/segment)*', unique per site. */
  path: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  og_image: string | null;
  noindex: ColumnType<boolean, boolean | undefined, boolean>;
  /** The editor's page data (Puck Data of server/sites/blocks/schema.ts). */
  draft: Json<unknown>;
  draft_updated_at: Timestamp;
  published_version_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A published version of a page: immutable once written. */
export interface SitePageVersionsTable {
  id: Generated<string>;
  organization_id: string;
  page_id: string;
  number: number;
  data: Json<unknown>;
  html: string;
  /** sha256 of the html. */
  etag: string;
  /** The site's custom code as published with this version, served as its own sandboxed document at <site>/_code/<id>; null: none. */
  custom_code: string | null;
  published_at: Timestamp;
  published_by_user_id: string | null;
}

export interface SiteDomainsTable {
  id: Generated<string>;
  organization_id: string;
  site_id: string;
  domain: string;
  verification_token: string;
  verified_at: Date | null;
  created_at: Timestamp;
}

export interface SiteAssetsTable {
  id: Generated<string>;
  organization_id: string;
  site_id: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  created_at: Timestamp;
}

/** A Payment block's order (db/migrations/2026_12_03_700_site_orders.ts): opened at checkout, paid once. */
export interface SiteOrdersTable {
  id: Generated<string>;
  organization_id: string;
  site_id: string;
  page_id: string | null;
  block_id: string;
  funnel_id: string | null;
  step_id: string | null;
  variant_id: string | null;
  day: ColumnType<string, string, string>;
  visitor_hash: string;
  product_name: string;
  amount_minor: ColumnType<string, number | string, number | string>;
  currency: string;
  provider: 'stripe' | 'sandbox';
  checkout_session_id: string;
  status: ColumnType<'open' | 'paid', 'open' | 'paid' | undefined, 'open' | 'paid'>;
  email: string | null;
  contact_id: string | null;
  success_url: string;
  paid_at: Date | null;
  created_at: Timestamp;
}

// ——— Funnels (db/migrations/2026_12_02_200_funnels.ts) ———

export interface FunnelsTable {
  id: Generated<string>;
  organization_id: string;
  site_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A funnel's step: its 0-based position and its control page. */
export interface FunnelStepsTable {
  id: Generated<string>;
  organization_id: string;
  funnel_id: string;
  position: number;
  name: string;
  page_id: string;
  created_at: Timestamp;
}

/** A step's page shown to a share of visitors (weight); the control page is one of them. */
export interface FunnelVariantsTable {
  id: Generated<string>;
  organization_id: string;
  step_id: string;
  page_id: string;
  weight: ColumnType<number, number | undefined, number>;
  winner: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** One visitor (daily salted hash) on one variant on one day: opted in, purchases. */
export interface FunnelVisitsTable {
  organization_id: string;
  funnel_id: string;
  step_id: string;
  variant_id: string;
  day: ColumnType<string, string, string>;
  visitor_hash: string;
  opted_in: ColumnType<boolean, boolean | undefined, boolean>;
  purchases: ColumnType<number, number | undefined, number>;
  revenue_cents: ColumnType<string, number | string | undefined, number | string>;
}

/** The counting's installation secrets: 'assignment' and each day's 'visitor:<day>' salt. */
export interface FunnelSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface Database {
  funnels: FunnelsTable;
  funnel_steps: FunnelStepsTable;
  funnel_variants: FunnelVariantsTable;
  funnel_visits: FunnelVisitsTable;
  funnel_secrets: FunnelSecretsTable;
}
