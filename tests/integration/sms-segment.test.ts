import { describe, expect, it } from 'vitest';
import { addMember, browser, createAccount } from '../helpers/factories';
import { eventually, smsWorld, uniqueNumber } from './sms-helpers';

const tagged = (tag: string) => ({ match: 'all' as const, conditions: [{ type: 'tag' as const, tag, negate: false }] });

describe('the SMS bulk tab sends to a segment (issue #18)', { timeout: 60_000 }, () => {
  it('counts the reachable contacts, then sends to them and the pasted numbers in one batch, each message filed under its contact', async () => {
    const world = await smsWorld();
    const [adaPhone, bobPhone, optedPhone, pasted] = [uniqueNumber(), uniqueNumber(), uniqueNumber(), uniqueNumber()];
    const ada = await world.api.contacts.create({ firstName: 'Ada', phone: adaPhone, tags: ['vip'] });
    const bob = await world.api.contacts.create({ firstName: 'Bob', phone: bobPhone, tags: ['vip'] });
    await world.api.contacts.create({ firstName: 'Opted', phone: optedPhone, tags: ['vip'], doNotContact: { sms: true } });
    await world.api.contacts.create({ firstName: 'Nophone', email: 'nophone@example.test', tags: ['vip'] });
    await world.api.contacts.create({ firstName: 'Other', phone: uniqueNumber(), tags: ['other'] });

    expect(await world.api.campaigns.smsSegmentCount({ audience: tagged('vip') })).toEqual({ matched: 4, reachable: 2, noPhone: 1, optedOut: 1 });

    const sent = await world.api.campaigns.smsSegmentSend({ audience: tagged('vip'), recipients: [pasted, adaPhone], message: 'VIP night Friday' });
    expect(sent.successful).toBe(3);
    await eventually(
      () => world.api.sms.batch({ batchId: sent.batchId }),
      (p) => p.done,
    );
    const db = world.deps.database.db;
    const rows = await db.selectFrom('sms_messages').select(['to_number', 'contact_id', 'purpose']).where('batch_id', '=', sent.batchId).execute();
    const byNumber = Object.fromEntries(rows.map((r) => [r.to_number, r.contact_id]));
    // Ada's number was pasted too: one message, filed under her.
    expect(byNumber).toEqual({ [adaPhone]: ada.id, [bobPhone]: bob.id, [pasted]: null });
    expect(rows.every((r) => r.purpose === 'bulk')).toBe(true);
    expect([world.double.sentTo(adaPhone), world.double.sentTo(bobPhone), world.double.sentTo(pasted), world.double.sentTo(optedPhone)]).toEqual([1, 1, 1, 0]);
    const timeline = await db.selectFrom('activities').select('contact_id').where('organization_id', '=', world.owner.organizationId).where('type', '=', 'sms_out').execute();
    expect(timeline.map((a) => a.contact_id).sort()).toEqual([ada.id, bob.id].sort());
    // No contact was made of the pasted number.
    expect(await db.selectFrom('contacts').select('id').where('organization_id', '=', world.owner.organizationId).where('phone', '=', pasted).execute()).toEqual([]);
  });

  it('a saved view as the segment; validation names the field; needs sms:send; another organization’s view is not found', async () => {
    const world = await smsWorld();
    const phone = uniqueNumber();
    const zoe = await world.api.contacts.create({ firstName: 'Zoe', phone, lifecycleStage: 'customer' });
    await world.api.contacts.create({ firstName: 'Lead', phone: uniqueNumber(), lifecycleStage: 'lead' });
    const view = await world.api.savedViews.create({ name: 'Customers', filters: { lifecycleStage: 'customer' } });
    const audience = { match: 'all' as const, conditions: [{ type: 'saved_view' as const, savedViewId: view.id }] };
    expect(await world.api.campaigns.smsSegmentCount({ audience })).toMatchObject({ matched: 1, reachable: 1 });
    const sent = await world.api.campaigns.smsSegmentSend({ audience, message: 'Thanks for being a customer' });
    const [row] = await world.deps.database.db.selectFrom('sms_messages').select(['to_number', 'contact_id']).where('batch_id', '=', sent.batchId).execute();
    expect(row).toEqual({ to_number: phone, contact_id: zoe.id });

    await expect(world.api.campaigns.smsSegmentSend({ audience: tagged('nobody'), message: 'Hello' })).rejects.toThrow('audience: reaches no contact with a phone number who has not opted out');
    await expect(world.api.campaigns.smsSegmentSend({ audience, message: '   ' })).rejects.toThrow('message: must not be empty');
    await expect(world.api.campaigns.smsSegmentCount({ audience: { match: 'all', conditions: [{ type: 'saved_view', savedViewId: 'nope' }] } })).rejects.toThrow(
      /audience\.conditions\.0\.savedViewId/,
    );

    const viewer = await addMember(world.deps, world.owner.organizationId, 'viewer');
    await expect(world.caller(browser(viewer.cookie)).campaigns.smsSegmentSend({ audience, message: 'Hi' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const other = await createAccount(world.deps, 'sms-segment-other');
    await expect(world.caller(browser(other.cookie)).campaigns.smsSegmentSend({ audience, message: 'Hi' })).rejects.toThrow('audience.conditions.0.savedViewId: no such saved view');
    expect(await world.deps.database.db.selectFrom('sms_messages').select('id').where('organization_id', '=', other.organizationId).execute()).toEqual([]);
  });
});
