import { Link } from '@tanstack/react-router';
import { MessageSquareIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { formatRelative } from '../../../../lib/format';
import { useCan } from '../../../../lib/auth';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { missingInformation, toastSendError } from './feedback';
import { MessageField } from './message-field';
import type { SmsSearch } from './sms-tool';

const STATUS_TONE: Record<string, 'gray' | 'green' | 'red' | 'indigo' | 'amber'> = { delivered: 'green', failed: 'red', undelivered: 'red', refused: 'red', sent: 'indigo', accepted: 'amber' };

/**
 * Conversations per contact, inbound replies included; a new reply arrives live (sms_received
 * makes these queries stale). `contactId` is the open conversation, kept in the URL.
 */
export function Conversations({ contactId, path, tab }: { contactId: string | undefined; path: '/sms' | '/sms-campaigns'; tab: SmsSearch['tab'] }) {
  const conversations = trpc.sms.conversations.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Conversations</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {conversations.data?.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No conversations yet. Messages you send and the replies to them appear here.</p> : null}
        <ul className="flex flex-col gap-1" aria-label="Conversations">
          {(conversations.data ?? []).map((c) => (
            <li key={c.contactId}>
              <Link
                to={path}
                search={{ tab, contact: c.contactId }}
                className={cn('flex flex-col rounded-md px-2 py-1.5 text-sm hover:bg-gray-100 dark:hover:bg-gray-800', c.contactId === contactId && 'bg-gray-100 dark:bg-gray-800')}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{c.name}</span>
                  <span className="shrink-0 text-xs text-gray-500">{formatRelative(c.lastMessage.createdAt)}</span>
                </span>
                <span className="truncate text-gray-600 dark:text-gray-400">
                  {c.lastMessage.direction === 'inbound' ? '↩ ' : ''}
                  {c.lastMessage.body}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {contactId ? <Thread contactId={contactId} /> : null}
      </CardContent>
    </Card>
  );
}

/** A sent message's delivery receipt usually comes within seconds; an open thread looks again this long. */
const RECEIPT_WAIT_MS = 120_000;
const PENDING = new Set(['accepted', 'queued', 'sending']);

function Thread({ contactId }: { contactId: string }) {
  const thread = trpc.sms.conversation.useQuery(
    { contactId, limit: 50 },
    {
      // Outbound statuses move without a realtime event: an open thread follows its latest messages until they settle.
      refetchInterval: (query) => {
        const waiting = query.state.data?.messages.some(
          (m) => m.direction === 'outbound' && (PENDING.has(m.status) || (m.status === 'sent' && Date.now() - new Date(m.createdAt).getTime() < RECEIPT_WAIT_MS)),
        );
        return waiting ? 2000 : false;
      },
    },
  );
  if (thread.isError) return <p className="text-sm text-red-700 dark:text-red-400">{thread.error.message}</p>;
  if (!thread.data) return null;
  const { contact, messages } = thread.data;
  return (
    <section aria-label={`Conversation with ${contact.name}`} className="flex flex-col gap-2 border-t border-gray-200 pt-3 dark:border-gray-800">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <MessageSquareIcon className="size-4" aria-hidden />
        <Link to="/contacts/$contactId" params={{ contactId: contact.id }} className="underline-offset-2 hover:underline">
          {contact.name}
        </Link>
        {contact.phone ? <span className="font-mono text-xs text-gray-500">{contact.phone}</span> : null}
        {contact.optedOut ? <Badge tone="red">Opted out of SMS</Badge> : null}
      </h3>
      <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto" data-testid="sms-thread">
        {messages.map((m) => (
          <li key={m.id} className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', m.direction === 'inbound' ? 'self-start bg-gray-100 dark:bg-gray-800' : 'self-end bg-indigo-50 dark:bg-indigo-950')}>
            <p className="break-words whitespace-pre-wrap">{m.body}</p>
            <p className="mt-1 flex items-center gap-2 text-xs text-gray-500">
              {formatRelative(m.createdAt)}
              {m.direction === 'outbound' ? <Badge tone={STATUS_TONE[m.status] ?? 'gray'}>{m.status}</Badge> : null}
              {m.errorMessage && m.direction === 'outbound' ? <span>{m.errorMessage}</span> : null}
            </p>
          </li>
        ))}
      </ol>
      <Reply contactId={contact.id} name={contact.name} to={conversationNumber(messages) ?? contact.phone} optedOut={contact.optedOut} />
    </section>
  );
}

/** The number this conversation is on: the latest message's other end, else the contact's phone. */
function conversationNumber(messages: { direction: 'inbound' | 'outbound'; from: string | null; to: string }[]): string | null {
  const last = messages.at(-1);
  if (!last) return null;
  return last.direction === 'inbound' ? last.from : last.to;
}

/** A reply from the conversation: it goes to this contact (contactId), even on a number another contact shares. */
function Reply({ contactId, name, to, optedOut }: { contactId: string; name: string; to: string | null; optedOut: boolean }) {
  const canSend = useCan('sms:send');
  const [message, setMessage] = useState('');
  const utils = trpc.useUtils();
  const send = trpc.sms.send.useMutation({
    onSuccess: () => {
      toast({ title: 'SMS Sent Successfully', description: `Message sent to ${name}` });
      setMessage('');
      void utils.sms.invalidate();
    },
    onError: (error) => toastSendError(error, { failedTitle: 'SMS Failed', errorTitle: 'SMS Error', fallback: 'Failed to send SMS' }),
  });
  if (!canSend || !to || optedOut) return null;
  return (
    <form
      aria-label={`Reply to ${name}`}
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!message.trim()) return missingInformation('Please enter a message');
        send.mutate({ to, message, contactId });
      }}
    >
      <MessageField label={`Reply to ${name}`} value={message} onChange={setMessage} />
      <div>
        <Button type="submit" size="sm" disabled={send.isPending}>
          <SendIcon className="size-4" aria-hidden />
          {send.isPending ? 'Sending...' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
