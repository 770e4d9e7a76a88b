import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react';
import { z } from 'zod';
import { NotFound } from '../../components/not-found';
import { Page } from '../../components/page';
import { SiteDomains } from '../../components/sites/site-domains';
import { SitePages } from '../../components/sites/site-pages';
import { SiteSettings } from '../../components/sites/site-settings';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCan } from '../../lib/auth';
import { errorCodeOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const TABS = ['pages', 'settings', 'domains'] as const;
const ZSiteSearch = z.object({ tab: z.enum(TABS).catch('pages').default('pages') });

export const Route = createFileRoute('/_app/websites_/$siteId')({
  validateSearch: ZSiteSearch,
  staticData: { title: 'Website' },
  loader: async ({ context, params }) => {
    // A wrong link (not an id, or no site of this organization) is a not-found page, not an error.
    if (!z.uuid().safeParse(params.siteId).success) throw notFound();
    try {
      await Promise.all([context.trpc.sites.get.ensureData({ siteId: params.siteId }), context.trpc.sites.templates.ensureData()]);
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  component: SitePage,
  notFoundComponent: NotFound,
});

function SitePage() {
  const { siteId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('sites:write');
  const site = trpc.sites.get.useQuery({ siteId }).data;
  if (!site) return null;
  return (
    <Page
      title={site.name}
      description={
        <a href={site.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-indigo-700 hover:underline dark:text-indigo-300">
          {site.url.replace(/^https?:\/\//, '')}
          <ExternalLinkIcon className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      }
      actions={
        <Link to="/websites" className="flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          <ArrowLeftIcon className="size-4" aria-hidden />
          All websites
        </Link>
      }
    >
      <Tabs value={tab} onValueChange={(next) => void navigate({ search: { tab: next as (typeof TABS)[number] }, replace: true })}>
        <TabsList>
          <TabsTrigger value="pages">Pages</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
          <TabsTrigger value="domains">Domains</TabsTrigger>
        </TabsList>
        <TabsContent value="pages">
          <SitePages site={site} canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="settings">
          <SiteSettings key={site.id} site={site} canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="domains">
          <SiteDomains site={site} canWrite={canWrite} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
