import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ZAudience, type TAudience } from '../../../../lib/campaigns-schema';
import { renderTemplate, smsEncoding } from '../../../../lib/sms-schema';
import { fieldMessage } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { MessageField } from '../sms/message-field';
import { MergeFieldMenu } from './block-forms';

/** Carriers and the law (TCPA, CTIA) expect marketing texts to say how to stop them. */
const OPT_OUT_TEXT = 'Reply STOP to opt out.';
const saysHowToStop = (body: string) => /\bSTOP\b/i.test(body);

/**
 * The SMS campaign's text with merge fields, its encoding and segments (the SMS tool's counter, on
 * the text as the fallbacks fill it), the opt-out line, and the cost at the price per segment the
 * user's provider charges (typed here: the app does not know the contract's rate).
 */
export function SmsComposer({ body, onChange, error, audience }: { body: string; onChange: (body: string) => void; error: string | undefined; audience: TAudience }) {
  const [price, setPrice] = useState('');
  const filled = renderTemplate(body, {}).text;
  const info = smsEncoding(filled);
  const parsed = ZAudience.safeParse(useDeferredValue(audience));
  const count = trpc.campaigns.audienceCount.useQuery(
    { channel: 'sms', audience: parsed.success ? parsed.data : { match: 'all', conditions: [] } },
    { enabled: parsed.success, placeholderData: keepPreviousData },
  );
  const perSegment = Number(price);
  const recipients = count.data?.eligible ?? 0;
  const priced = price.trim() !== '' && Number.isFinite(perSegment) && perSegment >= 0;
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Message</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <MessageField value={body} onChange={onChange} />
          {error ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Message', error)}</p> : null}
          <MergeFieldMenu label="Insert a merge field into the message" onPick={(field) => onChange(`${body}{{${field} | }}`)} />
          {saysHowToStop(body) ? (
            <p className="text-sm text-green-700 dark:text-green-400">The message says how to opt out.</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2 text-sm text-amber-700 dark:text-amber-400" role="status">
              The message does not say how to opt out.
              <Button size="sm" variant="outline" onClick={() => onChange(`${body.trimEnd()} ${OPT_OUT_TEXT}`)}>
                Append “{OPT_OUT_TEXT}”
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Segments and cost</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="sms-estimate">
            <dt className="text-gray-600 dark:text-gray-400">Encoding</dt>
            <dd className="text-right">{info.encoding}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Segments per recipient</dt>
            <dd className="text-right tabular-nums">{info.segments}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Recipients</dt>
            <dd className="text-right tabular-nums">{count.data ? recipients.toLocaleString() : '…'}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Segments in all</dt>
            <dd className="text-right tabular-nums">{count.data ? (recipients * info.segments).toLocaleString() : '…'}</dd>
          </dl>
          <p className="text-xs text-gray-600 dark:text-gray-400">Counted with each merge field’s fallback; longer names can add a segment for some recipients.</p>
          <TextField
            label="Your price per segment"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="0.0079"
            hint="Your SMS provider’s rate for one segment."
          />
          {priced ? (
            <p data-testid="sms-cost">
              About {(perSegment * info.segments).toFixed(4)} per recipient, {(perSegment * info.segments * recipients).toFixed(2)} for the campaign.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
