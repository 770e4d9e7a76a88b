import { createFileRoute, Link } from '@tanstack/react-router';
import { ExternalLinkIcon, GlobeIcon, LayoutTemplateIcon } from 'lucide-react';
import { EmptyState, Page } from '../../components/page';
import { DomainBadge } from '../../components/sites/labels';
import { NewSiteDialog } from '../../components/sites/new-site-dialog';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { useCan } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_app/websites')({
  staticData: { title: 'Websites', nav: { label: 'Websites', icon: GlobeIcon, order: 110 } },
  loader: ({ context }) => Promise.all([context.trpc.sites.list.ensureData(), context.trpc.sites.templates.ensureData()]),
  component: WebsitesPage,
});

function WebsitesPage() {
  const canWrite = useCan('sites:write');
  const sites = trpc.sites.list.useQuery().data ?? [];
  const templates = trpc.sites.templates.useQuery().data?.pages ?? [];
  return (
    <Page
      title="Websites"
      description="Sites built from blocks, published as static pages at their own address or on your domain."
      actions={canWrite && sites.length > 0 ? <NewSiteDialog templates={templates} /> : null}
    >
      {sites.length === 0 ? (
        <>
          <EmptyState icon={GlobeIcon} title="No websites yet">
            {canWrite
              ? 'Start a site from one of these templates: each comes with its copy, ready to edit, and a thank-you page.'
              : 'The sites your team builds are listed here with their pages and domains.'}
          </EmptyState>
          {canWrite ? (
            <ul aria-label="Templates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {templates.map((template) => (
                <li key={template.id} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
                  <div className="flex items-center gap-2">
                    <LayoutTemplateIcon className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
                    <h2 className="text-sm font-semibold text-gray-900 dark:text-white">{template.name}</h2>
                  </div>
                  <p className="flex-1 text-sm text-gray-600 dark:text-gray-400">{template.description}</p>
                  <NewSiteDialog
                    templates={templates}
                    templateId={template.id}
                    trigger={
                      <button type="button" className="self-start text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300" aria-label={`Start a site from ${template.name}`}>
                        Use this template
                      </button>
                    }
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <Table aria-label="Websites">
          <THead>
            <Tr>
              <Th>Site</Th>
              <Th>Address</Th>
              <Th className="text-right">Published pages</Th>
              <Th>Domains</Th>
              <Th>Updated</Th>
            </Tr>
          </THead>
          <TBody>
            {sites.map((site) => (
              <Tr key={site.id}>
                <Td>
                  <Link to="/websites/$siteId" params={{ siteId: site.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {site.name}
                  </Link>
                  <div className="text-xs text-gray-500 dark:text-gray-400">{site.handle}</div>
                </Td>
                <Td>
                  <a href={site.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
                    {site.url.replace(/^https?:\/\//, '')}
                    <ExternalLinkIcon className="size-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </Td>
                <Td className="text-right tabular-nums">
                  {site.publishedCount} / {site.pageCount}
                </Td>
                <Td>
                  {site.domains.length === 0 ? (
                    <span className="text-sm text-gray-500 dark:text-gray-400">None</span>
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {site.domains.map((domain) => (
                        <DomainBadge key={domain.id} domain={domain.domain} verified={domain.verified} />
                      ))}
                    </span>
                  )}
                </Td>
                <Td>{formatDateTime(site.updatedAt)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Page>
  );
}
