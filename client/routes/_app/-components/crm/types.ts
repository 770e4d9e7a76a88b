import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/assembly';

/** What the deals, tasks and appointments procedures answer, as the screens read it. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export type DealBoard = RouterOutputs['deals']['board'];
export type BoardStage = DealBoard['stages'][number];
export type Deal = RouterOutputs['deals']['list']['items'][number];
export type DealDetail = RouterOutputs['deals']['get'];
export type Pipeline = RouterOutputs['pipelines']['list']['items'][number];
export type PipelineStage = Pipeline['stages'][number];
export type TimelineEntry = RouterOutputs['deals']['timeline']['items'][number];
export type Task = RouterOutputs['tasks']['list']['items'][number];
export type TaskCounts = RouterOutputs['tasks']['counts'];
export type Appointment = RouterOutputs['appointments']['list']['items'][number];
export type Conflict = RouterOutputs['appointments']['checkConflicts']['conflicts'][number];
export type Member = RouterOutputs['members']['list']['members'][number];
