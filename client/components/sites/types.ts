import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/assembly';

type SitesOutputs = inferRouterOutputs<AppRouter>['sites'];

/** A site as its screen reads it (`sites.get`): settings, pages with their status, domains. */
export type SiteDetail = SitesOutputs['get'];
/** A page as the editor reads it (`sites.page`): its draft, versions and what the blocks need. */
export type EditorPage = SitesOutputs['page'];
