import { sql } from 'kysely';
import type { OrgContext } from '../kernel/context';
import { appointmentSeries, taskSeries } from './activity';
import { pct } from './figures';
import { bucketsBetween, describePeriod, type ResolvedPeriod } from './period';
import { analysePipeline, CONVERSION_DEFINITION } from './pipeline';
import { REPORT_TITLES, type TReportInput, type TReportKey } from './schema';
import { bucketOfDay, n, scopeOf, type Scope } from './scope';
import { contactsBySource, wonBySource } from './sources';

/** Reports (/reports): one table per report, a row per bucket or group of the period, with totals. */

export type ColumnType = 'date' | 'text' | 'count' | 'money' | 'percent';
export type ReportColumn = { key: string; label: string; type: ColumnType };
export type ReportCell = string | number | null;
export type Report = {
  report: TReportKey;
  title: string;
  period: ReturnType<typeof describePeriod>;
  currency: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  totals: Record<string, ReportCell> | null;
  /** Records left out of money columns because of their currency. */
  excludedCount: number;
  notes: string[];
};

const sumOf = (rows: Record<string, ReportCell>[], key: string) => rows.reduce((sum, r) => sum + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
const NO_SOURCE = '(no source)';

export async function getReport(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: TReportInput, now = new Date()): Promise<Report> {
  const { s, p } = await scopeOf(ctx, input, now);
  const buckets = bucketsBetween(p.from, p.to, p.bucket);
  const base = { report: input.report, title: REPORT_TITLES[input.report], period: describePeriod(p), currency: s.currency };
  const currencyNote = (excluded: number) => (excluded > 0 ? [`${excluded} records in other currencies than ${s.currency} are left out of the money columns.`] : []);

  switch (input.report) {
    case 'deals-won': {
      const series = await dealsWonSeries(s, p);
      const rows = buckets.map((bucket) => {
        const b = series.get(bucket);
        return { bucket, won: b?.won ?? 0, valueMinor: b?.valueMinor ?? 0 };
      });
      const excluded = [...series.values()].reduce((sum, b) => sum + b.excluded, 0);
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'won', label: 'Deals won', type: 'count' },
          { key: 'valueMinor', label: 'Won value', type: 'money' },
        ],
        rows,
        totals: { bucket: 'Total', won: sumOf(rows, 'won'), valueMinor: sumOf(rows, 'valueMinor') },
        excludedCount: excluded,
        notes: currencyNote(excluded),
      };
    }
    case 'pipeline': {
      const { pipeline, stages } = await analysePipeline(s, p, input.pipelineId);
      const rows = stages.map((st) => ({
        stage: st.name,
        kind: st.kind,
        deals: st.count,
        valueMinor: st.valueMinor,
        weightedValueMinor: st.weightedValueMinor,
        conversion: st.conversion,
      }));
      const excluded = stages.reduce((sum, st) => sum + st.excludedCount, 0);
      return {
        ...base,
        title: pipeline ? `${base.title}: ${pipeline.name}` : base.title,
        columns: [
          { key: 'stage', label: 'Stage', type: 'text' },
          { key: 'kind', label: 'Kind', type: 'text' },
          { key: 'deals', label: 'Deals', type: 'count' },
          { key: 'valueMinor', label: 'Value', type: 'money' },
          { key: 'weightedValueMinor', label: 'Weighted value', type: 'money' },
          { key: 'conversion', label: 'Conversion to next stage (%)', type: 'percent' },
        ],
        rows,
        totals: { stage: 'Total', kind: null, deals: sumOf(rows, 'deals'), valueMinor: sumOf(rows, 'valueMinor'), weightedValueMinor: sumOf(rows, 'weightedValueMinor'), conversion: null },
        excludedCount: excluded,
        notes: ['Open stages count the deals in them now; won and lost stages count the deals won or lost in the period.', `Conversion: ${CONVERSION_DEFINITION}`, ...currencyNote(excluded)],
      };
    }
    case 'lead-sources': {
      const [created, won] = await Promise.all([contactsBySource(s, p), wonBySource(s, p)]);
      const bySource = new Map<string, { source: string; contactsCreated: number; dealsWon: number; wonValueMinor: number }>();
      const entry = (source: string | null) => {
        const key = source || NO_SOURCE;
        let e = bySource.get(key);
        if (!e) bySource.set(key, (e = { source: key, contactsCreated: 0, dealsWon: 0, wonValueMinor: 0 }));
        return e;
      };
      for (const c of created) entry(c.source).contactsCreated += c.created;
      for (const w of won) {
        const e = entry(w.source);
        e.dealsWon += w.won;
        e.wonValueMinor += w.valueMinor;
      }
      const rows = [...bySource.values()].sort((a, b) => b.wonValueMinor - a.wonValueMinor || b.contactsCreated - a.contactsCreated || a.source.localeCompare(b.source));
      const excluded = won.reduce((sum, w) => sum + w.excluded, 0);
      return {
        ...base,
        columns: [
          { key: 'source', label: 'Source', type: 'text' },
          { key: 'contactsCreated', label: 'Contacts created', type: 'count' },
          { key: 'dealsWon', label: 'Deals won', type: 'count' },
          { key: 'wonValueMinor', label: 'Won value', type: 'money' },
        ],
        rows,
        totals: { source: 'Total', contactsCreated: sumOf(rows, 'contactsCreated'), dealsWon: sumOf(rows, 'dealsWon'), wonValueMinor: sumOf(rows, 'wonValueMinor') },
        excludedCount: excluded,
        notes: ["Won deals are counted under their contact's source.", ...currencyNote(excluded)],
      };
    }
    case 'tasks': {
      const t = await taskSeries(s, p);
      const rows = buckets.map((bucket) => {
        const due = t.due.get(bucket) ?? { due: 0, onTime: 0 };
        return {
          bucket,
          created: t.created.get(bucket) ?? 0,
          completed: t.completed.get(bucket) ?? 0,
          due: due.due,
          completedOnTime: due.onTime,
          onTimePercent: due.due === 0 ? null : pct(due.onTime, due.due),
        };
      });
      const due = sumOf(rows, 'due');
      const onTime = sumOf(rows, 'completedOnTime');
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'created', label: 'Created', type: 'count' },
          { key: 'completed', label: 'Completed', type: 'count' },
          { key: 'due', label: 'Due', type: 'count' },
          { key: 'completedOnTime', label: 'Completed on time', type: 'count' },
          { key: 'onTimePercent', label: 'On time (%)', type: 'percent' },
        ],
        rows,
        totals: { bucket: 'Total', created: sumOf(rows, 'created'), completed: sumOf(rows, 'completed'), due, completedOnTime: onTime, onTimePercent: due === 0 ? null : pct(onTime, due) },
        excludedCount: 0,
        notes: ['Due: tasks whose due time falls in the bucket and has passed; on time: those completed by their due time.'],
      };
    }
    case 'appointments': {
      const series = await appointmentSeries(s, p);
      const rows = buckets.map((bucket) => {
        const b = series.get(bucket) ?? { scheduled: 0, completed: 0, cancelled: 0, noShow: 0 };
        return { bucket, ...b, showRate: b.completed + b.noShow === 0 ? null : pct(b.completed, b.completed + b.noShow) };
      });
      const completed = sumOf(rows, 'completed');
      const noShow = sumOf(rows, 'noShow');
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'scheduled', label: 'Scheduled', type: 'count' },
          { key: 'completed', label: 'Completed', type: 'count' },
          { key: 'cancelled', label: 'Cancelled', type: 'count' },
          { key: 'noShow', label: 'No-show', type: 'count' },
          { key: 'showRate', label: 'Show rate (%)', type: 'percent' },
        ],
        rows,
        totals: {
          bucket: 'Total',
          scheduled: sumOf(rows, 'scheduled'),
          completed,
          cancelled: sumOf(rows, 'cancelled'),
          noShow,
          showRate: completed + noShow === 0 ? null : pct(completed, completed + noShow),
        },
        excludedCount: 0,
        notes: ['Appointments are counted in the bucket they start in, by their current status; show rate = completed ÷ (completed + no-show).'],
      };
    }
  }
}

function bucketLabel(unit: ResolvedPeriod['bucket']): string {
  return unit === 'day' ? 'Day' : unit === 'week' ? 'Week starting' : 'Month';
}

// ——— Queries ———

async function dealsWonSeries(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deal_close_days')
    .where('status', '=', 'won')
    .where('closed_on', '>=', p.from)
    .where('closed_on', '<=', p.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select([
      bucketOfDay('closed_on', p.bucket).as('bucket'),
      sql<number>`sum(deals)`.as('won'),
      sql<string | null>`sum(value_minor) filter (where currency = ${cur})`.as('value'),
      sql<number>`sum(deals) filter (where currency <> ${cur})`.as('excluded'),
    ])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.bucket, { won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }]));
}
