import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MegaphoneIcon } from 'lucide-react';
import { FormAlert } from '../../../../components/form';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { formatCalendarRange } from '../../../../lib/calendar';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { formatCount } from '../analytics/format';
import { Panel, PanelEmpty } from '../analytics/panel';
import type { ReportRange } from '../analytics/search';
import { CHANNEL_LABELS } from '../campaigns/labels';

const value = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** "12 (40%)": a count and its share of the messages that left; the share is left out when none left. */
const withRate = (part: number, whole: number) => `${formatCount(part)}${whole > 0 ? ` (${Math.round((part / whole) * 100)}%)` : ''}`;

type Figures = { recipients: number; sent: number; delivered: number; openedHuman: number; clicked: number; replied: number; unsubscribed: number; dealsWon: number; wonValue: number };

/** The figure cells of a campaign or of the totals; an SMS has no opens or clicks to count. */
function FigureCells({ figures, tracked }: { figures: Figures; tracked: boolean }) {
  return (
    <>
      <Td className="text-end tabular-nums">{formatCount(figures.recipients)}</Td>
      <Td className="text-end tabular-nums">{formatCount(figures.delivered)}</Td>
      <Td className="text-end tabular-nums">{tracked ? withRate(figures.openedHuman, figures.sent) : '—'}</Td>
      <Td className="text-end tabular-nums">{tracked ? withRate(figures.clicked, figures.sent) : '—'}</Td>
      <Td className="text-end tabular-nums">{formatCount(figures.replied)}</Td>
      <Td className="text-end tabular-nums">{formatCount(figures.unsubscribed)}</Td>
      <Td className="text-end tabular-nums">
        {formatCount(figures.dealsWon)}
        {figures.wonValue > 0 ? <span className="text-gray-600 dark:text-gray-400"> · {value.format(figures.wonValue)}</span> : null}
      </Td>
    </>
  );
}

/**
 * The campaigns that started sending within the page's range (days in the organization's time
 * zone, like the reports above), each with its report's figures — opens by people, machine opens
 * apart; rates of the messages that left, as on /app — and the deals won by its recipients within
 * 30 days of its start; the totals cover every campaign of the range.
 */
export function CampaignsSection({ range }: { range: ReportRange }) {
  const query = trpc.campaigns.performance.useQuery(range, { placeholderData: keepPreviousData });
  const report = query.data;
  return (
    <Panel
      title="Campaigns"
      description={
        report
          ? `Campaigns that started sending ${formatCalendarRange(report.period.from, report.period.to)} · deals won within ${report.conversionWindowDays} days of the start`
          : 'Campaigns that started sending in this period'
      }
      busy={query.isPlaceholderData}
    >
      {query.error ? (
        <FormAlert message={errorMessageOf(query.error, 'Could not load the campaigns report')} />
      ) : !report ? null : report.total === 0 ? (
        <PanelEmpty icon={MegaphoneIcon} title="No campaign started sending in this period">
          <Link to="/campaigns" className="text-indigo-700 hover:underline dark:text-indigo-300">
            Go to Campaigns
          </Link>{' '}
          to send one; its figures show here from the day it starts.
        </PanelEmpty>
      ) : (
        <div className="flex flex-col gap-2">
          <Table aria-label="Campaigns in this period">
            <THead>
              <Tr>
                <Th>Campaign</Th>
                <Th>Channel</Th>
                <Th>Started</Th>
                <Th className="text-end">Recipients</Th>
                <Th className="text-end">Delivered</Th>
                <Th className="text-end">Opened</Th>
                <Th className="text-end">Clicked</Th>
                <Th className="text-end">Replied</Th>
                <Th className="text-end">Unsubscribed</Th>
                <Th className="text-end">Deals won</Th>
              </Tr>
            </THead>
            <TBody>
              {report.items.map((c) => (
                <Tr key={c.id}>
                  <Td>
                    <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {c.name}
                    </Link>
                  </Td>
                  <Td>{CHANNEL_LABELS[c.channel]}</Td>
                  <Td className="whitespace-nowrap">{formatDate(c.startedAt, report.period.timezone)}</Td>
                  <FigureCells figures={c} tracked={c.channel === 'email'} />
                </Tr>
              ))}
              <Tr className="bg-gray-50 font-semibold dark:bg-gray-900">
                <Th scope="row" colSpan={3}>
                  {report.total === 1 ? 'Total' : `Total of ${formatCount(report.total)} campaigns`}
                </Th>
                <FigureCells figures={report.totals} tracked={report.items.some((c) => c.channel === 'email')} />
              </Tr>
            </TBody>
          </Table>
          {report.total > report.items.length ? (
            <p className="text-xs text-gray-600 dark:text-gray-400">
              The {formatCount(report.items.length)} newest are listed; the totals count all {formatCount(report.total)}.
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
