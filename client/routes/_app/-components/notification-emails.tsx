import {
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_EMAIL_LABELS,
  NOTIFICATION_EMAIL_MODE_LABELS,
  NOTIFICATION_EMAIL_MODES,
  type NotificationEmailKind,
  type NotificationEmailMode,
  ZNotificationEmailPreferencesInput,
} from '../../../../server/notifications/schema';
import { SelectField } from '../../../components/form';
import { SectionLoading, SettingsSection } from '../../../components/settings-section';
import { errorMessageOf } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';

/** What each kind is about, under its label. */
const HINTS: Record<NotificationEmailKind, string> = {
  contact_created: 'A contact is added',
  deal_won: 'A deal is won',
  automation_completed: 'An automation finishes running',
  automation_failed: 'A run of a workflow you own fails',
  assigned: 'Someone else gives you a contact, deal or task',
};

/** Settings → Profile: which notifications also come by e-mail, per kind off, at once or in the morning digest. */
export function NotificationEmailsSection() {
  const utils = trpc.useUtils();
  const settings = trpc.notifications.emailPreferences.useQuery();
  const update = trpc.notifications.updateEmailPreferences.useMutation({
    onSuccess: (saved) => {
      utils.notifications.emailPreferences.setData(undefined, saved);
      toast({ title: 'E-mail preference saved' });
    },
    onError: (failure) => toast({ title: errorMessageOf(failure, 'Could not save the e-mail preference'), variant: 'destructive' }),
  });

  function choose(kind: NotificationEmailKind, mode: NotificationEmailMode) {
    const parsed = ZNotificationEmailPreferencesInput.safeParse({ [kind]: mode });
    if (parsed.success) update.mutate(parsed.data);
  }

  return (
    <div id="notification-emails">
      <SettingsSection
        title="Notification e-mails"
        description="Also receive these notifications by e-mail: each one as it happens, or one digest at 08:00 in your time zone listing what happened since the last one."
      >
        {!settings.data ? (
          <SectionLoading />
        ) : (
          <div className="grid max-w-xl gap-4">
            {settings.data.addressVerified ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">Sent to {settings.data.address}.</p>
            ) : (
              <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
                Verify {settings.data.address} to receive notification e-mails: none are sent to an unverified address.
              </p>
            )}
            {NOTIFICATION_EMAIL_KINDS.map((kind) => (
              <SelectField
                key={kind}
                label={NOTIFICATION_EMAIL_LABELS[kind]}
                hint={HINTS[kind]}
                name={`notification-email-${kind}`}
                value={settings.data.modes[kind]}
                disabled={update.isPending}
                onChange={(e) => choose(kind, e.target.value as NotificationEmailMode)}
              >
                {NOTIFICATION_EMAIL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {NOTIFICATION_EMAIL_MODE_LABELS[mode]}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        )}
      </SettingsSection>
    </div>
  );
}
