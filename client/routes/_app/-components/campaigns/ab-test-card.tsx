import { TrophyIcon } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatDateTime } from '../../../../lib/format';
import { METRIC_LABELS, variesOf } from './ab-test-form';
import type { Campaign, CampaignStats } from './labels';

type Variant = 'a' | 'b';
const FIGURES = [
  { key: 'openedHuman', label: 'Opened by people', metric: 'opens' },
  { key: 'clicked', label: 'Clicked', metric: 'clicks' },
  { key: 'replied', label: 'Replied', metric: 'replies' },
] as const;

const rate = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 1000) / 10}%` : '—');

/**
 * The A/B test's results in the report: what each variant varies, its recipients, opens by people,
 * clicks and replies with their rates (the deciding metric marked), and the winner — or, while the
 * test runs, when it is decided.
 */
export function AbTestCard({ campaign, stats }: { campaign: Campaign & { abTest: NonNullable<Campaign['abTest']> }; stats: CampaignStats | undefined }) {
  const test = campaign.abTest;
  const varies = variesOf(test);
  const version = (variant: Variant) => {
    const parts: string[] = [];
    if (varies !== 'body') parts.push(`Subject: “${variant === 'a' ? (campaign.email?.subject ?? '') : test.subjectB}”`);
    if (varies !== 'subject') parts.push(variant === 'a' ? 'Body A' : 'Body B');
    return parts.join(' · ');
  };
  const figuresOf = (variant: Variant) => stats?.variants.find((v) => v.variant === variant) ?? { recipients: 0, openedHuman: 0, clicked: 0, replied: 0 };
  const winner = stats?.winner ?? null;
  const decision = winner
    ? `Variant ${winner.toUpperCase()} won${stats?.abTestDecidesAt ? ` on ${formatDateTime(stats.abTestDecidesAt)}` : ''}; the rest of the audience got it.`
    : campaign.status === 'cancelled'
      ? 'The campaign was cancelled before a winner was chosen.'
      : stats?.abTestDecidesAt
        ? `The winner is chosen on ${formatDateTime(stats.abTestDecidesAt)}, then sent to the rest of the audience.`
        : `The winner is chosen ${test.waitHours} ${test.waitHours === 1 ? 'hour' : 'hours'} after sending starts, then sent to the rest of the audience.`;
  return (
    <Card data-testid="ab-test-card">
      <CardHeader>
        <CardTitle as="h2">A/B test</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {test.sharePercent}% of the audience, half each way. Decided by {METRIC_LABELS[test.metric].toLowerCase()}. A wins a tie.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="A/B test results">
            <thead>
              <tr className="border-b border-gray-200 text-left dark:border-gray-800">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Variant
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  What it varies
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Recipients
                </th>
                {FIGURES.map((figure) => (
                  <th key={figure.key} scope="col" className="py-2 pr-3 text-right font-medium">
                    {figure.label}
                    {figure.metric === test.metric ? <span className="text-indigo-600 dark:text-indigo-400"> (decides)</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['a', 'b'] as const).map((variant) => {
                const figures = figuresOf(variant);
                return (
                  <tr key={variant} className="border-b border-gray-100 dark:border-gray-800">
                    <th scope="row" className="py-2 pr-3 text-left font-semibold">
                      <span className="flex items-center gap-2">
                        {variant.toUpperCase()}
                        {winner === variant ? (
                          <Badge tone="green">
                            <TrophyIcon className="size-3" aria-hidden />
                            Winner
                          </Badge>
                        ) : null}
                      </span>
                    </th>
                    <td className="max-w-72 truncate py-2 pr-3" title={version(variant)}>
                      {version(variant)}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{figures.recipients.toLocaleString()}</td>
                    {FIGURES.map((figure) => (
                      <td key={figure.key} className={`py-2 pr-3 text-right tabular-nums ${figure.metric === test.metric ? 'font-semibold' : ''}`}>
                        {figures[figure.key].toLocaleString()} <span className="text-xs text-gray-600 dark:text-gray-400">({rate(figures[figure.key], figures.recipients)})</span>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-sm" data-testid="ab-test-decision">
          {decision}
        </p>
      </CardContent>
    </Card>
  );
}
