import { SendIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ConversationView } from '../../../../../server/conversations/service';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../../../server/chat/schema';
import { REPLY_MAX_LENGTH } from '../../../../../server/conversations/schema';
import { SMS_MAX_LENGTH } from '../../../../../server/sms/schema';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/textarea';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';

const MAX_LENGTH = { chat: CHAT_MESSAGE_MAX_LENGTH, sms: SMS_MAX_LENGTH, email: REPLY_MAX_LENGTH } as const;
const PLACEHOLDERS = {
  chat: 'Write a reply — the visitor sees it at once in the chat widget',
  sms: 'Write a reply — sent as an SMS to this contact',
  email: 'Write a reply — sent by e-mail in this thread',
} as const;

/** The reply box of a thread: it answers on the thread's own channel (the server picks it from the thread). */
export function ReplyBox({ conversation }: { conversation: ConversationView }) {
  const [text, setText] = useState('');
  const utils = trpc.useUtils();
  const reply = trpc.conversations.reply.useMutation({
    onSuccess: async () => {
      setText('');
      await Promise.all([utils.conversations.invalidate(), utils.chat.invalidate(), utils.sms.invalidate()]);
    },
  });
  const optedOut = conversation.channel === 'sms' && conversation.contact?.smsOptedOut;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() && !reply.isPending) reply.mutate({ id: conversation.id, text });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-gray-200 p-4 dark:border-gray-800">
      <FormAlert message={reply.error ? errorMessageOf(reply.error, 'The reply could not be sent.') : optedOut ? 'This contact has opted out of SMS: a reply would be refused.' : null} />
      <label htmlFor="conversation-reply" className="sr-only">
        Reply
      </label>
      <Textarea
        id="conversation-reply"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MAX_LENGTH[conversation.channel]}
        // A chat is answered in the visitor's language as a rule: spelling checked in it, Arabic right to left.
        lang={conversation.chat?.language}
        dir="auto"
        placeholder={PLACEHOLDERS[conversation.channel]}
        rows={conversation.channel === 'email' ? 6 : 3}
        onKeyDown={(event) => {
          // In a chat or an SMS, Enter sends and Shift+Enter starts a new line; an e-mail is written in paragraphs.
          if (conversation.channel !== 'email' && event.key === 'Enter' && !event.shiftKey) onSubmit(event);
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {text.length.toLocaleString()} / {MAX_LENGTH[conversation.channel].toLocaleString()}
        </span>
        <Button type="submit" disabled={reply.isPending || !text.trim() || Boolean(optedOut)}>
          <SendIcon className="size-4" aria-hidden />
          Send reply
        </Button>
      </div>
    </form>
  );
}
