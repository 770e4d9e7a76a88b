import type { OperationNodeSource } from 'kysely';
import type { Config } from '../config';
import type { Db, DatabaseHandle } from '../db';
import type { EventRule, EventType } from '../events/types';
import type { RequestMeta } from '../http/meta';
import type { Actor, ResolvedAuth } from './caller';
import type { Permission, PermissionRule } from './permissions';

/**
 * What the kernel needs from the domains but may not import: the assembly (server/assembly.ts)
 * installs it once, when it is loaded, from the domains' descriptions. The kernel's guards read it.
 */
export type KernelRegistry = {
  permissions: Readonly<Record<Permission, PermissionRule>>;
  events: Readonly<Record<EventType, EventRule>>;
  /** Resolves the caller of a request (the auth domain: session cookie or API key). */
  resolveCaller(deps: { database: DatabaseHandle; config: Config }, headers: Headers): Promise<ResolvedAuth>;
  /** The read-only rule (billing): refuses a change in an organization whose trial ended or subscription lapsed. */
  assertWritable(deps: { database: DatabaseHandle; config: Config }, organizationId: string): Promise<void>;
  /** Mutations a read-only organization may still make (by tRPC path). */
  isReadOnlyExempt(procedurePath: string): boolean;
  /** The organization setting "Sales Reps see only contacts and deals they own" (organizations). */
  repsSeeOwnOnly(db: Db, organizationId: string): Promise<boolean>;
  /** The domains' part of a new organization (its default pipeline, its trial), in the transaction that creates it. */
  onOrganizationCreated(trx: Db, organizationId: string, now: Date | undefined): Promise<void>;
  /** Creates the organization of a sign-up (auth) the one way organizations are created (organizations), in the transaction that creates its owner. */
  createSignupOrganization(trx: Db, input: SignupOrganization): Promise<{ id: string }>;
  /**
   * Brings a message's thread of the inbox (conversations) up to date, in the transaction that stores
   * the message: each channel (chat, sms, email) calls it, the inbox replies through the channels.
   * Many touches (a batch of e-mails) are written together.
   */
  touchConversation(trx: Db, touch: ConversationTouch | ConversationTouch[]): Promise<void>;
  /** touchConversation's statements, not run: for a channel that writes them with its messages in ONE statement (parts of a data-modifying WITH). */
  conversationTouchInserts(db: Pick<Db, 'insertInto'>, touch: ConversationTouch | ConversationTouch[]): OperationNodeSource[];
};

/**
 * A message stored on a channel, as its inbox thread sees it. The thread is found by its key: the
 * chat's conversation, the contact (SMS), the e-mail thread. An inbound message makes the thread
 * unread and opens it again; an outbound one (an answer) leaves it read.
 */
export type ConversationTouch = {
  organizationId: string;
  direction: 'inbound' | 'outbound';
  /** The message's text (cut to the preview's length). */
  preview: string;
  contactId: string | null;
} & ({ channel: 'chat'; chatConversationId: string } | { channel: 'sms'; contactId: string; phone: string } | { channel: 'email'; threadId: string });

/** The organization a sign-up asks for, with its owner: the new user, its first Super Admin. */
export type SignupOrganization = {
  name: string;
  /** The industry the sign-up came from (an industry landing page), if any: a key of server/industries, validated by the sign-up form. */
  industry: string | undefined;
  ownerUserId: string;
  actor: Actor;
  meta: RequestMeta;
};

let installed: KernelRegistry | undefined;

export function installRegistry(registry: KernelRegistry): void {
  installed = registry;
}

export function registry(): KernelRegistry {
  if (!installed) throw new Error('The kernel registry is not installed: import server/assembly.ts (createApp does) before serving requests');
  return installed;
}
