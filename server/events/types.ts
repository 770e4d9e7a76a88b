import type { Permission } from '../auth/permissions';

/** Every domain event type, with the permission a member needs to receive it (null: every member). */
export const EVENT_PERMISSIONS = {
  contact_created: 'contacts:read',
  contact_updated: 'contacts:read',
  contact_deleted: 'contacts:read',
  deal_created: 'deals:read',
  deal_moved: 'deals:read',
  deal_won: 'deals:read',
  deal_lost: 'deals:read',
  deal_updated: 'deals:read',
  deal_deleted: 'deals:read',
  task_created: 'tasks:read',
  task_completed: 'tasks:read',
  task_reopened: 'tasks:read',
  task_updated: 'tasks:read',
  task_deleted: 'tasks:read',
  appointment_changed: 'appointments:read',
  automation_completed: 'automations:read',
  sms_received: 'sms:read',
  sms_status: 'sms:read',
  lead_captured: 'contacts:read',
  chat_message: 'contacts:read',
  import_finished: 'data:import',
  member_joined: 'members:read',
  member_left: 'members:read',
  user_joined: null,
  user_left: null,
} as const satisfies Record<string, Permission | null>;

export type EventType = keyof typeof EVENT_PERMISSIONS;

/** What a subscriber receives: small, the same object for every subscriber of the organization. */
export type RealtimeEvent = {
  id: number;
  organizationId: string;
  type: EventType;
  payload: Record<string, unknown>;
  actorUserId: string | null;
  createdAt: string;
};

export function mayReceive(permissions: readonly string[], type: EventType): boolean {
  const needed = EVENT_PERMISSIONS[type];
  return needed === null || permissions.includes(needed);
}
