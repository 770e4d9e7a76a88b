import { UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { trackEvent } from '../../../../lib/analytics';
import { BULK_MAX_RECIPIENTS, recipientLines } from '../../../../lib/sms-schema';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { BatchProgress } from './batch-progress';
import { missingInformation, toastSendError } from './feedback';
import { MessageField } from './message-field';

type BulkResult = { to: string; status: string; error?: string };

/** Bulk: one message to many numbers, one per line (spec §2.10, §5), then the batch's live progress. */
export function BulkTab({ canSend }: { canSend: boolean }) {
  const numbersId = useId();
  const [numbers, setNumbers] = useState('');
  const [message, setMessage] = useState('');
  const [addUnknownAsContacts, setAddUnknownAsContacts] = useState(false);
  const [last, setLast] = useState<{ batchId: string; rejected: BulkResult[] } | null>(null);
  const detected = recipientLines(numbers).length;
  const utils = trpc.useUtils();
  const send = trpc.sms.bulkSend.useMutation({
    onSuccess: (result) => {
      // Accepted is not sent: the batch's progress below says when the queue has drained.
      toast({ title: 'Bulk SMS queued', description: `${result.successful} ${result.successful === 1 ? 'message' : 'messages'} queued for sending, ${result.failed} not sent` });
      trackEvent('bulk_sms_sent', { category: 'SMS', value: result.successful });
      setLast({ batchId: result.batchId, rejected: result.results.filter((r) => r.status === 'invalid' || r.status === 'refused') });
      setNumbers('');
      setMessage('');
      void utils.sms.invalidate();
    },
    onError: (error) => toastSendError(error, { failedTitle: 'Bulk SMS Error', errorTitle: 'Bulk SMS Error', fallback: 'Failed to send bulk SMS' }),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!numbers.trim() || !message.trim()) return missingInformation('Please enter both phone numbers and message');
    const recipients = recipientLines(numbers);
    if (recipients.length === 0) {
      toast({ title: 'No Phone Numbers', description: 'Please enter at least one phone number', variant: 'destructive' });
      return;
    }
    send.mutate({ recipients, message, addUnknownAsContacts });
  }

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Bulk send</CardTitle>
          <CardDescription>The same message to up to {BULK_MAX_RECIPIENTS.toLocaleString('en-US')} numbers. Opted-out and invalid numbers are skipped and listed.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={numbersId}>Phone numbers (one per line)</Label>
              <Textarea id={numbersId} rows={6} value={numbers} onChange={(e) => setNumbers(e.target.value)} placeholder={'+15551234567\n+15559876543'} aria-describedby={`${numbersId}-count`} />
              <p id={`${numbersId}-count`} className="text-xs text-gray-600 dark:text-gray-400" data-testid="bulk-count">
                {detected} {detected === 1 ? 'number' : 'numbers'} detected
              </p>
            </div>
            <div className="flex items-start gap-2">
              <Checkbox id={`${numbersId}-add`} checked={addUnknownAsContacts} onChange={(e) => setAddUnknownAsContacts(e.target.checked)} className="mt-0.5" />
              <Label htmlFor={`${numbersId}-add`} className="font-normal">
                Add numbers that match no contact as new contacts
                <span className="block text-xs text-gray-600 dark:text-gray-400">Otherwise they get the message without a contact being created.</span>
              </Label>
            </div>
            <MessageField value={message} onChange={setMessage} />
            <div>
              <Button type="submit" disabled={send.isPending || !canSend}>
                <UsersIcon className="size-4" aria-hidden />
                {send.isPending ? 'Sending...' : 'Send Bulk SMS'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {last ? <BatchProgress batchId={last.batchId} rejected={last.rejected} /> : null}
    </div>
  );
}
