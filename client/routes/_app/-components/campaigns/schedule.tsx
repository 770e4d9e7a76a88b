import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { FormAlert, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/input';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { isWallTime, safeZone, zonedTimeToInstant } from '../../../../lib/zoned-time';
import { toast } from '../../../../state/toast';
import type { Campaign } from './labels';

type When = 'now' | 'at' | 'local';

/**
 * When the campaign goes: now, at a date and time in the organization's time zone, or at a time of
 * day in each recipient's own zone. Unsaved changes are saved first.
 */
export function ScheduleForm({ campaign, dirty, onSave, contentInvalid }: { campaign: Campaign; dirty: boolean; onSave: () => Promise<unknown>; contentInvalid: boolean }) {
  const organization = trpc.organizations.current.useQuery();
  const zone = safeZone(organization.data?.settings.timezone);
  const [when, setWhen] = useState<When>(campaign.recipientLocalTime ? 'local' : campaign.scheduledAt ? 'at' : 'now');
  const [date, setDate] = useState('');
  const [time, setTime] = useState(campaign.recipientLocalTime ?? '09:00');
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const done = async (saved: Campaign, title: string) => {
    utils.campaigns.get.setData({ id: saved.id }, saved);
    await utils.campaigns.list.invalidate();
    toast({ title });
  };
  const send = trpc.campaigns.send.useMutation({ onSuccess: (saved) => done(saved, 'Campaign sending') });
  const schedule = trpc.campaigns.schedule.useMutation({ onSuccess: (saved) => done(saved, 'Campaign scheduled') });
  const pending = send.isPending || schedule.isPending;
  const error = send.error ?? schedule.error;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (when !== 'now' && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isWallTime(time))) {
      setProblem('Date and time: choose a date and a time (HH:MM)');
      return;
    }
    if (dirty) await onSave();
    if (when === 'now') await send.mutateAsync({ id: campaign.id });
    else {
      // 'local': the date is read in the organization's zone; each recipient gets the time of day in theirs.
      const at = zonedTimeToInstant(date, when === 'at' ? time : '00:00', zone).toISOString();
      await schedule.mutateAsync({ id: campaign.id, at, ...(when === 'local' ? { recipientLocalTime: time } : {}) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send or schedule</CardTitle>
      </CardHeader>
      <CardContent>
        {campaign.status === 'scheduled' && campaign.scheduledAt ? (
          <p className="mb-3 text-sm" role="status">
            Scheduled for {formatDateTime(campaign.scheduledAt, zone)} ({zone}){campaign.recipientLocalTime ? `, at ${campaign.recipientLocalTime} in each recipient’s time zone` : ''}.
          </p>
        ) : null}
        <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">When</legend>
            {(
              [
                ['now', 'Send now'],
                ['at', `At a date and time (${zone})`],
                ['local', 'At a time of day in each recipient’s time zone'],
              ] as const
            ).map(([value, label]) => (
              <Label key={value} className="flex items-center gap-2 font-normal">
                <input type="radio" name="when" value={value} checked={when === value} onChange={() => setWhen(value)} className="accent-indigo-600" />
                {label}
              </Label>
            ))}
          </fieldset>
          {when !== 'now' ? (
            <div className="flex flex-wrap gap-3">
              <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              <TextField label={when === 'local' ? 'Time in each recipient’s zone' : 'Time'} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
          ) : null}
          <FormAlert message={problem ?? (error ? errorMessageOf(error, 'Could not send the campaign') : null)} />
          <Button type="submit" className="w-fit" disabled={pending || contentInvalid}>
            <SendIcon className="size-4" aria-hidden />
            {pending ? 'Working…' : when === 'now' ? 'Send now' : 'Schedule'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
