import { Link } from '@tanstack/react-router';
import { MegaphoneIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { CHANNEL_LABELS } from '../campaigns/labels';

const RECENT = 5;

/**
 * The dashboard's marketing figures: the latest campaigns that went out (sending or sent) with
 * their recipients, messages sent, people who opened (machine opens apart) and clicked — the same
 * counts as the campaigns list, from the recipients' rows.
 */
export function CampaignsPanel({ timeZone }: { timeZone: string | undefined }) {
  const sent = trpc.campaigns.list.useQuery({ status: 'sent', limit: RECENT });
  const sending = trpc.campaigns.list.useQuery({ status: 'sending', limit: RECENT });
  const items = [...(sending.data?.items ?? []), ...(sent.data?.items ?? [])].sort((a, b) => Date.parse(b.startedAt ?? b.createdAt) - Date.parse(a.startedAt ?? a.createdAt)).slice(0, RECENT);
  if (!sent.data && !sending.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent campaigns</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
            <MegaphoneIcon className="size-4" aria-hidden />
            No campaign has gone out yet.{' '}
            <Link to="/campaigns" className="text-indigo-700 hover:underline dark:text-indigo-300">
              Create one
            </Link>
          </p>
        ) : (
          <Table aria-label="Recent campaigns">
            <THead>
              <Tr>
                <Th>Campaign</Th>
                <Th className="text-right">Sent</Th>
                <Th className="text-right">Opened</Th>
                <Th className="text-right">Clicked</Th>
                <Th>Started</Th>
              </Tr>
            </THead>
            <TBody>
              {items.map((c) => (
                <Tr key={c.id}>
                  <Td>
                    <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {c.name}
                    </Link>
                    <span className="ml-2 text-xs text-gray-600 dark:text-gray-400">{CHANNEL_LABELS[c.channel]}</span>
                  </Td>
                  <Td className="text-right tabular-nums">
                    {c.sent.toLocaleString()} / {c.recipients.toLocaleString()}
                  </Td>
                  <Td className="text-right tabular-nums">{c.channel === 'email' ? `${c.openedHuman.toLocaleString()}${percent(c.openedHuman, c.sent)}` : '—'}</Td>
                  <Td className="text-right tabular-nums">{c.channel === 'email' ? `${c.clicked.toLocaleString()}${percent(c.clicked, c.sent)}` : '—'}</Td>
                  <Td>{c.startedAt ? formatDateTime(c.startedAt, timeZone) : '—'}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? ` (${Math.round((part / whole) * 100)} %)` : '');
