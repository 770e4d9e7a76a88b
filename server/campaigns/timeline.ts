import { recordActivities, type ActivityInput } from '../activities/service';
import type { Db } from '../db';

/**
 * A campaign on its recipients' timelines: one `campaign_sent` entry when a contact's message is
 * handed to the channel, and a person's first open and first click of each link
 * (`campaign_opened`, `campaign_clicked`; machine fetches never). Each is written in the transaction
 * of the recipient's change it records, as every timeline entry is.
 */
export type CampaignTimelineType = 'campaign_sent' | 'campaign_opened' | 'campaign_clicked';

type CampaignRef = { organizationId: string; campaignId: string; campaignName: string; channel: 'email' | 'sms' };

export function campaignEntry(campaign: CampaignRef, type: CampaignTimelineType, contactId: string, recipientId: string, url?: string): ActivityInput {
  return {
    organizationId: campaign.organizationId,
    contactId,
    type,
    actorUserId: null,
    payload: { campaignId: campaign.campaignId, campaignName: campaign.campaignName, channel: campaign.channel, recipientId, ...(url !== undefined ? { url } : {}) },
  };
}

/** The `campaign_sent` entries of the rows just handed over (rows without a contact have no timeline). */
export async function recordCampaignSent(trx: Db, campaign: CampaignRef, rows: { id: string; contact_id: string | null }[]): Promise<void> {
  await recordActivities(
    trx,
    rows.flatMap((row) => (row.contact_id ? [campaignEntry(campaign, 'campaign_sent', row.contact_id, row.id)] : [])),
  );
}
