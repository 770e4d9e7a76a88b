import { keepPreviousData } from '@tanstack/react-query';
import { GlobeIcon } from 'lucide-react';
import { FormAlert } from '../../../../components/form';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { Panel, PanelEmpty } from '../analytics/panel';
import { DEFAULT_PERIOD_KEY, PERIOD_LABELS, type ReportRange } from '../analytics/search';

const count = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The public site's first-party analytics (POST /api/analytics/events): visitors, top pages,
 * conversions by event with their value (spec public-site §7, in USD), and each day. The site's
 * figures cover whole UTC days, over the page's preset period (a custom range shows the default).
 */
export function WebsiteSection({ range }: { range: ReportRange }) {
  const period = 'period' in range ? range.period : DEFAULT_PERIOD_KEY;
  const query = trpc.siteAnalytics.website.useQuery({ period }, { placeholderData: keepPreviousData });
  const report = query.data;
  return (
    <Panel title="Website" description={`Public site visits and conversions · ${PERIOD_LABELS[period].long} (UTC days)`} busy={query.isPlaceholderData}>
      {query.error ? (
        <FormAlert message={errorMessageOf(query.error, 'Could not load the website report')} />
      ) : !report ? null : report.pageViews === 0 && report.conversions === 0 ? (
        <PanelEmpty icon={GlobeIcon} title="No visits recorded yet">
          Page views and conversions of the public site appear here as visitors arrive.
        </PanelEmpty>
      ) : (
        <div className="grid gap-6">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['Visitors', count.format(report.visitors)],
              ['Page views', count.format(report.pageViews)],
              ['Conversions', count.format(report.conversions)],
              ['Conversion value', usd.format(report.conversionValue)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
                <dd className="text-2xl font-semibold text-gray-900 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-6 lg:grid-cols-2">
            <Table aria-label="Top pages">
              <THead>
                <Tr>
                  <Th scope="col">Page</Th>
                  <Th scope="col" className="text-end">
                    Views
                  </Th>
                  <Th scope="col" className="text-end">
                    Visitors
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {report.topPages.map((p) => (
                  <Tr key={p.path}>
                    <Td className="font-mono text-xs">{p.path}</Td>
                    <Td className="text-end tabular-nums">{count.format(p.views)}</Td>
                    <Td className="text-end tabular-nums">{count.format(p.visitors)}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Table aria-label="Conversions by event">
              <THead>
                <Tr>
                  <Th scope="col">Event</Th>
                  <Th scope="col" className="text-end">
                    Count
                  </Th>
                  <Th scope="col" className="text-end">
                    Value
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {report.byEvent.map((e) => (
                  <Tr key={e.name}>
                    <Td className="font-mono text-xs">{e.name}</Td>
                    <Td className="text-end tabular-nums">{count.format(e.count)}</Td>
                    <Td className="text-end tabular-nums">{usd.format(e.value)}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
          <Table aria-label="Website by day">
            <THead>
              <Tr>
                <Th scope="col">Day</Th>
                <Th scope="col" className="text-end">
                  Visitors
                </Th>
                <Th scope="col" className="text-end">
                  Page views
                </Th>
                <Th scope="col" className="text-end">
                  Conversions
                </Th>
                <Th scope="col" className="text-end">
                  Value
                </Th>
              </Tr>
            </THead>
            <TBody>
              {report.byDay.map((d) => (
                <Tr key={d.date}>
                  <Td>{d.date}</Td>
                  <Td className="text-end tabular-nums">{count.format(d.visitors)}</Td>
                  <Td className="text-end tabular-nums">{count.format(d.pageViews)}</Td>
                  <Td className="text-end tabular-nums">{count.format(d.conversions)}</Td>
                  <Td className="text-end tabular-nums">{usd.format(d.value)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      )}
    </Panel>
  );
}
