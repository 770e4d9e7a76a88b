import type { AppDeps } from '../deps';
import { ADVANCE_JOB, SWEEP_JOB, WAKE_JOB, type RunJobData } from './enroll';
import { advanceRun } from './executor';
import { fireTriggerTimer, sweepTriggerTimers, TRIGGER_SWEEP_JOB, TRIGGER_TIMER_JOB, type TriggerTimerJob } from './schedule';
import { handleTriggerEvent, handleTriggerEvents, TRIGGER_EVENTS } from './triggers';
import { sweepTimers, wakeDueTimers } from './wake';

export type AutomationJobs = {
  [ADVANCE_JOB]: RunJobData;
  [WAKE_JOB]: Record<string, never>;
  [SWEEP_JOB]: Record<string, never>;
  [TRIGGER_TIMER_JOB]: TriggerTimerJob;
  [TRIGGER_SWEEP_JOB]: Record<string, never>;
};

/**
 * The engine's background work: the trigger consumer (enrolments in the consumer's transaction),
 * the jobs that run runs forward and wake their timers, and the sweeper that re-arms lost wake-ups.
 */
export function registerAutomationJobs(deps: AppDeps): void {
  deps.consumers.onEvent('automations', TRIGGER_EVENTS, (event, { db }) => handleTriggerEvent(deps, event, db), { handleMany: (events, { db }) => handleTriggerEvents(deps, events, db) });
  deps.jobs.register(ADVANCE_JOB, (job) => advanceRun(deps, job.data), { concurrency: 8, retryLimit: 3, retryDelay: 10, expireInSeconds: 120 });
  // One wake job per due second ('short': a second's key is taken while its job waits), each waking every due timer in batches (wake.ts); two at once claim disjoint timers.
  deps.jobs.register(WAKE_JOB, () => wakeDueTimers(deps).then(() => undefined), { concurrency: 2, retryLimit: 5, retryDelay: 5, expireInSeconds: 120, policy: 'short' });
  deps.jobs.register(SWEEP_JOB, () => sweepTimers(deps).then(() => undefined), { concurrency: 1, retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
  // Time triggers (schedule, task overdue, appointment relative times): each timer row fires once (schedule.ts).
  deps.jobs.register(TRIGGER_TIMER_JOB, (job) => fireTriggerTimer(deps, job.data), { concurrency: 4, retryLimit: 5, retryDelay: 10, expireInSeconds: 300 });
  deps.jobs.register(TRIGGER_SWEEP_JOB, () => sweepTriggerTimers(deps).then(() => undefined), { concurrency: 1, retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
}
