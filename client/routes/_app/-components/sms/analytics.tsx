import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { trpc } from '../../../../lib/trpc';

const DAYS = 30;
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** Analytics: the organization's real figures of the last 30 days, and each day's. */
export function AnalyticsTab() {
  const stats = trpc.sms.statistics.useQuery({ days: DAYS });
  const data = stats.data;
  if (!data) return <p className="text-sm text-gray-600 dark:text-gray-400">{stats.isError ? 'The figures could not be loaded.' : 'Loading the figures…'}</p>;
  const cards = [
    { label: 'Sent', value: data.totals.sent.toLocaleString() },
    { label: 'Delivered', value: data.totals.delivered.toLocaleString() },
    { label: 'Failed', value: data.totals.failed.toLocaleString() },
    { label: 'Delivery rate', value: percent(data.totals.deliveryRate) },
    { label: 'Opt-outs', value: data.totals.optOuts.toLocaleString() },
    { label: 'Replies', value: data.totals.replies.toLocaleString() },
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label={`SMS figures, last ${DAYS} days`}>
        {cards.map((card) => (
          <Card key={card.label} className="p-4">
            <dt className="text-xs font-medium text-gray-600 dark:text-gray-400">{card.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`sms-stat-${card.label.toLowerCase().replace(/\W+/g, '-')}`}>
              {card.value}
            </dd>
          </Card>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle as="h2">By day</CardTitle>
          <CardDescription>
            Last {DAYS} days, in {data.timeZone}. Sent counts messages handed to the carrier network; the delivery rate is delivered of sent.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.byDay.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">No messages in the last {DAYS} days.</p>
          ) : (
            <Table>
              <THead>
                <Tr>
                  <Th>Day</Th>
                  <Th className="text-right">Sent</Th>
                  <Th className="text-right">Delivered</Th>
                  <Th className="text-right">Failed</Th>
                  <Th className="text-right">Delivery rate</Th>
                  <Th className="text-right">Opt-outs</Th>
                  <Th className="text-right">Replies</Th>
                </Tr>
              </THead>
              <TBody>
                {[...data.byDay].reverse().map((d) => (
                  <Tr key={d.day}>
                    <Td>{d.day}</Td>
                    <Td className="text-right tabular-nums">{d.sent}</Td>
                    <Td className="text-right tabular-nums">{d.delivered}</Td>
                    <Td className="text-right tabular-nums">{d.failed}</Td>
                    <Td className="text-right tabular-nums">{percent(d.sent > 0 ? d.delivered / d.sent : null)}</Td>
                    <Td className="text-right tabular-nums">{d.optOuts}</Td>
                    <Td className="text-right tabular-nums">{d.replies}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
