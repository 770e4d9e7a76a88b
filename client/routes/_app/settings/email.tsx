import { createFileRoute } from '@tanstack/react-router';
import { NoAccess, SectionLoading } from '../../../components/settings-section';
import { useCan, useMe } from '../../../lib/auth';
import { DeliverySection } from '../-components/email-settings/delivery';
import { OutboxSection } from '../-components/email-settings/outbox';
import { SenderSection } from '../-components/email-settings/sender';
import { SuppressionsSection } from '../-components/email-settings/suppressions';

export const Route = createFileRoute('/_app/settings/email')({
  staticData: { title: 'E-mail' },
  component: EmailSettingsPage,
});

/** Settings → E-mail (admins, email:manage): who the organization's e-mails come from, how they leave, what left, and who must not get any. */
function EmailSettingsPage() {
  const { data: me } = useMe();
  const canManage = useCan('email:manage');
  if (!me) return <SectionLoading />;
  if (!canManage) return <NoAccess>Your role does not allow managing e-mail settings (email:manage is required). Ask an Admin or Super Admin.</NoAccess>;
  const timeZone = me.user.preferences.timezone;
  return (
    <div className="grid gap-6">
      <SenderSection />
      <DeliverySection userEmail={me.user.email} />
      <OutboxSection timeZone={timeZone} />
      <SuppressionsSection timeZone={timeZone} />
    </div>
  );
}
