import { describe, expect, it } from 'vitest';
import type { TAudience, TAudienceCondition } from '../../server/campaigns/schema';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';
import { addContact } from './campaigns-helpers';

describe('segments: each condition, and/or groups, counted live', { timeout: 120_000 }, () => {
  it('evaluates tags, saved views, lifecycle stages, custom fields, activity, deal stages and creation dates', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'segments');
    const api = caller(browser(owner.cookie));
    const org = owner.organizationId;
    const db = deps.database.db;
    const old = new Date('2024-01-15T12:00:00Z');
    const ada = await addContact(deps, org, { email: 'ada@example.test', tags: ['vip'], lifecycle_stage: 'customer', custom_fields: { plan: 'Gold', seats: 12 }, created_at: old });
    const bob = await addContact(deps, org, { email: 'bob@example.test', tags: ['vip', 'beta'], lifecycle_stage: 'lead', custom_fields: { plan: 'silver', seats: 3 } });
    await addContact(deps, org, { email: 'cy@example.test', lifecycle_stage: 'subscriber' });

    // Ada opened (a person) and Bob's only open was a machine's, in a campaign two days ago; Bob has a deal in the first stage.
    const campaign = await db
      .insertInto('campaigns')
      .values({ organization_id: org, name: 'Earlier', channel: 'email', status: 'sent', audience: JSON.stringify({ match: 'all', conditions: [] }), tracking_key: 'k' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = await db
      .insertInto('campaign_recipients')
      .values(
        [ada, bob].map((contactId, i) => ({
          organization_id: org,
          campaign_id: campaign.id,
          contact_id: contactId,
          channel: 'email' as const,
          address: `${i}@x.test`,
          status: 'sent' as const,
          due_at: new Date(),
        })),
      )
      .returning(['id', 'contact_id'])
      .execute();
    await db
      .insertInto('campaign_events')
      .values(
        recipients.map((r) => ({
          organization_id: org,
          campaign_id: campaign.id,
          recipient_id: r.id,
          type: 'open' as const,
          machine: r.contact_id === bob,
          created_at: new Date(Date.now() - 2 * 86_400_000),
        })),
      )
      .execute();
    const stage = await db.selectFrom('pipeline_stages').select(['id', 'pipeline_id']).where('organization_id', '=', org).orderBy('position').executeTakeFirstOrThrow();
    await db.insertInto('deals').values({ organization_id: org, pipeline_id: stage.pipeline_id, stage_id: stage.id, title: 'Beta deal', contact_id: bob }).execute();
    const view = await api.savedViews.create({ name: 'Leads', filters: { lifecycleStage: 'lead' }, columns: ['name'], sort: null });

    const count = async (conditions: TAudience['conditions'], match: 'all' | 'any' = 'all') => (await api.campaigns.audienceCount({ channel: 'email', audience: { match, conditions } })).matched;
    const one = (condition: TAudienceCondition) => count([condition]);
    expect(await count([])).toBe(3);
    expect(await one({ type: 'tag', tag: 'vip', negate: false })).toBe(2);
    expect(await one({ type: 'tag', tag: 'vip', negate: true })).toBe(1);
    expect(await one({ type: 'saved_view', savedViewId: view.id })).toBe(1);
    expect(await one({ type: 'lifecycle_stage', stages: ['customer', 'subscriber'] })).toBe(2);
    expect(await one({ type: 'custom_field', key: 'plan', operator: 'equals', value: 'gold' })).toBe(1);
    expect(await one({ type: 'custom_field', key: 'seats', operator: 'greater_than', value: 5 })).toBe(1);
    expect(await one({ type: 'custom_field', key: 'plan', operator: 'is_not_set' })).toBe(1);
    expect(await one({ type: 'activity', activity: 'opened', withinDays: 7 })).toBe(1);
    expect(await one({ type: 'activity', activity: 'opened', withinDays: 1 })).toBe(0);
    expect(await one({ type: 'activity', activity: 'opened', withinDays: 7, campaignId: campaign.id })).toBe(1);
    expect(await one({ type: 'deal_stage', stageId: stage.id })).toBe(1);
    expect(await one({ type: 'created_between', from: '2024-01-01T00:00:00Z', to: '2024-02-01T00:00:00Z' })).toBe(1);
    // Tagged vip AND (a customer OR in beta): Ada and Bob; vip AND beta: Bob.
    expect(
      await count([
        { type: 'tag', tag: 'vip', negate: false },
        {
          match: 'any',
          conditions: [
            { type: 'lifecycle_stage', stages: ['customer'] },
            { type: 'tag', tag: 'beta', negate: false },
          ],
        },
      ]),
    ).toBe(2);
    expect(
      await count(
        [
          { type: 'tag', tag: 'beta', negate: false },
          { type: 'lifecycle_stage', stages: ['subscriber'] },
        ],
        'any',
      ),
    ).toBe(2);
    // Conditions on other tables under `or`: opened (Ada), a deal in the first stage (Bob), a subscriber (Cy).
    expect(
      await count(
        [
          { type: 'activity', activity: 'opened', withinDays: 7 },
          { type: 'deal_stage', stageId: stage.id },
        ],
        'any',
      ),
    ).toBe(2);
    expect(
      await count(
        [
          { type: 'activity', activity: 'opened', withinDays: 1 },
          { type: 'deal_stage', stageId: stage.id },
          { type: 'lifecycle_stage', stages: ['subscriber'] },
        ],
        'any',
      ),
    ).toBe(2);
    // Another organization's (or no) saved view is refused naming the field.
    await expect(one({ type: 'saved_view', savedViewId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'audience.conditions.0.savedViewId: no such saved view',
    });
    await expect(api.campaigns.audienceCount({ channel: 'email', audience: { match: 'all', conditions: [{ type: 'nope' }] } as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
