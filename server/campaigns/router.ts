import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import {
  ZAudienceCount,
  ZAudienceCountInput,
  ZCampaignDetail,
  ZCampaignIdInput,
  ZCampaignList,
  ZCampaignStats,
  ZCampaignPerformance,
  ZPerformanceInput,
  ZCreateCampaignInput,
  ZEngagement,
  ZEngagementInput,
  ZListCampaignsInput,
  ZRecipientPage,
  ZRecipientsInput,
  ZScheduleInput,
  ZSmsSegmentCount,
  ZSmsSegmentCountInput,
  ZSmsSegmentSendInput,
  ZStatsInput,
  ZTestSendInput,
  ZTestSendResult,
  ZUpdateCampaignInput,
  ZCreateListInput,
  ZImportListInput,
  ZListContactsInput,
  ZListIdInput,
  ZListMatchingInput,
  ZListImportResult,
  ZListMembersChanged,
  ZListsAnswer,
  ZListSummary,
  ZRenameListInput,
} from './schema';
import { ZSmsBulkSent } from '../sms/schema';
import * as campaigns from './service';

export const campaignsRouter = router({
  list: permittedProcedure('campaigns:read')
    .input(ZListCampaignsInput)
    .output(ZCampaignList)
    .query(({ ctx, input }) => campaigns.listCampaigns(ctx, input)),
  get: permittedProcedure('campaigns:read')
    .input(ZCampaignIdInput)
    .output(ZCampaignDetail)
    .query(({ ctx, input }) => campaigns.getCampaign(ctx, input)),
  create: permittedProcedure('campaigns:write')
    .input(ZCreateCampaignInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.createCampaign(ctx, input)),
  update: permittedProcedure('campaigns:write')
    .input(ZUpdateCampaignInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.updateCampaign(ctx, input)),
  delete: permittedProcedure('campaigns:write')
    .input(ZCampaignIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => campaigns.deleteCampaign(ctx, input)),
  audienceCount: permittedProcedure('campaigns:read')
    .input(ZAudienceCountInput)
    .output(ZAudienceCount)
    .query(({ ctx, input }) => campaigns.audienceCount(ctx, input)),
  // The SMS tool's bulk tab picks a segment: an SMS sender's rights, not a campaign manager's.
  smsSegmentCount: permittedProcedure('sms:send')
    .input(ZSmsSegmentCountInput)
    .output(ZSmsSegmentCount)
    .query(({ ctx, input }) => campaigns.smsSegmentCount(ctx, input)),
  smsSegmentSend: permittedProcedure('sms:send')
    .input(ZSmsSegmentSendInput)
    .output(ZSmsBulkSent)
    .mutation(({ ctx, input }) => campaigns.sendSmsToSegment(ctx, input)),
  send: permittedProcedure('campaigns:write')
    .input(ZCampaignIdInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.sendCampaign(ctx, input)),
  schedule: permittedProcedure('campaigns:write')
    .input(ZScheduleInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.scheduleCampaign(ctx, input)),
  pause: permittedProcedure('campaigns:write')
    .input(ZCampaignIdInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.pauseCampaign(ctx, input)),
  resume: permittedProcedure('campaigns:write')
    .input(ZCampaignIdInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.resumeCampaign(ctx, input)),
  cancel: permittedProcedure('campaigns:write')
    .input(ZCampaignIdInput)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => campaigns.cancelCampaign(ctx, input)),
  stats: permittedProcedure('campaigns:read')
    .input(ZStatsInput)
    .output(ZCampaignStats)
    .query(({ ctx, input }) => campaigns.campaignStats(ctx, input)),
  // /reports' Campaigns section: the campaigns that started sending within the page's range.
  performance: permittedProcedure('campaigns:read')
    .input(ZPerformanceInput)
    .output(ZCampaignPerformance)
    .query(({ ctx, input }) => campaigns.campaignPerformance(ctx, input)),
  engagement: permittedProcedure('campaigns:read')
    .input(ZEngagementInput)
    .output(ZEngagement)
    .query(({ ctx, input }) => campaigns.engagementOverTime(ctx, input)),
  recipients: permittedProcedure('campaigns:read')
    .input(ZRecipientsInput)
    .output(ZRecipientPage)
    .query(({ ctx, input }) => campaigns.campaignRecipients(ctx, input)),
  testSend: permittedProcedure('campaigns:write')
    .input(ZTestSendInput)
    .output(ZTestSendResult)
    .mutation(({ ctx, input }) => campaigns.testSend(ctx, input)),
  // Static lists: audiences by CSV import or by a selection in the contacts list.
  lists: permittedProcedure('campaigns:read')
    .output(ZListsAnswer)
    .query(({ ctx }) => campaigns.listLists(ctx)),
  listGet: permittedProcedure('campaigns:read')
    .input(ZListIdInput)
    .output(ZListSummary)
    .query(({ ctx, input }) => campaigns.getList(ctx, input)),
  listCreate: permittedProcedure('campaigns:write')
    .input(ZCreateListInput)
    .output(ZListSummary)
    .mutation(({ ctx, input }) => campaigns.createList(ctx, input)),
  listRename: permittedProcedure('campaigns:write')
    .input(ZRenameListInput)
    .output(ZListSummary)
    .mutation(({ ctx, input }) => campaigns.renameList(ctx, input)),
  listDelete: permittedProcedure('campaigns:write')
    .input(ZListIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => campaigns.deleteList(ctx, input)),
  listAddContacts: permittedProcedure('campaigns:write')
    .input(ZListContactsInput)
    .output(ZListMembersChanged)
    .mutation(({ ctx, input }) => campaigns.addContactsToList(ctx, input)),
  listAddMatching: permittedProcedure('campaigns:write')
    .input(ZListMatchingInput)
    .output(ZListMembersChanged)
    .mutation(({ ctx, input }) => campaigns.addMatchingContactsToList(ctx, input)),
  listRemoveContacts: permittedProcedure('campaigns:write')
    .input(ZListContactsInput)
    .output(ZListMembersChanged)
    .mutation(({ ctx, input }) => campaigns.removeContactsFromList(ctx, input)),
  listImport: permittedProcedure('campaigns:write')
    .input(ZImportListInput)
    .output(ZListImportResult)
    .mutation(({ ctx, input }) => campaigns.importList(ctx, input)),
});
