import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/trpc/router';

/** What the analytics procedures answer (server/analytics/), as the screens read it. */
type Out = inferRouterOutputs<AppRouter>;
type In = inferRouterInputs<AppRouter>;

export type Dashboard = Out['analytics']['dashboard'];
export type Kpi = Dashboard['kpis'][number];
export type PeriodInfo = Dashboard['period'];
export type PipelineAnalysis = Out['analytics']['pipelineAnalysis'];
export type StageAnalysis = PipelineAnalysis['stages'][number];
export type Insights = Out['analytics']['insights'];
export type Insight = Insights['insights'][number];
export type Action = Insights['actions'][number];
export type Trends = Out['analytics']['trends'];
export type TrendItem = Trends['items'][number];
export type Report = Out['analytics']['report'];
export type ReportInput = In['analytics']['report'];
export type SpendList = Out['spend']['list'];
export type SpendEntry = SpendList['items'][number];
export type Trend = Kpi['trend'];
export type Impact = Insight['impact'];
