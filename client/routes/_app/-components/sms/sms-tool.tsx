import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { Page } from '../../../../components/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { useCan } from '../../../../lib/auth';
import { AccountSummary } from './account';
import { AnalyticsTab } from './analytics';
import { BulkTab } from './bulk';
import { ComposeTab } from './compose';
import { Conversations } from './conversations';
import { TemplatesTab } from './templates';

export const SMS_TABS = ['compose', 'templates', 'bulk', 'analytics'] as const;
export type SmsTab = (typeof SMS_TABS)[number];
const TAB_LABELS: Record<SmsTab, string> = { compose: 'Compose', templates: 'Templates', bulk: 'Bulk', analytics: 'Analytics' };

/** The tab and the open conversation live in the URL. */
export const ZSmsSearch = z.object({
  tab: z.enum(SMS_TABS).optional().catch(undefined),
  contact: z.uuid().optional().catch(undefined),
});
export type SmsSearch = z.infer<typeof ZSmsSearch>;

/** The SMS Campaigns tool (spec §2.10), served at /sms and /sms-campaigns. */
export function SmsTool({ title, path, search }: { title: string; path: '/sms' | '/sms-campaigns'; search: SmsSearch }) {
  const navigate = useNavigate({ from: path });
  const canSend = useCan('sms:send');
  const tab = search.tab ?? 'compose';
  return (
    <Page title={title} description="Text your contacts one at a time, from a template, or in bulk; replies land in their conversation.">
      <AccountSummary />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs value={tab} onValueChange={(value) => void navigate({ search: (prev) => ({ ...prev, tab: value === 'compose' ? undefined : (value as SmsTab) }) })}>
          <TabsList aria-label="SMS tools">
            {SMS_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="compose">
            <ComposeTab canSend={canSend} />
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesTab canSend={canSend} />
          </TabsContent>
          <TabsContent value="bulk">
            <BulkTab canSend={canSend} />
          </TabsContent>
          <TabsContent value="analytics">
            <AnalyticsTab />
          </TabsContent>
        </Tabs>
        <Conversations contactId={search.contact} path={path} tab={search.tab} />
      </div>
    </Page>
  );
}
