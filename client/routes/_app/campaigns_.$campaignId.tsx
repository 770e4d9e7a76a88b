import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { z } from 'zod';
import { NotFound } from '../../components/not-found';
import { Page } from '../../components/page';
import { useCan } from '../../lib/auth';
import { errorCodeOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CampaignEditor } from './-components/campaigns/editor';
import { CampaignStatusBadge, CHANNEL_LABELS } from './-components/campaigns/labels';
import { CampaignReport } from './-components/campaigns/report';

const ZCampaignSearch = z.object({ tab: z.enum(['content', 'audience', 'schedule']).catch('content').default('content') });

export const Route = createFileRoute('/_app/campaigns_/$campaignId')({
  validateSearch: ZCampaignSearch,
  staticData: { title: 'Campaign' },
  loader: async ({ context, params }) => {
    // A wrong link (not an id, or no campaign of this organization) is a not-found page, not an error.
    if (!z.uuid().safeParse(params.campaignId).success) throw notFound();
    try {
      await context.trpc.campaigns.get.ensureData({ id: params.campaignId });
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  component: CampaignPage,
  notFoundComponent: NotFound,
});

/** A draft or scheduled campaign opens in its editor (for those who may write); any other in its report. */
function CampaignPage() {
  const { campaignId } = Route.useParams();
  const { tab } = Route.useSearch();
  const canWrite = useCan('campaigns:write');
  const campaign = trpc.campaigns.get.useQuery({ id: campaignId }).data;
  if (!campaign) return null;
  const editing = canWrite && (campaign.status === 'draft' || campaign.status === 'scheduled');
  return (
    <Page
      title={campaign.name}
      description={
        <span className="flex items-center gap-2">
          {CHANNEL_LABELS[campaign.channel]} campaign <CampaignStatusBadge status={campaign.status} />
        </span>
      }
      actions={
        <Link to="/campaigns" className="flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          <ArrowLeftIcon className="size-4" aria-hidden />
          All campaigns
        </Link>
      }
    >
      {editing ? <CampaignEditor key={campaign.updatedAt} campaign={campaign} tab={tab} /> : <CampaignReport campaign={campaign} canWrite={canWrite} />}
    </Page>
  );
}
