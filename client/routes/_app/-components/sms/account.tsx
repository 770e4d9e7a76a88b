import { FlaskConicalIcon, PhoneIcon } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { trpc } from '../../../../lib/trpc';

/** Account status and numbers from the account call (spec §2.10); the sandbox says so plainly. */
export function AccountSummary() {
  const account = trpc.sms.account.useQuery();
  if (account.isError) {
    return (
      <Card className="p-4 text-sm text-red-700 dark:text-red-400" role="status">
        The SMS account could not be read: {account.error.message}
      </Card>
    );
  }
  const data = account.data;
  if (!data) return null;
  const sandbox = data.account.mode === 'sandbox';
  return (
    <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4 text-sm" data-testid="sms-account">
      <span className="flex items-center gap-2">
        {sandbox ? <FlaskConicalIcon className="size-4 text-amber-600" aria-hidden /> : null}
        <span className="font-medium">{data.account.friendlyName}</span>
        <Badge tone={data.account.status === 'active' ? 'green' : 'amber'}>{data.account.status}</Badge>
        {sandbox ? <Badge tone="amber">Sandbox</Badge> : <Badge tone="indigo">Twilio</Badge>}
      </span>
      {sandbox ? <span className="text-gray-600 dark:text-gray-400">Sandbox: messages go through the queue and are marked delivered, but never leave this server.</span> : null}
      <span className="flex flex-wrap items-center gap-2">
        <PhoneIcon className="size-4 text-gray-500" aria-hidden />
        <span className="sr-only">Phone numbers:</span>
        {data.phoneNumbers.map((n) => (
          <span key={n.phoneNumber} className="font-mono">
            {n.phoneNumber}
          </span>
        ))}
      </span>
    </Card>
  );
}
