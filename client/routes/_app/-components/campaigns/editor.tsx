import { useNavigate } from '@tanstack/react-router';
import { SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { FormAlert, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import type { TAudience, TEmailBlock } from '../../../../lib/campaigns-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { AbTestForm, abTestErrors, bodyBBlocks, type AbTestDraft } from './ab-test-form';
import { AudiencePicker } from './audience-picker';
import { BlockEditor, blockErrors } from './block-editor';
import { EmailPreview } from './email-preview';
import { fieldErrorsOf, type Campaign } from './labels';
import { ScheduleForm } from './schedule';
import { SmsComposer } from './sms-composer';

type Tab = 'content' | 'audience' | 'schedule';

/** What the editor changes before saving: the campaign's name, message and audience. */
export type Draft = { name: string; subject: string; blocks: TEmailBlock[]; html: string | null; smsBody: string; audience: TAudience; abTest: AbTestDraft | null };

/** The stored test as the form edits it (a JSON answer leaves `blocks` optional where the schema has it unknown). */
function abTestDraftOf(test: Campaign['abTest']): AbTestDraft | null {
  if (!test) return null;
  const { contentB, ...rest } = test;
  return { ...rest, ...(contentB ? { contentB: contentB.kind === 'blocks' ? { kind: 'blocks' as const, blocks: contentB.blocks } : contentB } : {}) };
}

function draftOf(campaign: Campaign): Draft {
  const content = campaign.email?.content;
  return {
    name: campaign.name,
    subject: campaign.email?.subject ?? '',
    blocks: content?.kind === 'blocks' && Array.isArray(content.blocks) ? (content.blocks as TEmailBlock[]) : [],
    html: content?.kind === 'html' ? content.html : null,
    smsBody: campaign.sms?.body ?? '',
    audience: campaign.audience,
    abTest: abTestDraftOf(campaign.abTest),
  };
}

/** The update a draft saves: an e-mail's blocks (or its HTML, written through the API, kept as it is) or an SMS body. */
export function updateOf(campaign: Campaign, draft: Draft) {
  const base = { id: campaign.id, name: draft.name, audience: draft.audience };
  if (campaign.channel === 'sms') return { ...base, sms: { body: draft.smsBody } };
  const content = draft.html !== null && campaign.email?.content.kind === 'html' ? campaign.email.content : { kind: 'blocks' as const, blocks: draft.blocks };
  return { ...base, email: { subject: draft.subject, content }, abTest: draft.abTest };
}

export function CampaignEditor({ campaign, tab }: { campaign: Campaign; tab: Tab }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(campaign));
  // Which body the block editor and the preview show when the test has a body B.
  const [shown, setShown] = useState<'a' | 'b'>('a');
  const [dirty, setDirty] = useState(false);
  const utils = trpc.useUtils();
  const update = trpc.campaigns.update.useMutation({
    onSuccess: (saved) => {
      utils.campaigns.get.setData({ id: saved.id }, saved);
      void utils.campaigns.list.invalidate();
      setDirty(false);
      toast({ title: 'Campaign saved' });
    },
  });
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const errors = fieldErrorsOf(update.error);
  const blocksB = bodyBBlocks(draft.abTest);
  const version = blocksB ? shown : 'a';
  const contentInvalid =
    campaign.channel === 'email' &&
    ((draft.html === null && Object.keys(blockErrors(draft.blocks)).length > 0) ||
      (blocksB !== null && Object.keys(blockErrors(blocksB)).length > 0) ||
      Object.keys(abTestErrors(draft.abTest)).length > 0);
  const shownSubject = version === 'b' ? (draft.abTest?.subjectB ?? draft.subject) : draft.subject;
  const shownBlocks = version === 'b' ? blocksB! : draft.blocks;
  const changeBlocks = (blocks: TEmailBlock[]) => (version === 'b' ? change({ abTest: { ...draft.abTest!, contentB: { kind: 'blocks', blocks } } }) : change({ blocks }));
  const save = () => update.mutateAsync(updateOf(campaign, draft));
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-wrap items-end gap-3 pt-6">
          <TextField label="Campaign name" className="min-w-64 flex-1" value={draft.name} onChange={(e) => change({ name: e.target.value })} error={errors.name} />
          <Button disabled={update.isPending || !dirty || contentInvalid} onClick={() => void save().catch(() => undefined)}>
            <SaveIcon className="size-4" aria-hidden />
            {update.isPending ? 'Saving…' : dirty ? 'Save draft' : 'Saved'}
          </Button>
        </CardContent>
        {contentInvalid ? <p className="px-6 pb-4 text-sm text-amber-700 dark:text-amber-400">Fix the fields marked in red before saving.</p> : null}
        <FormAlert className="mx-6 mb-4" message={update.error && Object.keys(errors).length !== 1 ? errorMessageOf(update.error, 'Could not save the campaign') : null} />
      </Card>
      <Tabs value={tab} onValueChange={(value) => void navigate({ to: '/campaigns/$campaignId', params: { campaignId: campaign.id }, search: { tab: value as Tab } })}>
        <TabsList aria-label="Campaign steps">
          <TabsTrigger value="content">Content</TabsTrigger>
          <TabsTrigger value="audience">Audience</TabsTrigger>
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
        </TabsList>
        <TabsContent value="content" className="mt-4">
          {campaign.channel === 'sms' ? (
            <SmsComposer body={draft.smsBody} onChange={(smsBody) => change({ smsBody })} error={errors['sms.body']} audience={draft.audience} />
          ) : (
            <div className="grid gap-4 xl:grid-cols-2">
              <div className="flex flex-col gap-4">
                <TextField label="Subject" value={draft.subject} onChange={(e) => change({ subject: e.target.value })} error={errors['email.subject']} hint="Merge fields work here too." />
                <AbTestForm test={draft.abTest} subject={draft.subject} blocks={draft.html === null ? draft.blocks : null} onChange={(abTest) => change({ abTest })} errors={errors} />
                {draft.html !== null ? (
                  <p className="text-sm text-gray-600 dark:text-gray-400">This campaign’s body is HTML sent through the API; it is sent as it is.</p>
                ) : (
                  <>
                    {blocksB ? (
                      <SegmentedControl
                        label="Body shown"
                        value={version}
                        onValueChange={setShown}
                        options={[
                          { value: 'a', label: 'A', description: 'Body A' },
                          { value: 'b', label: 'B', description: 'Body B' },
                        ]}
                      />
                    ) : null}
                    {/* A key per version: each body's block forms keep their own state. */}
                    <BlockEditor key={version} blocks={shownBlocks} onChange={changeBlocks} />
                  </>
                )}
              </div>
              {draft.html === null ? <EmailPreview campaignId={campaign.id} subject={shownSubject} blocks={shownBlocks} variant={version} dirty={dirty} onSave={save} /> : null}
            </div>
          )}
        </TabsContent>
        <TabsContent value="audience" className="mt-4">
          <AudiencePicker channel={campaign.channel} audience={draft.audience} onChange={(audience) => change({ audience })} />
        </TabsContent>
        <TabsContent value="schedule" className="mt-4">
          <ScheduleForm campaign={campaign} dirty={dirty} onSave={save} contentInvalid={contentInvalid} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
