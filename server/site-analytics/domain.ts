import { defineDomain } from '../kernel/domain';
import { createSiteAnalyticsRest } from './rest';
import { siteAnalyticsRouter } from './router';

export const siteAnalyticsDomain = defineDomain({
  name: 'site-analytics',
  router: { siteAnalytics: siteAnalyticsRouter },
  rest: [{ path: '/analytics', routes: createSiteAnalyticsRest }],
});
