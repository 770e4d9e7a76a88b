import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { trackEvent } from '../../../../lib/analytics';
import { detailsOf, errorCodeOf } from '../../../../lib/errors';
import { PHONE_HINT, type SmsRecipientCandidate } from '../../../../lib/sms-schema';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { missingInformation, toastSendError } from './feedback';
import { MessageField } from './message-field';

/** Compose: one message to one number (spec §2.10, §4.7). */
export function ComposeTab({ canSend }: { canSend: boolean }) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  // A number several contacts share: the server names them and the sender picks whose it is.
  const [candidates, setCandidates] = useState<SmsRecipientCandidate[] | null>(null);
  const utils = trpc.useUtils();
  const send = trpc.sms.send.useMutation({
    onSuccess: (_result, input) => {
      toast({ title: 'SMS Sent Successfully', description: `Message delivered to ${input.to}` });
      trackEvent('sms_sent', { category: 'SMS' });
      setTo('');
      setMessage('');
      setCandidates(null);
      void utils.sms.invalidate();
    },
    onError: (error) => {
      const shared = detailsOf(error).candidates;
      if (errorCodeOf(error) === 'CONFLICT' && Array.isArray(shared)) return setCandidates(shared as SmsRecipientCandidate[]);
      toastSendError(error, { failedTitle: 'SMS Failed', errorTitle: 'SMS Error', fallback: 'Failed to send SMS' });
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!to.trim() || !message.trim()) return missingInformation('Please enter both phone number and message');
    send.mutate({ to: to.trim(), message });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send a message</CardTitle>
        <CardDescription>One text message to one phone number.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setCandidates(null);
            }}
            placeholder="+1 555 123 4567"
            hint={PHONE_HINT}
          />
          <MessageField value={message} onChange={setMessage} />
          {candidates ? (
            <fieldset className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-700 dark:bg-amber-950" aria-describedby="sms-shared-number">
              <legend id="sms-shared-number" className="px-1 font-medium text-amber-900 dark:text-amber-100">
                This number belongs to {candidates.length} contacts. Who is this message for?
              </legend>
              <div className="flex flex-wrap gap-2">
                {candidates.map((c) => (
                  <Button key={c.id} size="sm" variant="secondary" disabled={send.isPending || !canSend} onClick={() => send.mutate({ to: to.trim(), message, contactId: c.id })}>
                    Send to {c.name}
                  </Button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" disabled={send.isPending || !canSend}>
              <SendIcon className="size-4" aria-hidden />
              {send.isPending ? 'Sending...' : 'Send SMS'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
