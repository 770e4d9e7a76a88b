import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { MegaphoneIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FormAlert, SelectField, TextField } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { CAMPAIGN_CHANNELS, CAMPAIGN_STATUSES, type TCampaignChannel } from '../../lib/campaigns-schema';
import { useCan } from '../../lib/auth';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { CampaignLists } from './-components/campaigns/lists';
import { CampaignStatusBadge, CHANNEL_LABELS, fieldErrorsOf, newCampaignContent } from './-components/campaigns/labels';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const ZCampaignsSearch = z.object({ status: optional(z.enum(CAMPAIGN_STATUSES)), channel: optional(z.enum(CAMPAIGN_CHANNELS)), page: z.number().int().min(1).catch(1).default(1) });

export const Route = createFileRoute('/_app/campaigns')({
  validateSearch: ZCampaignsSearch,
  loaderDeps: ({ search }) => search,
  staticData: { title: 'Campaigns', nav: { label: 'Campaigns', icon: MegaphoneIcon, order: 60 } },
  loader: ({ context, deps }) => context.trpc.campaigns.list.ensureData({ ...deps, limit: 25 }),
  component: CampaignsPage,
});

function CampaignsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('campaigns:write');
  const list = trpc.campaigns.list.useQuery({ ...search, limit: 25 });
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <Page title="Campaigns" description="E-mail and SMS broadcasts to a segment of your contacts, and what each one did." actions={canWrite ? <NewCampaignDialog /> : null}>
      <div className="flex flex-wrap gap-3">
        <SelectField
          label="Status"
          value={search.status ?? ''}
          onChange={(e) => void navigate({ search: (prev) => ({ ...prev, page: 1, status: (e.target.value || undefined) as typeof search.status }) })}
        >
          <option value="">All statuses</option>
          {CAMPAIGN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Channel"
          value={search.channel ?? ''}
          onChange={(e) => void navigate({ search: (prev) => ({ ...prev, page: 1, channel: (e.target.value || undefined) as typeof search.channel }) })}
        >
          <option value="">E-mail and SMS</option>
          {CAMPAIGN_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </SelectField>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={MegaphoneIcon} title={search.status || search.channel ? 'No campaigns match' : 'No campaigns yet'}>
          {canWrite ? 'Create an e-mail or SMS campaign, choose its audience, then send it now or schedule it.' : 'Campaigns your team creates are listed here with their results.'}
        </EmptyState>
      ) : (
        <Table aria-label="Campaigns">
          <THead>
            <Tr>
              <Th>Campaign</Th>
              <Th>Channel</Th>
              <Th>Status</Th>
              <Th className="text-right">Recipients</Th>
              <Th className="text-right">Sent</Th>
              <Th className="text-right">Opened</Th>
              <Th className="text-right">Clicked</Th>
              <Th>When</Th>
            </Tr>
          </THead>
          <TBody>
            {items.map((campaign) => (
              <Tr key={campaign.id}>
                <Td>
                  <Link to="/campaigns/$campaignId" params={{ campaignId: campaign.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {campaign.name}
                  </Link>
                </Td>
                <Td>{CHANNEL_LABELS[campaign.channel]}</Td>
                <Td>
                  <CampaignStatusBadge status={campaign.status} />
                </Td>
                <Td className="text-right tabular-nums">{campaign.recipients.toLocaleString()}</Td>
                <Td className="text-right tabular-nums">{campaign.sent.toLocaleString()}</Td>
                <Td className="text-right tabular-nums">{campaign.channel === 'email' ? campaign.openedHuman.toLocaleString() : '—'}</Td>
                <Td className="text-right tabular-nums">{campaign.channel === 'email' ? campaign.clicked.toLocaleString() : '—'}</Td>
                <Td>{formatDateTime(campaign.finishedAt ?? campaign.startedAt ?? campaign.scheduledAt ?? campaign.createdAt)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {pages > 1 ? (
        <nav className="flex items-center justify-end gap-2 text-sm" aria-label="Pages">
          <Button size="sm" variant="outline" disabled={search.page <= 1} onClick={() => void navigate({ search: (prev) => ({ ...prev, page: search.page - 1 }) })}>
            Previous
          </Button>
          <span>
            Page {search.page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={search.page >= pages} onClick={() => void navigate({ search: (prev) => ({ ...prev, page: search.page + 1 }) })}>
            Next
          </Button>
        </nav>
      ) : null}
      <CampaignLists canWrite={canWrite} />
    </Page>
  );
}

function NewCampaignDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<TCampaignChannel>('email');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.campaigns.create.useMutation({
    onSuccess: async (campaign) => {
      await utils.campaigns.list.invalidate();
      setOpen(false);
      await navigate({ to: '/campaigns/$campaignId', params: { campaignId: campaign.id } });
    },
  });
  const errors = fieldErrorsOf(create.error);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon className="size-4" aria-hidden />
          New Campaign
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>Start a draft; you choose its audience, write it and send or schedule it next.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, channel, audience: { match: 'all', conditions: [] }, ...newCampaignContent(channel) });
          }}
        >
          <TextField label="Campaign name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
          <SelectField label="Channel" value={channel} onChange={(e) => setChannel(e.target.value as TCampaignChannel)}>
            {CAMPAIGN_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <FormAlert message={create.error && Object.keys(errors).length === 0 ? errorMessageOf(create.error, 'Could not create the campaign') : null} />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create draft'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
