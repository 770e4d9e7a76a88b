import { createFileRoute } from '@tanstack/react-router';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form';
import { SectionLoading, SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { showError, signOut, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { describeUserAgent } from '../../../lib/user-agent';
import { toast } from '../../../state/toast';

export const Route = createFileRoute('/_app/settings/sessions')({
  staticData: { title: 'Sessions' },
  component: SessionsPage,
});

type Session = { id: string; current: boolean; createdAt: string; expiresAt: string; ip: string | null; userAgent: string | null };

function SessionsPage() {
  const { data: me } = useMe();
  const sessions = trpc.auth.sessions.useQuery(undefined, { retryOnMount: false });
  const timeZone = me?.user.preferences.timezone;
  return (
    <SettingsSection title="Sessions" description="Where your account is signed in. Revoke a session you do not recognise; then change your password.">
      {sessions.error ? (
        <FormAlert message={errorMessageOf(sessions.error, 'Could not load your sessions')} />
      ) : !sessions.data ? (
        <SectionLoading />
      ) : (
        <ul aria-label="Sessions" className="-mx-6 divide-y divide-gray-100 border-t border-gray-100 dark:divide-gray-800 dark:border-gray-800">
          {sessions.data.map((s) => (
            <li key={s.id} aria-current={s.current ? 'true' : undefined} className="flex flex-wrap items-center gap-4 px-6 py-4">
              <MonitorSmartphoneIcon className="size-5 shrink-0 text-gray-400" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-gray-900 dark:text-white" title={s.userAgent ?? undefined}>
                  {describeUserAgent(s.userAgent)}
                  {s.current ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/50 dark:text-green-300">This device</span> : null}
                </p>
                <p className="text-gray-500 dark:text-gray-400">
                  IP {s.ip ?? 'unknown'} · Signed in {formatDateTime(s.createdAt, timeZone)} · Expires {formatDateTime(s.expiresAt, timeZone)}
                </p>
              </div>
              {s.current ? (
                <Button variant="outline" size="sm" onClick={() => void signOut()}>
                  Sign out
                </Button>
              ) : (
                <RevokeSession session={s} />
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function RevokeSession({ session }: { session: Session }) {
  const utils = trpc.useUtils();
  const revoke = trpc.auth.revokeSession.useMutation();
  const device = describeUserAgent(session.userAgent);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke the session on ${device}`}>
          Revoke
        </Button>
      }
      title="Revoke this session?"
      description={`${device} (IP ${session.ip ?? 'unknown'}) will be signed out at its next request.`}
      confirmLabel="Revoke session"
      pendingLabel="Revoking..."
      onConfirm={async () => {
        try {
          await revoke.mutateAsync({ id: session.id });
          toast({ title: 'Session revoked' });
          await utils.auth.sessions.invalidate();
        } catch (error) {
          showError(error, 'Could not revoke the session');
        }
      }}
    />
  );
}
