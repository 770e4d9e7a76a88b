import { FlaskConicalIcon, SendIcon, ServerIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { CopyField, FormAlert } from '../../../../components/form';
import { SectionLoading, SettingsSection } from '../../../../components/settings-section';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';

/** How e-mail leaves this server (sandbox or an SMTP host), a check of the connection, a test e-mail, and the DKIM record to publish. */
export function DeliverySection({ userEmail }: { userEmail: string }) {
  const transport = trpc.email.transport.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection
      title="Delivery"
      description="Which SMTP server this organization’s e-mail leaves through: the server’s SMTP_URL when set, else the organization’s own (Settings → Integrations), else the sandbox. This page shows it and checks it."
    >
      {transport.error ? (
        <FormAlert message={errorMessageOf(transport.error, 'Could not read the e-mail configuration')} />
      ) : !transport.data ? (
        <SectionLoading />
      ) : (
        <div className="grid gap-6">
          <TransportStatus transport={transport.data} userEmail={userEmail} />
          <DkimRecord dkim={transport.data.dkim} />
        </div>
      )}
    </SettingsSection>
  );
}

type Transport = { mode: 'smtp' | 'sandbox'; host: string | null; source: 'environment' | 'organization' | 'sandbox'; problem: string | null; defaultFrom: string; dkim: Dkim | null };

/** Which server sends, in words (never its credentials). */
const SOURCE_LABELS: Record<Transport['source'], string> = {
  environment: 'The server’s SMTP server (SMTP_URL)',
  organization: 'This organization’s own SMTP server (Settings → Integrations)',
  sandbox: 'Sandbox: no SMTP server',
};
type Dkim = { domain: string; selector: string; name: string; value: string };

function TransportStatus({ transport, userEmail }: { transport: Transport; userEmail: string }) {
  const utils = trpc.useUtils();
  const verify = trpc.email.verifyTransport.useMutation();
  const sendTest = trpc.email.sendTest.useMutation();
  const [check, setCheck] = useState<{ ok: boolean; detail: string } | null>(null);
  const sandbox = transport.mode === 'sandbox';

  async function runCheck() {
    try {
      setCheck(await verify.mutateAsync());
    } catch (failure) {
      showError(failure, 'Could not check the connection');
    }
  }

  async function runTest() {
    try {
      const sent = await sendTest.mutateAsync();
      void utils.email.list.invalidate();
      toast({ title: 'Test e-mail queued', description: sandbox ? `To ${sent.to}: open it in the outbox below.` : `To ${sent.to}.` });
    } catch (failure) {
      showError(failure, 'Could not send the test e-mail');
    }
  }

  return (
    <div className="grid gap-4" data-testid="email-transport">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="flex items-center gap-2">
          {sandbox ? <FlaskConicalIcon className="size-4 text-amber-600" aria-hidden /> : <ServerIcon className="size-4 text-gray-500" aria-hidden />}
          {sandbox ? <Badge tone="amber">Sandbox</Badge> : <Badge tone="indigo">SMTP</Badge>}
          {transport.host ? <span className="font-mono">{transport.host}</span> : null}
        </span>
        <span data-testid="email-transport-source">{SOURCE_LABELS[transport.source]}</span>
        <span className="text-gray-600 dark:text-gray-400">
          Default sender: <span className="font-mono">{transport.defaultFrom}</span>
        </span>
      </div>
      {transport.problem ? <FormAlert message={transport.problem} /> : null}
      {sandbox ? (
        <p className="max-w-2xl text-sm text-gray-600 dark:text-gray-400">
          Sandbox: e-mails go through the queue and their states, but never leave this server. Open them in the outbox below. Save an SMTP server in Settings → Integrations, or set SMTP_URL, to send
          for real.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void runCheck()} disabled={verify.isPending}>
          <ShieldCheckIcon className="size-4" aria-hidden />
          {verify.isPending ? 'Checking...' : 'Check connection'}
        </Button>
        <Button variant="outline" onClick={() => void runTest()} disabled={sendTest.isPending}>
          <SendIcon className="size-4" aria-hidden />
          {sendTest.isPending ? 'Sending...' : `Send a test e-mail to ${userEmail}`}
        </Button>
      </div>
      {check ? (
        <p role="status" className={check.ok ? 'text-sm text-green-700 dark:text-green-400' : 'text-sm text-red-700 dark:text-red-400'}>
          {check.ok ? 'Connection works' : 'Connection failed'}: {check.detail}
        </p>
      ) : null}
    </div>
  );
}

function DkimRecord({ dkim }: { dkim: Dkim | null }) {
  if (!dkim) {
    return (
      <p className="max-w-2xl text-sm text-gray-600 dark:text-gray-400">
        DKIM signing is off. Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (an RSA key in PEM) to sign every e-mail; this page then shows the DNS record to publish.
      </p>
    );
  }
  return (
    <div className="grid max-w-2xl gap-3" data-testid="dkim-record">
      <p className="text-sm text-gray-600 dark:text-gray-400">E-mails are signed with DKIM for {dkim.domain}. Publish this TXT record in the domain’s DNS so receivers can check the signature:</p>
      <CopyField label="Record name (TXT)" value={dkim.name} />
      <CopyField label="Record value" value={dkim.value} />
    </div>
  );
}
