export { createJobQueue } from './queue';
export type { JobContext, JobCounts, JobData, JobHandler, JobInfo, JobQueue, JobQueueOptions, JobState, RegisterOptions, SendOptions, StopOptions } from './queue';
