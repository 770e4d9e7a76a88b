import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import type { TCampaignChannel, TCampaignStatus, TEmailBlock } from '../../../../lib/campaigns-schema';
import { issuesOf } from '../../../../lib/errors';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/assembly';

type Outputs = inferRouterOutputs<AppRouter>;
/** A campaign as the app reads it (campaigns.get), and its figures (campaigns.stats). */
export type Campaign = Outputs['campaigns']['get'];
export type CampaignStats = Outputs['campaigns']['stats'];

export const CHANNEL_LABELS: Record<TCampaignChannel, string> = { email: 'E-mail', sms: 'SMS' };

const STATUS_TONES: Record<TCampaignStatus, BadgeTone> = { draft: 'gray', scheduled: 'blue', sending: 'indigo', paused: 'amber', sent: 'green', cancelled: 'red' };

export function CampaignStatusBadge({ status }: { status: TCampaignStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
}

/** A server refusal's field issues by path ("email.subject" → "is required"). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return Object.fromEntries(issuesOf(error).map((issue) => [issue.path, issue.message]));
}

/** A new block's id: short, unique within the e-mail. */
export const newBlockId = () => `b${crypto.randomUUID().slice(0, 8)}`;

/** What a new draft starts with: a heading, a paragraph and the footer for an e-mail; a short text with the opt-out line for SMS. */
export function newCampaignContent(channel: TCampaignChannel) {
  if (channel === 'sms') return { sms: { body: 'Hi {{contact.firstName | there}}, … Reply STOP to opt out.' } };
  const blocks: TEmailBlock[] = [
    { id: newBlockId(), type: 'heading', text: 'Hello {{contact.firstName | there}}', level: 1, align: 'left' },
    { id: newBlockId(), type: 'text', text: 'Write your message here.', align: 'left' },
    { id: newBlockId(), type: 'footer', postalAddress: '', unsubscribeLabel: 'Unsubscribe' },
  ];
  return { email: { subject: 'News from us', content: { kind: 'blocks' as const, blocks } } };
}
