import { SelectField, TextField } from '../../../../components/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { AB_METRICS, ZAbTest, type TEmailBlock } from '../../../../lib/campaigns-schema';
import type { z } from 'zod';

export type AbTestDraft = z.output<typeof ZAbTest>;
/** What a test varies: the subject line, the body, or both. */
export type AbTestVaries = 'subject' | 'body' | 'both';

export const METRIC_LABELS: Record<(typeof AB_METRICS)[number], string> = { opens: 'Opens by people (machine opens left out)', clicks: 'Clicks by people', replies: 'Replies' };
const VARIES_LABELS: Record<AbTestVaries, string> = { subject: 'The subject line', body: 'The body', both: 'The subject line and the body' };

/** What a new test starts from: a tenth of the audience each way, decided by opens after four hours. */
const NEW_TEST = (subject: string): AbTestDraft => ({ subjectB: subject, sharePercent: 20, metric: 'opens', waitHours: 4 });

export const variesOf = (test: { subjectB?: string; contentB?: unknown }): AbTestVaries => (test.contentB === undefined ? 'subject' : test.subjectB === undefined ? 'body' : 'both');

/** Body B's blocks when it is made of blocks (the editor's), else null (none, or HTML sent through the API). */
export const bodyBBlocks = (test: AbTestDraft | null): TEmailBlock[] | null =>
  test?.contentB?.kind === 'blocks' && Array.isArray(test.contentB.blocks) ? (test.contentB.blocks as TEmailBlock[]) : null;

/** The test's fields that break the server's rule (ZAbTest), by `abTest.<field>`: shown as typed, and saving waits for them. */
export function abTestErrors(test: AbTestDraft | null): Record<string, string> {
  if (!test) return {};
  const parsed = ZAbTest.safeParse(test);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [`abTest.${issue.path.join('.')}`, issue.message]));
}

/**
 * The A/B test of an e-mail campaign: the test's share of the audience gets version A or B half and
 * half — B differing in its subject line, its body or both — and after the set hours the variant with
 * more of the chosen metric goes to the rest. Body B starts as a copy of A's blocks and is edited in
 * the block editor (the editor's A | B switch); `blocks` is null for an HTML body, which has no body test here.
 */
export function AbTestForm({
  test,
  subject,
  blocks,
  onChange,
  errors: saved,
}: {
  test: AbTestDraft | null;
  subject: string;
  blocks: TEmailBlock[] | null;
  onChange: (test: AbTestDraft | null) => void;
  errors: Record<string, string>;
}) {
  const errors = { ...saved, ...abTestErrors(test) };
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  const vary = (varies: AbTestVaries) => {
    if (!test) return;
    const { subjectB, contentB, ...rest } = test;
    onChange({
      ...rest,
      ...(varies !== 'body' ? { subjectB: subjectB ?? subject } : {}),
      ...(varies !== 'subject' ? { contentB: contentB ?? { kind: 'blocks', blocks: structuredClone(blocks ?? []) } } : {}),
    });
  };
  const varies = test ? variesOf(test) : 'subject';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">A/B test</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={test !== null} onChange={(e) => onChange(e.target.checked ? NEW_TEST(subject) : null)} />
          <span>Test a second version on part of the audience, then send the winner to the rest</span>
        </label>
        {test ? (
          <>
            {blocks !== null || varies !== 'subject' ? (
              <SelectField label="What the test varies" value={varies} onChange={(e) => vary(e.target.value as AbTestVaries)}>
                {(Object.keys(VARIES_LABELS) as AbTestVaries[]).map((option) => (
                  <option key={option} value={option}>
                    {VARIES_LABELS[option]}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {test.subjectB !== undefined ? (
              <TextField
                label="Subject B"
                value={test.subjectB}
                onChange={(e) => onChange({ ...test, subjectB: e.target.value })}
                error={errors['abTest.subjectB']}
                hint="Subject A is the campaign’s subject above."
              />
            ) : null}
            {test.contentB !== undefined ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">
                {test.contentB.kind === 'blocks' ? 'Body B: choose B above the blocks to edit it; it started as a copy of body A.' : 'Body B is HTML sent through the API; it is sent as it is.'}
              </p>
            ) : null}
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
