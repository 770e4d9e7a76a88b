import { z } from 'zod';

export const ZListNotificationsInput = z.object({ limit: z.number().int().min(1).max(100).default(20), unreadOnly: z.boolean().default(false) }).default({ limit: 20, unreadOnly: false });
export const ZNotificationIdInput = z.object({ id: z.uuid('must be a notification id') });
export type TNotificationIdInput = z.input<typeof ZNotificationIdInput>;
