import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { FilterIcon } from 'lucide-react';
import { z } from 'zod';
import { DateRange } from '../../components/funnels/date-range';
import { lastDays, percent } from '../../components/funnels/labels';
import { NewFunnelDialog } from '../../components/funnels/new-funnel-dialog';
import { EmptyState, Page } from '../../components/page';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { useCan } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

const isoDay = z.iso.date().optional().catch(undefined);
const ZFunnelsSearch = z.object({ from: isoDay, to: isoDay });

export const Route = createFileRoute('/_app/funnels')({
  validateSearch: ZFunnelsSearch,
  loaderDeps: ({ search }) => search,
  staticData: { title: 'Funnels', nav: { label: 'Funnels', icon: FilterIcon, order: 50 } },
  loader: ({ context, deps }) => Promise.all([context.trpc.funnels.list.ensureData(deps), context.trpc.sites.list.ensureData(), context.trpc.sites.templates.ensureData()]),
  component: FunnelsPage,
});

function FunnelsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('sites:write');
  const list = trpc.funnels.list.useQuery(search).data;
  // What a new funnel may be built on and from: the sites screen's own queries.
  const sites = trpc.sites.list.useQuery().data;
  const templates = trpc.sites.templates.useQuery().data;
  const range = { ...lastDays(30), ...search };
  const funnels = list?.funnels ?? [];
  return (
    <Page
      title="Funnels"
      description="Series of your website's pages, with the visitors, opt-ins and conversion at each step."
      actions={canWrite && sites && templates ? <NewFunnelDialog sites={sites} templates={templates.funnels} /> : null}
    >
      <DateRange from={list?.from ?? range.from} to={list?.to ?? range.to} onChange={(r) => void navigate({ search: r })} />
      {funnels.length === 0 ? (
        <EmptyState icon={FilterIcon} title="No funnels yet">
          {sites?.length === 0
            ? 'A funnel is made of a website’s pages: create a website first, then a funnel from a template or from its pages.'
            : canWrite
              ? 'Create a funnel from an industry template or from your site’s pages; each step counts its visitors and opt-ins.'
              : 'Funnels your team creates are listed here with their figures.'}
        </EmptyState>
      ) : (
        <Table aria-label="Funnels">
          <THead>
            <Tr>
              <Th>Funnel</Th>
              <Th>Website</Th>
              <Th className="text-right">Steps</Th>
              <Th className="text-right">Visitors</Th>
              <Th className="text-right">Opt-ins</Th>
              <Th className="text-right">Reached the last step</Th>
            </Tr>
          </THead>
          <TBody>
            {funnels.map((funnel) => (
              <Tr key={funnel.id}>
                <Td>
                  <Link to="/funnels/$funnelId" params={{ funnelId: funnel.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {funnel.name}
                  </Link>
                </Td>
                <Td>{funnel.siteName}</Td>
                <Td className="text-right tabular-nums">{funnel.stepCount}</Td>
                <Td className="text-right tabular-nums">{funnel.visitors.toLocaleString()}</Td>
                <Td className="text-right tabular-nums">{funnel.optIns.toLocaleString()}</Td>
                <Td className="text-right tabular-nums">{percent(funnel.completionRate)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Page>
  );
}
