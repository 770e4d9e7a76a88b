import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import { queueMissingDispatches, registerCampaignJobs, type CampaignJobs } from './jobs';
import { campaignsRest } from './rest';
import { campaignsRouter } from './router';
import { trackingRest } from './tracking-rest';

/*
 * Campaigns (issue #18): e-mail and SMS broadcasts to segments, sent through the e-mail channel's
 * outbox and the SMS service, with their tracking and reports. Its permissions, campaigns:read
 * (viewers) and campaigns:write (managers: writing and sending reach many people at once), are the
 * spec's, declared by analytics, whose marketing spend they already guard.
 */
const events = {
  /** A campaign's state or figures changed: its screens refresh. */
  campaign_updated: { permission: 'campaigns:read', invalidates: ['campaigns'] },
  /** A contact opened their copy of a campaign e-mail (its first open by a person, machine opens apart): automations' E-mail Opened trigger. */
  campaign_email_opened: { permission: 'campaigns:read', invalidates: ['campaigns', 'contacts.timeline'] },
  /** A contact clicked a link of their copy (the first click of each link by a person): automations' E-mail Clicked trigger. */
  campaign_email_clicked: { permission: 'campaigns:read', invalidates: ['campaigns', 'contacts.timeline'] },
} as const satisfies Record<string, EventRule>;

type Jobs = CampaignJobs;

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends Jobs {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const campaignsDomain = defineDomain({
  name: 'campaigns',
  router: { campaigns: campaignsRouter },
  rest: [
    { path: '/v1/campaigns', routes: () => campaignsRest },
    { path: '/campaigns/t', routes: () => trackingRest },
  ],
  jobs: (deps) => registerCampaignJobs(deps),
  onStarted: async (deps) => {
    const queued = await queueMissingDispatches(deps);
    if (queued > 0) deps.logger.info({ campaigns: queued }, 'queued the sending job of scheduled or sending campaigns that had none');
  },
  events,
});
