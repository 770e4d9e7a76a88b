import { ArrowDownIcon, ArrowUpIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/assembly';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../confirm-dialog';
import { FormAlert, SelectField, TextField } from '../form';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../ui/table';
import { money, percent } from './labels';
import { StepChart, VariantChart } from './step-chart';

type Outputs = inferRouterOutputs<AppRouter>['funnels'];
export type Funnel = Outputs['get'];
export type FunnelStats = Outputs['stats'];
type Step = Funnel['steps'][number];
type StepStats = FunnelStats['steps'][number];

/** The page editor's address (the websites screens). */
const editorHref = (siteId: string, pageId: string) => `/websites/${siteId}/pages/${pageId}`;

function useFunnelMutations(funnelId: string) {
  const utils = trpc.useUtils();
  const refresh = async () => {
    await Promise.all([utils.funnels.get.invalidate({ funnelId }), utils.funnels.stats.invalidate(), utils.funnels.list.invalidate()]);
  };
  return {
    moveStep: trpc.funnels.moveStep.useMutation({ onSuccess: refresh }),
    removeStep: trpc.funnels.removeStep.useMutation({ onSuccess: refresh }),
    addVariant: trpc.funnels.addVariant.useMutation({ onSuccess: refresh }),
    setWeights: trpc.funnels.setWeights.useMutation({ onSuccess: refresh }),
    declareWinner: trpc.funnels.declareWinner.useMutation({ onSuccess: refresh }),
    addStep: trpc.funnels.addStep.useMutation({ onSuccess: refresh }),
    publishAll: trpc.funnels.publishAll.useMutation({ onSuccess: refresh }),
  };
}

/** Significance of a variant against the control (two-proportion z-test, p < 0.05). */
function SignificanceBadge({ v, controlRate }: { v: StepStats['variants'][number]; controlRate: number }) {
  if (v.control) return <Badge>Control</Badge>;
  if (v.pValue === null) return <Badge tone="gray">Not enough data</Badge>;
  const p = v.pValue < 0.001 ? '< 0.001' : `= ${v.pValue.toFixed(3)}`;
  if (!v.significant) return <Badge tone="amber">Not significant (p {p})</Badge>;
  return v.optInRate >= controlRate ? <Badge tone="green">Significantly better (p {p})</Badge> : <Badge tone="red">Significantly worse (p {p})</Badge>;
}

function StepCard({ funnel, step, stats, currencies, canWrite, count }: { funnel: Funnel; step: Step; stats: StepStats | undefined; currencies: readonly string[]; canWrite: boolean; count: number }) {
  const m = useFunnelMutations(funnel.id);
  const [weights, setWeights] = useState<Record<string, number>>({});
  const [variantPage, setVariantPage] = useState('');
  const candidates = funnel.pages.filter((p) => !step.variants.some((v) => v.pageId === p.id));
  const error = m.setWeights.error ?? m.declareWinner.error ?? m.addVariant.error ?? m.moveStep.error ?? m.removeStep.error;
  const variantStats = new Map(stats?.variants.map((v) => [v.variantId, v]));
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">
            Step {step.position + 1}: {step.name}
          </CardTitle>
          <a href={editorHref(funnel.site.id, step.pageId)} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            {step.pageTitle} ({step.pagePath})
          </a>
        </div>
        {canWrite ? (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" aria-label={`Move ${step.name} up`} disabled={step.position === 0} onClick={() => m.moveStep.mutate({ stepId: step.id, position: step.position - 1 })}>
              <ArrowUpIcon className="size-4" aria-hidden />
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Move ${step.name} down`}
              disabled={step.position === count - 1}
              onClick={() => m.moveStep.mutate({ stepId: step.id, position: step.position + 1 })}
            >
              <ArrowDownIcon className="size-4" aria-hidden />
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline">
                  Remove step
                </Button>
              }
              title={`Remove step “${step.name}”?`}
              description="Its counts go with it; its pages stay on the website."
              confirmLabel="Remove step"
              pendingLabel="Removing…"
              onConfirm={() => m.removeStep.mutateAsync({ stepId: step.id })}
            />
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {stats ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-7">
            <Figure label="Visitors" value={stats.visitors.toLocaleString()} />
            <Figure label="Opt-ins" value={stats.optIns.toLocaleString()} />
            <Figure label="Opt-in rate" value={percent(stats.optInRate)} />
            <Figure label="To next step" value={stats.conversionRate === null ? '—' : `${percent(stats.conversionRate)} (${stats.converted ?? 0})`} />
            <Figure label="Purchases" value={stats.purchases.toLocaleString()} />
            <Figure label="Revenue" value={money(stats.revenueCents, currencies)} />
            <Figure label="Revenue per visitor" value={money(stats.revenuePerVisitorCents, currencies)} />
          </dl>
        ) : null}
        {stats && stats.daily.length > 0 ? <StepChart days={stats.daily} summary={`${step.name}: ${stats.visitors} visitors and ${stats.optIns} opt-ins over the period, per day`} /> : null}
        {stats && stats.variants.length > 1 && stats.daily.length > 0 ? (
          <figure className="flex flex-col gap-1">
            <figcaption className="text-sm font-medium text-gray-700 dark:text-gray-300">Opt-in rate by variant, cumulative over the period</figcaption>
            <VariantChart
              series={stats.variants.map((v) => ({ variantId: v.variantId, label: v.control ? `${v.pageTitle} (control)` : v.pageTitle, days: v.daily }))}
              summary={`${step.name}: ${stats.variants.map((v) => `${v.pageTitle} ${percent(v.optInRate)}`).join(', ')} opt-in rate over the period`}
            />
          </figure>
        ) : null}
        <Table aria-label={`Variants of ${step.name}`}>
          <THead>
            <Tr>
              <Th>Page</Th>
              <Th className="text-right">Weight</Th>
              <Th className="text-right">Visitors</Th>
              <Th className="text-right">Opt-ins</Th>
              <Th className="text-right">Rate</Th>
              <Th className="text-right">Revenue</Th>
              <Th className="text-right">Per visitor</Th>
              <Th>Against the control</Th>
              <Th>Winner</Th>
            </Tr>
          </THead>
          <TBody>
            {step.variants.map((v) => {
              const s = variantStats.get(v.id);
              return (
                <Tr key={v.id}>
                  <Td>
                    <a href={editorHref(funnel.site.id, v.pageId)} className="text-indigo-700 hover:underline dark:text-indigo-300">
                      {v.pageTitle}
                    </a>{' '}
                    {v.published ? null : <Badge tone="amber">Draft</Badge>}
                  </Td>
                  <Td className="text-right">
                    {canWrite ? (
                      <input
                        type="number"
                        min={0}
                        max={1000}
                        aria-label={`Weight of ${v.pageTitle}`}
                        className="w-20 rounded border border-gray-300 px-2 py-1 text-right dark:border-gray-700 dark:bg-gray-900"
                        value={weights[v.id] ?? v.weight}
                        onChange={(e) => setWeights((w) => ({ ...w, [v.id]: Number(e.target.value) }))}
                      />
                    ) : (
                      v.weight
                    )}
                  </Td>
                  <Td className="text-right tabular-nums">{(s?.visitors ?? 0).toLocaleString()}</Td>
                  <Td className="text-right tabular-nums">{(s?.optIns ?? 0).toLocaleString()}</Td>
                  <Td className="text-right tabular-nums">{percent(s?.optInRate ?? 0)}</Td>
                  <Td className="text-right tabular-nums">{money(s?.revenueCents ?? 0, currencies)}</Td>
                  <Td className="text-right tabular-nums">{money(s?.revenuePerVisitorCents ?? 0, currencies)}</Td>
                  <Td>{s ? <SignificanceBadge v={s} controlRate={stats?.variants.find((x) => x.control)?.optInRate ?? 0} /> : null}</Td>
                  <Td>
                    {v.winner ? (
                      <span className="flex items-center gap-2">
                        <Badge tone="green">
                          <TrophyIcon className="size-3" aria-hidden /> Winner
                        </Badge>
                        {canWrite ? (
                          <Button size="sm" variant="ghost" onClick={() => m.declareWinner.mutate({ stepId: step.id, variantId: null })}>
                            Back to weights
                          </Button>
                        ) : null}
                      </span>
                    ) : canWrite && step.variants.length > 1 ? (
                      <Button size="sm" variant="outline" onClick={() => m.declareWinner.mutate({ stepId: step.id, variantId: v.id })}>
                        Declare winner
                      </Button>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
        {canWrite ? (
          <div className="flex flex-wrap items-end gap-3">
            {Object.keys(weights).length > 0 ? (
              <Button
                size="sm"
                onClick={() => m.setWeights.mutate({ stepId: step.id, weights: Object.entries(weights).map(([variantId, weight]) => ({ variantId, weight })) }, { onSuccess: () => setWeights({}) })}
              >
                Save weights
              </Button>
            ) : null}
            {candidates.length > 0 ? (
              <>
                <SelectField label="A/B variant page" value={variantPage} onChange={(e) => setVariantPage(e.target.value)}>
                  <option value="">Choose a page…</option>
                  {candidates.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title} ({p.path})
                    </option>
                  ))}
                </SelectField>
                <Button size="sm" variant="outline" disabled={!variantPage} onClick={() => m.addVariant.mutate({ stepId: step.id, pageId: variantPage }, { onSuccess: () => setVariantPage('') })}>
                  Add variant
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        <FormAlert message={error ? errorMessageOf(error, 'Could not save the change') : null} />
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Adds one of the site's pages as the funnel's next step. */
function AddStep({ funnel }: { funnel: Funnel }) {
  const m = useFunnelMutations(funnel.id);
  const [pageId, setPageId] = useState('');
  const [name, setName] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        m.addStep.mutate({ funnelId: funnel.id, pageId, ...(name.trim() ? { name } : {}) }, { onSuccess: () => (setPageId(''), setName('')) });
      }}
    >
      <SelectField label="Next step's page" value={pageId} onChange={(e) => setPageId(e.target.value)}>
        <option value="">Choose a page…</option>
        {funnel.pages.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title} ({p.path})
          </option>
        ))}
      </SelectField>
      <TextField label="Step name (optional)" value={name} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" disabled={!pageId || m.addStep.isPending}>
        Add step
      </Button>
      <FormAlert message={m.addStep.error ? errorMessageOf(m.addStep.error, 'Could not add the step') : null} />
    </form>
  );
}

/** Pages never published are not served: a funnel from a template starts so, and says it. */
function DraftPages({ funnel, canWrite }: { funnel: Funnel; canWrite: boolean }) {
  const m = useFunnelMutations(funnel.id);
  const drafts = new Set(funnel.steps.flatMap((s) => s.variants.filter((v) => !v.published).map((v) => v.pageId))).size;
  if (drafts === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span className="flex-1">
        {drafts === 1 ? '1 page of this funnel is a draft' : `${drafts} pages of this funnel are drafts`}: visitors see nothing there until it is published. Review the copy in the page editor, or
        publish them as they are.
      </span>
      {canWrite ? (
        <Button size="sm" disabled={m.publishAll.isPending} onClick={() => m.publishAll.mutate({ funnelId: funnel.id })}>
          {m.publishAll.isPending ? 'Publishing…' : 'Publish all'}
        </Button>
      ) : null}
      <FormAlert message={m.publishAll.error ? errorMessageOf(m.publishAll.error, 'Could not publish the pages') : null} />
    </div>
  );
}

/** The funnel's steps in order, each with its figures, chart and variants; then adding a step. */
export function FunnelSteps({ funnel, stats, canWrite }: { funnel: Funnel; stats: FunnelStats | undefined; canWrite: boolean }) {
  const byStep = new Map(stats?.steps.map((s) => [s.stepId, s]));
  return (
    <div className="flex flex-col gap-4">
      <DraftPages funnel={funnel} canWrite={canWrite} />
      {funnel.steps.map((step) => (
        <StepCard key={step.id} funnel={funnel} step={step} stats={byStep.get(step.id)} currencies={stats?.currencies ?? []} canWrite={canWrite} count={funnel.steps.length} />
      ))}
      {canWrite ? <AddStep funnel={funnel} /> : null}
    </div>
  );
}
