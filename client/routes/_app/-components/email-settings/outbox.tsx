import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../../server/assembly';
import type { EmailStatus } from '../../../../../server/email/schema';
import { FormAlert } from '../../../../components/form';
import { phoneCell, phoneHidden, phoneRow, phoneWide, SectionLoading, SettingsSection, TableFrame, td } from '../../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';

type Summary = inferRouterOutputs<AppRouter>['email']['list']['items'][number];

const PAGE = 25;

const STATUS_TONES: Record<EmailStatus, BadgeTone> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'indigo',
  delivered: 'green',
  bounced: 'red',
  failed: 'red',
  suppressed: 'amber',
  received: 'blue',
};

/** Every e-mail of the organization, newest first, each openable: how it renders, its text, headers and events. */
export function OutboxSection({ timeZone }: { timeZone: string }) {
  const list = trpc.email.list.useInfiniteQuery({ limit: PAGE }, { getNextPageParam: (last) => last.nextCursor ?? undefined, retryOnMount: false });
  const [openId, setOpenId] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <SettingsSection title="Outbox" description="The organization’s e-mails, sent and received, with their state. In the sandbox this is where they arrive: open one to see it as the recipient would.">
      {list.error ? (
        <FormAlert message={errorMessageOf(list.error, 'Could not load the e-mails')} />
      ) : !list.data ? (
        <SectionLoading />
      ) : items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No e-mails yet. Send a test e-mail above, or e-mail a contact from their page.</p>
      ) : (
        <>
          <TableFrame label="E-mails" columns={['Subject', 'To', 'State', 'When']} stackOnPhone>
            <tbody>
              {items.map((m) => (
                <OutboxRow key={m.id} message={m} timeZone={timeZone} onOpen={() => setOpenId(m.id)} />
              ))}
            </tbody>
          </TableFrame>
          {list.hasNextPage ? (
            <div className="mt-4">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Show older e-mails'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <MessageDialog id={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
    </SettingsSection>
  );
}

function OutboxRow({ message, timeZone, onOpen }: { message: Summary; timeZone: string; onOpen: () => void }) {
  return (
    <tr className={phoneRow}>
      <td className={cn(td, phoneCell, phoneWide, 'max-w-[18rem]')}>
        <button type="button" onClick={onOpen} className="truncate text-left font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {message.subject || '(no subject)'}
        </button>
      </td>
      <td className={cn(td, phoneCell, 'break-all')}>{message.direction === 'inbound' ? `from ${message.from}` : message.to}</td>
      <td className={cn(td, phoneCell)}>
        <Badge tone={STATUS_TONES[message.status]}>{message.status}</Badge>
      </td>
      <td className={cn(td, phoneCell, phoneHidden, 'whitespace-nowrap')}>{formatDateTime(message.createdAt, timeZone)}</td>
    </tr>
  );
}

function MessageDialog({ id, timeZone, onClose }: { id: string | null; timeZone: string; onClose: () => void }) {
  const message = trpc.email.get.useQuery({ id: id ?? '' }, { enabled: id !== null, retryOnMount: false });
  const data = id ? message.data : undefined;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{data?.subject ?? 'E-mail'}</DialogTitle>
          <DialogDescription>{data ? `${data.from} → ${data.to}` : 'Loading...'}</DialogDescription>
        </DialogHeader>
        {message.error ? (
          <FormAlert message={errorMessageOf(message.error, 'Could not load the e-mail')} />
        ) : !data ? (
          <SectionLoading />
        ) : (
          <Tabs defaultValue="html">
            <div className="flex flex-wrap items-center gap-3">
              <TabsList aria-label="E-mail views">
                <TabsTrigger value="html">Rendered</TabsTrigger>
                <TabsTrigger value="text">Text</TabsTrigger>
                <TabsTrigger value="headers">Headers</TabsTrigger>
                <TabsTrigger value="events">Events</TabsTrigger>
              </TabsList>
              <Badge tone={STATUS_TONES[data.status]}>{data.status}</Badge>
            </div>
            <TabsContent value="html">
              {/* The message's own HTML, isolated: no scripts, no forms, no same-origin access (an empty sandbox), under the page's policy. */}
              <iframe title="Rendered e-mail" sandbox="" srcDoc={data.html} className="h-[28rem] w-full rounded-md border border-gray-200 bg-white dark:border-gray-800" />
            </TabsContent>
            <TabsContent value="text">
              <pre className="max-h-[28rem] overflow-auto rounded-md bg-gray-50 p-3 text-xs whitespace-pre-wrap dark:bg-gray-950">{data.text}</pre>
            </TabsContent>
            <TabsContent value="headers">
              <dl className="grid max-h-[28rem] grid-cols-[auto_1fr] gap-x-4 gap-y-1 overflow-auto text-xs">
                {Object.entries(data.headers).map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="font-mono text-gray-500 dark:text-gray-400">{name}</dt>
                    <dd className="font-mono break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            </TabsContent>
            <TabsContent value="events">
              <ol className="grid gap-2 text-sm">
                {data.events.map((e, index) => (
                  <li key={index} className="flex flex-wrap gap-x-3">
                    <span className="whitespace-nowrap text-gray-500 dark:text-gray-400">{formatDateTime(e.createdAt, timeZone)}</span>
                    <span className="font-medium">{e.type}</span>
                    {e.detail ? <span className="break-all text-gray-600 dark:text-gray-400">{e.detail}</span> : null}
                  </li>
                ))}
              </ol>
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
