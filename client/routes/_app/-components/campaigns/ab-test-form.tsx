import { SelectField, TextField } from '../../../../components/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { AB_METRICS, ZAbTest } from '../../../../lib/campaigns-schema';
import type { z } from 'zod';

export type AbTestDraft = z.output<typeof ZAbTest>;

const METRIC_LABELS: Record<(typeof AB_METRICS)[number], string> = { opens: 'Opens by people (machine opens left out)', clicks: 'Clicks by people', replies: 'Replies' };

/** What a new test starts from: a tenth of the audience each way, decided by opens after four hours. */
const NEW_TEST = (subject: string): AbTestDraft => ({ subjectB: subject, sharePercent: 20, metric: 'opens', waitHours: 4 });

/** The test's fields that break the server's rule (ZAbTest), by `abTest.<field>`: shown as typed, and saving waits for them. */
export function abTestErrors(test: AbTestDraft | null): Record<string, string> {
  if (!test) return {};
  const parsed = ZAbTest.safeParse(test);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [`abTest.${issue.path.join('.')}`, issue.message]));
}

/**
 * The subject-line A/B test of an e-mail campaign: the test's share of the audience gets subject A
 * or B half and half; after the set hours the variant with more of the chosen metric goes to the rest.
 */
export function AbTestForm({ test, subject, onChange, errors: saved }: { test: AbTestDraft | null; subject: string; onChange: (test: AbTestDraft | null) => void; errors: Record<string, string> }) {
  const errors = { ...saved, ...abTestErrors(test) };
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">A/B test</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={test !== null} onChange={(e) => onChange(e.target.checked ? NEW_TEST(subject) : null)} />
          <span>Test a second subject line on part of the audience, then send the winner to the rest</span>
        </label>
        {test ? (
          <>
            <TextField
              label="Subject B"
              value={test.subjectB}
              onChange={(e) => onChange({ ...test, subjectB: e.target.value })}
              error={errors['abTest.subjectB']}
              hint="Subject A is the campaign’s subject above."
            />
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField
                label="Share in the test (%)"
                type="number"
                min={2}
                max={50}
                value={Number.isNaN(test.sharePercent) ? '' : test.sharePercent}
                onChange={(e) => onChange({ ...test, sharePercent: number(e.target.value) })}
                error={errors['abTest.sharePercent']}
                hint="Split half and half between A and B."
              />
              <SelectField label="Winner by" value={test.metric} onChange={(e) => onChange({ ...test, metric: e.target.value as AbTestDraft['metric'] })} error={errors['abTest.metric']}>
                {AB_METRICS.map((metric) => (
                  <option key={metric} value={metric}>
                    {METRIC_LABELS[metric]}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Decide after (hours)"
                type="number"
                min={1}
                max={168}
                value={Number.isNaN(test.waitHours) ? '' : test.waitHours}
                onChange={(e) => onChange({ ...test, waitHours: number(e.target.value) })}
                error={errors['abTest.waitHours']}
                hint="A wins a tie."
              />
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
