import { Link } from '@tanstack/react-router';
import { InfoIcon, KanbanIcon } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { focusRing } from '../../../../components/ui/focus';
import { Select } from '../../../../components/ui/input';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { Tooltip } from '../../../../components/ui/tooltip';
import { cn } from '../../../../lib/cn';
import { formatMoney } from '../../../../lib/money';
import { formatCount, formatPercentValue, formatPoints, periodPhrase, previousPhrase } from './format';
import { Panel, PanelEmpty } from './panel';
import { TrendIndicator } from './trend';
import type { PipelineAnalysis, StageAnalysis } from './types';

/**
 * 'Sales Pipeline Analysis' (spec §2.4): per stage the deals, their value and the period's conversion
 * to the next stage, as bars with their numbers; totals, win rate and weighted value below.
 */
export function PipelinePanel({
  analysis,
  busy = false,
  pipelines,
  onPipelineChange,
}: {
  analysis: PipelineAnalysis;
  busy?: boolean;
  /** Offered when the organization has more than one pipeline. */
  pipelines?: { id: string; name: string }[];
  onPipelineChange?: (pipelineId: string) => void;
}) {
  const { pipeline, stages, totals, currency, period } = analysis;
  const maxValue = Math.max(0, ...stages.map((s) => s.valueMinor));
  const hasDeals = stages.some((s) => s.count > 0 || (s.reached ?? 0) > 0);
  const selector =
    pipeline && pipelines && pipelines.length > 1 && onPipelineChange ? (
      <label className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
        <span>Pipeline</span>
        <Select value={pipeline.id} onChange={(e) => onPipelineChange(e.target.value)} className="w-44">
          {pipelines.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </label>
    ) : null;

  return (
    <Panel
      title="Sales Pipeline Analysis"
      description={pipeline ? `${pipeline.name}: deals in each stage now, and how many moved on during ${periodPhrase(period)}.` : undefined}
      actions={selector}
      busy={busy}
    >
      {!pipeline ? (
        <PanelEmpty icon={KanbanIcon} title="No pipeline yet">
          Create a pipeline to follow deals from first contact to a win.
        </PanelEmpty>
      ) : !hasDeals ? (
        <PanelEmpty icon={KanbanIcon} title="No deals in this pipeline yet">
          Stage counts, values and conversion appear here as soon as deals are added and moved.{' '}
          <Link to="/pipeline" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Open the pipeline
          </Link>
        </PanelEmpty>
      ) : (
        <div className="flex flex-col gap-4">
          <Table aria-label={`Stages of ${pipeline.name}`}>
            <THead>
              <Tr>
                <Th>Stage</Th>
                <Th className="text-right">Deals</Th>
                <Th className="text-right">Value</Th>
                <Th className="min-w-48">
                  <span className="inline-flex items-center gap-1">
                    Conversion to next stage
                    <Tooltip content={analysis.conversionDefinition}>
                      <button
                        type="button"
                        aria-label="How conversion is calculated"
                        className={cn('inline-flex size-6 items-center justify-center rounded-md text-gray-400 normal-case hover:text-gray-700 dark:text-gray-500 dark:hover:text-gray-200', focusRing)}
                      >
                        <InfoIcon className="size-3.5" aria-hidden />
                      </button>
                    </Tooltip>
                  </span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {stages.map((stage) => (
                <StageRow key={stage.id} stage={stage} currency={currency} maxValue={maxValue} previousText={previousPhrase(period)} />
              ))}
            </TBody>
          </Table>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Total label="Open deals" value={formatCount(totals.openCount)} detail={formatMoney(totals.openValueMinor, currency)} />
            <Total label="Weighted value" value={formatMoney(totals.weightedValueMinor, currency)} detail="Value × stage probability" />
            <Total label="Won · Lost" value={`${formatCount(totals.wonCount)} · ${formatCount(totals.lostCount)}`} detail={`In ${periodPhrase(period)}`} />
            <Total
              label="Win rate"
              value={totals.winRate === null ? '—' : formatPercentValue(totals.winRate)}
              detail={totals.winRate === null ? 'No deals closed in this period' : 'Won ÷ closed in this period'}
            />
          </dl>
          {totals.excludedCount > 0 ? (
            <p className="text-xs text-amber-700 dark:text-amber-400">
              {totals.excludedCount} {totals.excludedCount === 1 ? 'deal' : 'deals'} in other currencies than {currency} are counted but left out of the values.
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function Total({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
      <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="font-semibold text-gray-900 tabular-nums dark:text-white">{value}</dd>
      <dd className="text-xs text-gray-500 dark:text-gray-400">{detail}</dd>
    </div>
  );
}

function StageRow({ stage, currency, maxValue, previousText }: { stage: StageAnalysis; currency: string; maxValue: number; previousText: string }) {
  const valueShare = maxValue > 0 ? (stage.valueMinor / maxValue) * 100 : 0;
  return (
    <Tr data-stage={stage.name}>
      <Td className="font-medium">
        <span className="flex flex-wrap items-center gap-2">
          {stage.name}
          {stage.kind === 'won' ? <Badge tone="green">Won in period</Badge> : stage.kind === 'lost' ? <Badge tone="gray">Lost in period</Badge> : null}
        </span>
      </Td>
      <Td className="text-right tabular-nums">{formatCount(stage.count)}</Td>
      <Td className="text-right tabular-nums">
        <span className="flex flex-col items-end gap-1">
          <span>{formatMoney(stage.valueMinor, currency)}</span>
          <span className="h-1.5 w-20 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden>
            <span className="block h-full rounded-full bg-sky-500" style={{ width: `${valueShare}%` }} />
          </span>
        </span>
      </Td>
      <Td>
        <Conversion stage={stage} previousText={previousText} />
      </Td>
    </Tr>
  );
}

function Conversion({ stage, previousText }: { stage: StageAnalysis; previousText: string }) {
  if (stage.kind !== 'open') return <span className="text-xs text-gray-500 dark:text-gray-400">Closed stage</span>;
  if (stage.conversion === null) {
    return <span className="text-xs text-gray-500 dark:text-gray-400">{stage.advanced === null ? 'Last open stage: deals close from here' : 'No deal entered this stage in the period'}</span>;
  }
  return (
    <div className="flex min-w-44 flex-col gap-1">
      <div className="flex items-center gap-2">
        <div
          role="meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={stage.conversion}
          aria-label={`${stage.name} conversion`}
          aria-valuetext={`${formatPercentValue(stage.conversion)}: ${stage.advanced} of ${stage.reached} deals moved on`}
          className="h-2 flex-1 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
        >
          <div className="h-full rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${Math.min(100, stage.conversion)}%` }} />
        </div>
        <span className="w-14 text-right text-sm font-medium tabular-nums">{formatPercentValue(stage.conversion)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
        <span>
          {stage.advanced} of {stage.reached} moved on
        </span>
        {stage.conversionChange !== null ? <TrendIndicator trend={stage.trend} better="higher" change={formatPoints(stage.conversionChange)} /> : <span>nothing to compare in {previousText}</span>}
      </div>
    </div>
  );
}
