import { keepPreviousData } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { SelectField } from '../../../../components/form';
import { SavedViewSelect } from '../../../../components/saved-view-select';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { trackEvent } from '../../../../lib/analytics';
import type { TAudience } from '../../../../lib/campaigns-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { BULK_MAX_RECIPIENTS, recipientLines } from '../../../../lib/sms-schema';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { BatchProgress } from './batch-progress';
import { missingInformation, toastSendError } from './feedback';
import { MessageField } from './message-field';

type BulkResult = { to: string; status: string; error?: string };
type BulkAnswer = { successful: number; failed: number; batchId: string; results: BulkResult[] };

/** Who the tab sends to besides pasted numbers: nobody else, the contacts with a tag, or a saved view's (the campaigns' segments). */
type Source = 'numbers' | 'tag' | 'saved_view';

function audienceOf(source: Source, tag: string, viewId: string): TAudience | null {
  if (source === 'tag') return tag ? { match: 'all', conditions: [{ type: 'tag', tag, negate: false }] } : null;
  if (source === 'saved_view') return viewId ? { match: 'all', conditions: [{ type: 'saved_view', savedViewId: viewId }] } : null;
  return null;
}

/** Bulk: one message to many numbers, one per line (spec §2.10, §5), or to a segment of contacts, then the batch's live progress. */
export function BulkTab({ canSend }: { canSend: boolean }) {
  const numbersId = useId();
  const [numbers, setNumbers] = useState('');
  const [message, setMessage] = useState('');
  const [source, setSource] = useState<Source>('numbers');
  const [tag, setTag] = useState('');
  const [viewId, setViewId] = useState('');
  const [addUnknownAsContacts, setAddUnknownAsContacts] = useState(false);
  const [last, setLast] = useState<{ batchId: string; rejected: BulkResult[] } | null>(null);
  const detected = recipientLines(numbers).length;
  const audience = audienceOf(source, tag, viewId);
  const tags = trpc.contacts.tags.useQuery({}, { enabled: source === 'tag' });
  const views = trpc.savedViews.list.useQuery(undefined, { enabled: source === 'saved_view' });
  const count = trpc.campaigns.smsSegmentCount.useQuery({ audience: audience ?? { match: 'all', conditions: [] } }, { enabled: audience !== null, placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const onSuccess = (result: BulkAnswer) => {
    // Accepted is not sent: the batch's progress below says when the queue has drained.
    toast({ title: 'Bulk SMS queued', description: `${result.successful} ${result.successful === 1 ? 'message' : 'messages'} queued for sending, ${result.failed} not sent` });
    trackEvent('bulk_sms_sent', { category: 'SMS', value: result.successful });
    setLast({ batchId: result.batchId, rejected: result.results.filter((r) => r.status === 'invalid' || r.status === 'refused') });
    setNumbers('');
    setMessage('');
    void utils.sms.invalidate();
    void utils.campaigns.smsSegmentCount.invalidate();
  };
  const onError = (error: unknown) => toastSendError(error, { failedTitle: 'Bulk SMS Error', errorTitle: 'Bulk SMS Error', fallback: 'Failed to send bulk SMS' });
  const send = trpc.sms.bulkSend.useMutation({ onSuccess, onError });
  const sendToSegment = trpc.campaigns.smsSegmentSend.useMutation({ onSuccess, onError });
  const pending = send.isPending || sendToSegment.isPending;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const recipients = recipientLines(numbers);
    if (source !== 'numbers') {
      if (!audience) return missingInformation(source === 'tag' ? 'Please choose a tag' : 'Please choose a saved view');
      if (!message.trim()) return missingInformation('Please enter a message');
      sendToSegment.mutate({ audience, recipients, message, addUnknownAsContacts });
      return;
    }
    if (!numbers.trim() || !message.trim()) return missingInformation('Please enter both phone numbers and message');
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
          <CardDescription>
            The same message to up to {BULK_MAX_RECIPIENTS.toLocaleString('en-US')} numbers, pasted or a segment’s contacts. Opted-out and invalid numbers are skipped and listed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <SelectField label="Send to" value={source} onChange={(e) => setSource(e.target.value as Source)}>
              <option value="numbers">Phone numbers I paste</option>
              <option value="tag">Contacts with a tag</option>
              <option value="saved_view">A saved view of contacts</option>
            </SelectField>
            {source === 'tag' ? (
              <SelectField label="Tag" value={tag} onChange={(e) => setTag(e.target.value)}>
                <option value="">Choose a tag…</option>
                {(tags.data?.items ?? []).map((t) => (
                  <option key={t.tag} value={t.tag}>
                    {t.tag}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {source === 'saved_view' ? <SavedViewSelect views={views.data} value={viewId} onChange={setViewId} placeholder="Choose a saved view…" /> : null}
            {audience ? (
              <div aria-live="polite" className="text-sm" data-testid="bulk-segment-count">
                {count.error ? (
                  <p className="text-red-600 dark:text-red-400">{errorMessageOf(count.error, 'Could not count the contacts')}</p>
                ) : count.data ? (
                  <p>
                    <span className="font-semibold tabular-nums">{count.data.reachable.toLocaleString()}</span> {count.data.reachable === 1 ? 'contact' : 'contacts'} will get the message
                    <span className="block text-xs text-gray-600 dark:text-gray-400">
                      {count.data.matched.toLocaleString()} matching · {count.data.noPhone.toLocaleString()} without a phone number · {count.data.optedOut.toLocaleString()} opted out
                    </span>
                  </p>
                ) : (
                  <p className="text-gray-600 dark:text-gray-400">Counting…</p>
                )}
              </div>
            ) : null}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={numbersId}>{source === 'numbers' ? 'Phone numbers (one per line)' : 'Also these phone numbers (optional, one per line)'}</Label>
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
              <Button type="submit" disabled={pending || !canSend}>
                <UsersIcon className="size-4" aria-hidden />
                {pending ? 'Sending...' : 'Send Bulk SMS'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {last ? <BatchProgress batchId={last.batchId} rejected={last.rejected} /> : null}
    </div>
  );
}
