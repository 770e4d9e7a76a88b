import { z } from 'zod';
import { SMS_MAX_LENGTH } from '../phone/sms';

/**
 * The form of Settings → SMS: the rules of the organization's SMS settings, which
 * organizations/settings.ts reads and writes. Pure (zod only): sms/schema.ts re-exports it for its
 * doors and the client, and the settings module uses it without depending on the SMS domain.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 21:00');
export const ZUpdateSmsSettingsInput = z.strictObject({
  quietHours: z
    .strictObject({ start: clock, end: clock })
    .refine((q) => q.start !== q.end, 'start and end must differ')
    .nullable()
    .optional(),
  helpText: z.string().trim().min(1, 'must not be empty').max(SMS_MAX_LENGTH, `must be at most ${SMS_MAX_LENGTH} characters`).optional(),
});
export type TUpdateSmsSettingsInput = z.infer<typeof ZUpdateSmsSettingsInput>;
