import { CalendarRangeIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ZReportRange } from '../../../../../server/analytics/schema';
import { TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { type FieldErrors, validateForm } from '../../../../lib/forms';
import { PERIOD_KEYS, PERIOD_LABELS, type PeriodKey, type ReportRange } from '../analytics/search';

type Choice = PeriodKey | 'custom';
const OPTIONS: { value: Choice; label: string; description: string }[] = [
  ...PERIOD_KEYS.map((key) => ({ value: key, label: PERIOD_LABELS[key].short, description: PERIOD_LABELS[key].long })),
  { value: 'custom', label: 'Custom', description: 'Custom range' },
];

/**
 * The reports' period: a preset (7d / 30d / 90d / 1y) or a custom from–to range (at most two years),
 * checked with the server's own range rules before it goes to the URL.
 */
export function RangePicker({
  range,
  shown,
  today,
  onPreset,
  onCustom,
}: {
  range: ReportRange;
  /** The dates the current figures cover, to start a custom range from. */
  shown: { from: string; to: string } | undefined;
  today: string;
  onPreset: (period: PeriodKey) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const custom = 'from' in range;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => ({ from: custom ? range.from : (shown?.from ?? today), to: custom ? range.to : (shown?.to ?? today) }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const open = custom || editing;

  function choose(choice: Choice) {
    if (choice === 'custom') {
      setValues({ from: shown?.from ?? today, to: shown?.to ?? today });
      setEditing(true);
      return;
    }
    setEditing(false);
    setErrors({});
    onPreset(choice);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZReportRange, { from: values.from || undefined, to: values.to || undefined });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setEditing(false);
    onCustom(values.from, values.to);
  }

  return (
    <div className="flex flex-col items-start gap-3 sm:items-end">
      <SegmentedControl label="Period" value={open ? 'custom' : (range as { period: PeriodKey }).period} onValueChange={choose} options={OPTIONS} />
      {open ? (
        <form noValidate onSubmit={apply} aria-label="Custom range" className="flex flex-wrap items-start gap-2">
          <TextField
            label="From"
            type="date"
            name="from"
            max={values.to || undefined}
            value={values.from}
            onChange={(e) => setValues((v) => ({ ...v, from: e.target.value }))}
            error={errors.from}
            className="w-40"
          />
          <TextField
            label="To"
            type="date"
            name="to"
            min={values.from || undefined}
            value={values.to}
            onChange={(e) => setValues((v) => ({ ...v, to: e.target.value }))}
            error={errors.to ?? errors.period}
            className="w-40"
          />
          <Button type="submit" variant="outline" className="mt-6.5">
            <CalendarRangeIcon className="size-4" aria-hidden />
            Apply range
          </Button>
        </form>
      ) : null}
    </div>
  );
}
