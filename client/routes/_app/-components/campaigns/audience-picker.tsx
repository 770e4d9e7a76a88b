import { keepPreviousData } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useDeferredValue } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { SavedViewSelect } from '../../../../components/saved-view-select';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ACTIVITY_KINDS, ZAudience, type TAudience, type TAudienceCondition, type TCampaignChannel } from '../../../../lib/campaigns-schema';
import { LIFECYCLE_STAGES } from '../../../../../server/contacts/schema';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';

type Mode = 'tag' | 'saved_view' | 'list' | 'segment';
type Condition = TAudienceCondition;

/** How the stored audience reads in the picker: one tag, one saved view, or a segment of conditions. */
function modeOf(audience: TAudience): Mode {
  const [only] = audience.conditions;
  if (audience.conditions.length === 1 && only && 'type' in only && only.type === 'tag' && !only.negate) return 'tag';
  if (audience.conditions.length === 1 && only && 'type' in only && only.type === 'saved_view') return 'saved_view';
  if (audience.conditions.length === 1 && only && 'type' in only && only.type === 'list') return 'list';
  return 'segment';
}

const CONDITION_LABELS: Record<'tag' | 'lifecycle_stage' | 'activity' | 'created_between', string> = {
  tag: 'Has tag',
  lifecycle_stage: 'Lifecycle stage',
  activity: 'Opened, clicked or replied',
  created_between: 'Created between',
};

function newCondition(type: keyof typeof CONDITION_LABELS): Condition {
  switch (type) {
    case 'tag':
      return { type, tag: '', negate: false };
    case 'lifecycle_stage':
      return { type, stages: ['lead'] };
    case 'activity':
      return { type, activity: 'opened', withinDays: 30 };
    case 'created_between':
      return { type };
  }
}

/** Who gets the campaign: a tag, a saved view or a segment, with the live count of who it reaches and who is left out. */
export function AudiencePicker({ channel, audience, onChange }: { channel: TCampaignChannel; audience: TAudience; onChange: (audience: TAudience) => void }) {
  const mode = modeOf(audience);
  const views = trpc.savedViews.list.useQuery();
  const tags = trpc.contacts.tags.useQuery({});
  const lists = trpc.campaigns.lists.useQuery();
  const deferred = useDeferredValue(audience);
  const parsed = ZAudience.safeParse(deferred);
  const count = trpc.campaigns.audienceCount.useQuery(
    { channel, audience: parsed.success ? parsed.data : { match: 'all', conditions: [] } },
    { enabled: parsed.success, placeholderData: keepPreviousData },
  );
  const only = audience.conditions[0] as Condition | undefined;
  const setMode = (next: Mode) => {
    if (next === 'tag') onChange({ match: 'all', conditions: [{ type: 'tag', tag: tags.data?.items[0]?.tag ?? '', negate: false }] });
    else if (next === 'saved_view') onChange({ match: 'all', conditions: views.data?.[0] ? [{ type: 'saved_view', savedViewId: views.data[0].id }] : [] });
    else if (next === 'list') onChange({ match: 'all', conditions: lists.data?.items[0] ? [{ type: 'list', listId: lists.data.items[0].id }] : [] });
    else onChange({ match: 'all', conditions: audience.conditions });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Audience</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SelectField label="Send to" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="tag">Contacts with a tag</option>
            <option value="saved_view">A saved view of contacts</option>
            <option value="list">A static list (CSV import or selection)</option>
            <option value="segment">A segment (conditions)</option>
          </SelectField>
          {mode === 'tag' && only?.type === 'tag' ? (
            <SelectField label="Tag" value={only.tag} onChange={(e) => onChange({ match: 'all', conditions: [{ type: 'tag', tag: e.target.value, negate: false }] })}>
              <option value="">Choose a tag…</option>
              {(tags.data?.items ?? []).map((t) => (
                <option key={t.tag} value={t.tag}>
                  {t.tag} ({t.count.toLocaleString()})
                </option>
              ))}
            </SelectField>
          ) : null}
          {mode === 'saved_view' ? (
            <SavedViewSelect
              views={views.data}
              value={only?.type === 'saved_view' ? only.savedViewId : ''}
              onChange={(savedViewId) => onChange({ match: 'all', conditions: [{ type: 'saved_view', savedViewId }] })}
            />
          ) : null}
          {mode === 'list' ? (
            (lists.data?.items.length ?? 0) === 0 && !lists.isLoading ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">No lists yet: import a CSV under “Lists” on this page, or select contacts in Contacts and choose “Add to list”.</p>
            ) : (
              <SelectField
                label="List"
                value={only?.type === 'list' ? only.listId : ''}
                onChange={(e) => onChange({ match: 'all', conditions: e.target.value ? [{ type: 'list', listId: e.target.value }] : [] })}
              >
                <option value="">Choose a list…</option>
                {(lists.data?.items ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({l.members.toLocaleString()})
                  </option>
                ))}
              </SelectField>
            )
          ) : null}
          {mode === 'segment' ? <SegmentBuilder audience={audience} onChange={onChange} tags={(tags.data?.items ?? []).map((t) => t.tag)} /> : null}
          {!parsed.success ? <p className="text-sm text-red-600 dark:text-red-400">{parsed.error.issues.map((i) => `${['audience', ...i.path].join('.')}: ${i.message}`)[0]}</p> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Reach</CardTitle>
        </CardHeader>
        <CardContent>
          <FormAlert message={count.error ? errorMessageOf(count.error, 'Could not count the audience') : null} />
          {count.data ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="audience-count" aria-live="polite">
              <dt className="font-medium">Will receive it</dt>
              <dd className="text-right font-semibold tabular-nums">{count.data.eligible.toLocaleString()}</dd>
              <dt className="text-gray-600 dark:text-gray-400">Matching contacts</dt>
              <dd className="text-right tabular-nums">{count.data.matched.toLocaleString()}</dd>
              <dt className="text-gray-600 dark:text-gray-400">No {channel === 'email' ? 'e-mail address' : 'phone number'}</dt>
              <dd className="text-right tabular-nums">{count.data.noAddress.toLocaleString()}</dd>
              <dt className="text-gray-600 dark:text-gray-400">Opted out</dt>
              <dd className="text-right tabular-nums">{count.data.optedOut.toLocaleString()}</dd>
              {channel === 'email' ? (
                <>
                  <dt className="text-gray-600 dark:text-gray-400">Suppressed (bounced, complained)</dt>
                  <dd className="text-right tabular-nums">{count.data.suppressed.toLocaleString()}</dd>
                  <dt className="text-gray-600 dark:text-gray-400">Unsubscribed</dt>
                  <dd className="text-right tabular-nums">{count.data.unsubscribed.toLocaleString()}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">Counting…</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Conditions combined with all / any; each names its own fields. */
function SegmentBuilder({ audience, onChange, tags }: { audience: TAudience; onChange: (audience: TAudience) => void; tags: string[] }) {
  const conditions = audience.conditions;
  const set = (index: number, condition: Condition) => onChange({ ...audience, conditions: conditions.map((c, i) => (i === index ? condition : c)) });
  return (
    <div className="flex flex-col gap-3" data-testid="segment-builder">
      <SelectField label="Match" value={audience.match} onChange={(e) => onChange({ ...audience, match: e.target.value as 'all' | 'any' })}>
        <option value="all">All of these conditions</option>
        <option value="any">Any of these conditions</option>
      </SelectField>
      {conditions.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No conditions: every contact.</p> : null}
      <ol className="flex flex-col gap-3">
        {conditions.map((condition, index) => (
          // Conditions have no id; their position is their identity while editing.
          <li key={`${index}-${'type' in condition ? condition.type : 'group'}`} className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-800">
            {'type' in condition ? (
              <ConditionFields condition={condition} tags={tags} onChange={(next) => set(index, next)} />
            ) : (
              <p className="text-sm">A group of {condition.conditions.length} conditions (made through the API)</p>
            )}
            <Button variant="ghost" aria-label={`Remove condition ${index + 1}`} onClick={() => onChange({ ...audience, conditions: conditions.filter((_, i) => i !== index) })}>
              <Trash2Icon className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <SelectField
        label="Add a condition"
        value=""
        className="w-fit"
        onChange={(e) => {
          const type = e.target.value as keyof typeof CONDITION_LABELS;
          if (type) onChange({ ...audience, conditions: [...conditions, newCondition(type)] });
        }}
      >
        <option value="">Choose…</option>
        {Object.entries(CONDITION_LABELS).map(([type, label]) => (
          <option key={type} value={type}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function ConditionFields({ condition, tags, onChange }: { condition: Condition; tags: string[]; onChange: (condition: Condition) => void }) {
  switch (condition.type) {
    case 'tag':
      return (
        <>
          <SelectField label="Contacts" value={condition.negate ? 'without' : 'with'} onChange={(e) => onChange({ ...condition, negate: e.target.value === 'without' })}>
            <option value="with">with the tag</option>
            <option value="without">without the tag</option>
          </SelectField>
          <SelectField label="Tag" value={condition.tag} onChange={(e) => onChange({ ...condition, tag: e.target.value })}>
            <option value="">Choose a tag…</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
        </>
      );
    case 'lifecycle_stage':
      return (
        <SelectField label="Lifecycle stage" value={condition.stages[0]} onChange={(e) => onChange({ ...condition, stages: [e.target.value as (typeof LIFECYCLE_STAGES)[number]] })}>
          {LIFECYCLE_STAGES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      );
    case 'activity':
      return (
        <>
          <SelectField label="Activity" value={condition.activity} onChange={(e) => onChange({ ...condition, activity: e.target.value as (typeof ACTIVITY_KINDS)[number] })}>
            {ACTIVITY_KINDS.map((a) => (
              <option key={a} value={a}>
                {a} a campaign
              </option>
            ))}
          </SelectField>
          <TextField label="In the last (days)" type="number" min={1} max={3650} value={condition.withinDays} onChange={(e) => onChange({ ...condition, withinDays: Number(e.target.value) })} />
        </>
      );
    case 'created_between':
      return (
        <>
          <TextField
            label="Created from"
            type="date"
            value={condition.from?.slice(0, 10) ?? ''}
            onChange={(e) => onChange({ type: 'created_between', ...(e.target.value ? { from: `${e.target.value}T00:00:00Z` } : {}), ...(condition.to ? { to: condition.to } : {}) })}
          />
          <TextField
            label="Created until"
            type="date"
            value={condition.to?.slice(0, 10) ?? ''}
            onChange={(e) => onChange({ type: 'created_between', ...(condition.from ? { from: condition.from } : {}), ...(e.target.value ? { to: `${e.target.value}T23:59:59Z` } : {}) })}
          />
        </>
      );
    default:
      return <p className="text-sm">A {condition.type.replace('_', ' ')} condition (made through the API)</p>;
  }
}
