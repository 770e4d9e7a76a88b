import { sql } from 'kysely';
import type { OrgContext } from '../kernel/context';
import { appointmentsUpToNow, tasksDue } from './activity';
import { compare, pct, round1, type Trend } from './figures';
import { describePeriod, type ResolvedPeriod } from './period';
import type { TTrendsInput } from './schema';
import { n, scopeOf, type Scope } from './scope';

/** Performance Trends: four conversion rates of the period against the previous one. */

export type TrendItem = {
  key: 'leadToCustomer' | 'winRate' | 'tasksOnTime' | 'showRate';
  title: string;
  /** Percent, one decimal; null when there is nothing to divide by. */
  value: number | null;
  unit: 'percent';
  numerator: number;
  denominator: number;
  previous: number | null;
  previousNumerator: number;
  previousDenominator: number;
  /** Percentage points, value − previous. */
  changePoints: number | null;
  trend: Trend;
  better: 'higher';
  definition: string;
};

export async function getTrends(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: TTrendsInput, now = new Date()) {
  const { s, p } = await scopeOf(ctx, input, now);
  const counts = await trendCounts(s, p);
  const item = (key: TrendItem['key'], title: string, definition: string): TrendItem => {
    const c = counts[key];
    const [num, den] = c.current;
    const [pNum, pDen] = c.previous;
    const value = den === 0 ? null : pct(num, den);
    const previous = pDen === 0 ? null : pct(pNum, pDen);
    return {
      key,
      title,
      value,
      unit: 'percent',
      numerator: num,
      denominator: den,
      previous,
      previousNumerator: pNum,
      previousDenominator: pDen,
      changePoints: value === null || previous === null ? null : round1(value - previous),
      trend: compare(value, previous).trend,
      better: 'higher',
      definition,
    };
  };
  return {
    period: describePeriod(p),
    items: [
      item('leadToCustomer', 'Lead → customer conversion', "Share of the contacts created in the period that have a deal won by the period's end."),
      item('winRate', 'Win rate', 'Deals won ÷ deals closed (won or lost) in the period.'),
      item('tasksOnTime', 'Tasks completed on time', 'Share of the tasks due in the period (up to now) that were completed by their due time.'),
      item(
        'showRate',
        'Appointment show rate',
        `Appointments of the period marked completed ÷ those marked completed or no-show; cancelled ones are left out, and ${counts.showRate.unrecorded.current} past appointments still without an outcome are not counted.`,
      ),
    ],
  };
}

// ——— Queries ———

/** Four rates of the "Performance Trends" panel, for the period and the one before (numerator, denominator). */
async function trendCounts(s: Scope, p: ResolvedPeriod) {
  const current = { from: p.from, to: p.to, start: p.start, end: p.end };
  const previous = p.previous;
  const [contacts, converted, closed, tasks, previousTasks, appointments, previousAppointments] = await Promise.all([
    s.org
      .selectFrom('contact_days')
      .where('created_on', '>=', previous.from)
      .where('created_on', '<=', current.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([sql<number>`sum(contacts) filter (where created_on >= ${current.from})`.as('current'), sql<number>`sum(contacts) filter (where created_on < ${current.from})`.as('previous')])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('contact_conversions')
      .where('created_at', '>=', previous.start)
      .where('created_at', '<', current.end)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where created_at >= ${current.start} and first_won_at < ${current.end})`.as('current'),
        sql<number>`count(*) filter (where created_at < ${current.start} and first_won_at < ${previous.end})`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('deal_close_days')
      .where('closed_on', '>=', previous.from)
      .where('closed_on', '<=', current.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals) filter (where status = 'won' and closed_on >= ${current.from})`.as('won'),
        sql<number>`sum(deals) filter (where status = 'lost' and closed_on >= ${current.from})`.as('lost'),
        sql<number>`sum(deals) filter (where status = 'won' and closed_on < ${current.from})`.as('prev_won'),
        sql<number>`sum(deals) filter (where status = 'lost' and closed_on < ${current.from})`.as('prev_lost'),
      ])
      .executeTakeFirstOrThrow(),
    tasksDue(s, current, p),
    tasksDue(s, previous, p),
    appointmentsUpToNow(s, current, p),
    appointmentsUpToNow(s, previous, p),
  ]);
  return {
    leadToCustomer: { current: [n(converted.current), n(contacts.current)], previous: [n(converted.previous), n(contacts.previous)] },
    winRate: { current: [n(closed.won), n(closed.won) + n(closed.lost)], previous: [n(closed.prev_won), n(closed.prev_won) + n(closed.prev_lost)] },
    tasksOnTime: { current: [tasks.onTime, tasks.due], previous: [previousTasks.onTime, previousTasks.due] },
    showRate: {
      current: [appointments.completed, appointments.completed + appointments.noShow],
      previous: [previousAppointments.completed, previousAppointments.completed + previousAppointments.noShow],
      unrecorded: { current: appointments.scheduled, previous: previousAppointments.scheduled },
    },
  } satisfies Record<string, { current: [number, number]; previous: [number, number] } & Record<string, unknown>>;
}
