import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_FROM, signWebhook } from '../doubles/twilio';
import { TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount, browser } from '../helpers/factories';
import { messageRow, smsWorld, uniqueNumber, type SmsWorld } from './sms-helpers';

// Issue #14: a text to Zoe appeared under Julian Hughes, who has the same number.
beforeAll(() => getTestDatabase());

let sid = 0;
const inboundSid = () => `SM${String(++sid).padStart(32, 'b')}`;

async function inbound(world: SmsWorld, from: string, body: string) {
  const params = { MessageSid: inboundSid(), From: from, To: TEST_FROM, Body: body };
  const path = '/api/sms/webhooks/inbound';
  const res = await world.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(`${TEST_ORIGIN}${path}`, params) },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return world.deps.database.db.selectFrom('sms_messages').selectAll().where('provider_sid', '=', params.MessageSid).executeTakeFirstOrThrow();
}

/** Julian Hughes (created first, the "oldest holder") and Zoe Adams share one number. */
async function sharedNumberWorld() {
  const world = await smsWorld();
  const shared = uniqueNumber();
  const julian = await world.api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', phone: shared });
  const zoe = await world.api.contacts.create({ firstName: 'Zoe', lastName: 'Adams', otherPhones: [shared] });
  return { world, shared, julian, zoe };
}

async function storedCount(world: SmsWorld) {
  const row = await world.deps.database.db
    .selectFrom('sms_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', world.owner.organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a number several contacts share', () => {
  it('a send from a contact (tRPC, with contactId) is filed under that contact, not the oldest holder', async () => {
    const { world, shared, julian, zoe } = await sharedNumberWorld();
    const sent = await world.api.sms.send({ to: shared, message: 'Hi Zoe', contactId: zoe.id });
    expect((await messageRow(world, sent.messageId)).contact_id).toBe(zoe.id);
    expect((await world.api.sms.conversation({ contactId: zoe.id })).messages.map((m) => m.body)).toEqual(['Hi Zoe']);
    expect((await world.api.sms.conversation({ contactId: julian.id })).messages).toEqual([]);

    // The same through a template.
    const template = (await world.api.sms.templates())[0]!;
    const variables = Object.fromEntries(template.variables.map((v) => [v, 'x']));
    const viaTemplate = await world.api.sms.sendTemplate({ to: shared, templateId: template.id, variables, contactId: zoe.id });
    expect((await messageRow(world, viaTemplate.messageId)).contact_id).toBe(zoe.id);
  });

  it('a send to the bare number asks which contact: 409 naming the candidates (ids and names); nothing is stored', async () => {
    const { world, shared, julian, zoe } = await sharedNumberWorld();
    const before = await storedCount(world);
    const res = await world.rest('/send', { body: { to: shared, message: 'Hello' } });
    expect(res.status).toBe(409);
    const answer = (await res.json()) as { success: boolean; error: string; candidates: { id: string; name: string }[] };
    expect(answer).toEqual({
      success: false,
      error: `to: ${shared} belongs to 2 contacts (Julian Hughes, Zoe Adams); choose one with contactId`,
      candidates: [
        { id: julian.id, name: 'Julian Hughes' },
        { id: zoe.id, name: 'Zoe Adams' },
      ],
    });
    const failure = await world.api.sms.send({ to: shared, message: 'Hello' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TRPCError);
    expect((failure as TRPCError).code).toBe('CONFLICT');
    expect(await storedCount(world)).toBe(before);

    // REST takes the optional contactId too.
    const chosen = await world.rest('/send', { body: { to: shared, message: 'Hello Julian', contactId: julian.id } });
    expect(chosen.status).toBe(200);
    const { messageId } = (await chosen.json()) as { messageId: string };
    expect((await messageRow(world, messageId)).contact_id).toBe(julian.id);
  });

  it('a number held by one contact needs no contactId; a contactId must hold the number and be in the organization', async () => {
    const { world, shared, zoe } = await sharedNumberWorld();
    const alone = uniqueNumber();
    const solo = await world.api.contacts.create({ firstName: 'Solo', phone: alone });
    const sent = await world.api.sms.send({ to: alone, message: 'Hi' });
    expect((await messageRow(world, sent.messageId)).contact_id).toBe(solo.id);

    const wrongNumber = await world.rest('/send', { body: { to: alone, message: 'Hi', contactId: zoe.id } });
    expect(wrongNumber.status).toBe(400);
    expect(await wrongNumber.json()).toEqual({ success: false, error: `to: ${alone} is not a phone number of this contact` });

    const badId = await world.rest('/send', { body: { to: shared, message: 'Hi', contactId: 'zoe' } });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toEqual({ success: false, error: 'contactId: must be a contact id' });

    const other = await createAccount(world.deps, 'sms-other');
    const stranger = await world.caller(browser(other.cookie)).contacts.create({ firstName: 'Stranger', phone: shared });
    const foreign = await world.rest('/send', { body: { to: shared, message: 'Hi', contactId: stranger.id } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ success: false, error: 'Contact not found' });
  });

  it('a reply from the shared number is filed under the contact of the latest outbound message to it', async () => {
    const { world, shared, julian, zoe } = await sharedNumberWorld();
    await world.api.sms.send({ to: shared, message: 'Hi Zoe', contactId: zoe.id });
    expect((await inbound(world, shared, 'Thanks!')).contact_id).toBe(zoe.id);

    await world.api.sms.send({ to: shared, message: 'Hi Julian', contactId: julian.id });
    expect((await inbound(world, shared, 'Who is this?')).contact_id).toBe(julian.id);

    // A STOP opts out the contact whose conversation it answers.
    await inbound(world, shared, 'STOP');
    expect((await world.api.contacts.get({ id: julian.id })).doNotContact.sms).toBe(true);
    expect((await world.api.contacts.get({ id: zoe.id })).doNotContact.sms).toBe(false);
  });

  it('merging two contacts that share the number keeps both conversations on the kept contact', async () => {
    const { world, shared, julian, zoe } = await sharedNumberWorld();
    await world.api.sms.send({ to: shared, message: 'Hi Zoe', contactId: zoe.id });
    await world.api.sms.send({ to: shared, message: 'Hi Julian', contactId: julian.id });
    await world.api.contacts.merge({ keepId: julian.id, mergeId: zoe.id, fields: {} });
    expect((await world.api.sms.conversation({ contactId: julian.id })).messages.map((m) => m.body)).toEqual(['Hi Zoe', 'Hi Julian']);
  });
});
