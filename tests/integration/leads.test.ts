import { describe, expect, it } from 'vitest';
import { LEAD_RATE_LIMIT } from '../../server/leads/schema';
import { addMember, browser, createAccount } from '../helpers/factories';
import { timelineOf } from './contacts-helpers';
import { leadEmail, leadFormPayload, leadsWorld, randomIp, shortPayload } from './leads-helpers';

type World = Awaited<ReturnType<typeof leadsWorld>>;

async function contactsByEmail(world: World, email: string) {
  return world.deps.database.db.selectFrom('contacts').selectAll().where('organization_id', '=', world.owner.organizationId).where('email', '=', email).execute();
}

async function submissionsOf(world: World, email: string) {
  return world.deps.database.db.selectFrom('form_submissions').selectAll().where('email', '=', email).orderBy('created_at').execute();
}

async function eventsOf(world: World, type: string, contactId: string) {
  const rows = await world.deps.database.db.selectFrom('events').select(['type', 'payload']).where('organization_id', '=', world.owner.organizationId).where('type', '=', type).execute();
  return rows.filter((r) => (r.payload as { contactId?: string }).contactId === contactId);
}

describe('POST /api/convertkit/subscribe', () => {
  it("takes the lead form's payload: a new lead contact with its tags, first attribution, submission row, timeline, event and notification", async () => {
    const world = await leadsWorld();
    const email = leadEmail('ada');
    const res = await world.post(leadFormPayload(email.toUpperCase()));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    const [contact] = await contactsByEmail(world, email);
    expect(contact).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Engines Ltd',
      phone: '+14155552671',
      lifecycle_stage: 'lead',
      source: 'web form',
      tags: ['enterprise', 'executive-demo'],
    });
    const attribution = {
      source: 'newsletter',
      medium: 'email',
      campaign: 'launch',
      referrer: 'https://news.example.org/article',
      landingPage: 'https://switchboard.test/features?utm_source=newsletter',
    };
    expect(contact!.first_attribution).toMatchObject(attribution);
    expect(contact!.latest_attribution).toMatchObject(attribution);

    const [submission] = await submissionsOf(world, email);
    expect(submission).toMatchObject({
      organization_id: world.owner.organizationId,
      contact_id: contact!.id,
      form_id: 'enterprise-contact',
      lead_magnet: 'executive-demo',
      page: attribution.landingPage,
      referrer: attribution.referrer,
      tags: ['enterprise', 'executive-demo'],
      contact_created: true,
    });
    expect(submission!.payload).toMatchObject({ email, name: 'Ada Lovelace', company: 'Analytical Engines Ltd', industry: 'Technology', phone: '+1 415 555 2671', utmCampaign: 'launch' });

    const timeline = await timelineOf(world.deps, world.owner.organizationId, contact!.id);
    expect(timeline.map((t) => t.type)).toEqual(['contact_created', 'form_submission']);
    expect(timeline[1]!.payload).toMatchObject({ form: 'enterprise-contact', submissionId: submission!.id, fields: { Name: 'Ada Lovelace', Industry: 'Technology', 'Lead magnet': 'executive-demo' } });

    expect(await eventsOf(world, 'lead_captured', contact!.id)).toEqual([
      {
        type: 'lead_captured',
        payload: {
          contactId: contact!.id,
          name: 'Ada Lovelace',
          formId: 'enterprise-contact',
          submissionId: submission!.id,
          created: true,
          tags: ['enterprise', 'executive-demo'],
          tagsAdded: ['enterprise', 'executive-demo'],
        },
      },
    ]);
    const notifications = await world.api.notifications.list({});
    expect(notifications.items.map((n) => [n.title, n.message])).toContainEqual(['New Contact', 'Ada Lovelace has been added to your contacts']);
  });

  it("takes the landing and demo forms' short payload {email, formId, firstName: '', tags}", async () => {
    const world = await leadsWorld();
    const email = leadEmail('short');
    const res = await world.post(shortPayload(email));
    expect([res.status, await res.json()]).toEqual([200, { success: true }]);
    const [contact] = await contactsByEmail(world, email);
    expect(contact).toMatchObject({ first_name: '', last_name: '', lifecycle_stage: 'lead', source: 'web form', tags: ['enterprise-demo', 'landing'] });
    expect(contact!.first_attribution).toMatchObject({ landingPage: 'https://switchboard.test/' });
    expect(await submissionsOf(world, email)).toMatchObject([{ form_id: 'hero-trial', lead_magnet: null, contact_created: true }]);
  });

  it('refuses bad input with 400 {success:false, message} naming the field and the rule, and stores nothing', async () => {
    const world = await leadsWorld();
    const email = leadEmail('invalid');
    const cases: [unknown, string][] = [
      [{ formId: 'hero-trial' }, 'email: is required'],
      [shortPayload(''), 'email: is required'],
      [shortPayload('not-an-email'), 'email: must be a valid e-mail address'],
      [shortPayload('ada@'), 'email: must be a valid e-mail address'],
      [shortPayload('ada lovelace@example.com'), 'email: must be a valid e-mail address'],
      [shortPayload(`${'a'.repeat(250)}@example.com`), 'email: must be at most 254 characters'],
      [{ email }, 'formId: is required'],
      [shortPayload(email, { formId: '<script>' }), 'formId: must use only letters, digits, -, _, . and :'],
      [leadFormPayload(email, { name: 'n'.repeat(101) }), 'name: must be at most 100 characters'],
      [leadFormPayload(email, { company: 'c'.repeat(201) }), 'company: must be at most 200 characters'],
      [leadFormPayload(email, { industry: 'i'.repeat(101) }), 'industry: must be at most 100 characters'],
      [leadFormPayload(email, { leadMagnet: 7 }), 'leadMagnet: must be text'],
      [leadFormPayload(email, { phone: 'call me' }), 'phone: '],
      [shortPayload(email, { tags: 'newsletter' }), 'tags: must be a list of text tags'],
      [shortPayload(email, { tags: ['ok', 5] }), 'tags.1: must be text'],
      [shortPayload(email, { tags: ['t'.repeat(51)] }), 'tags.0: must be at most 50 characters'],
      [shortPayload(email, { tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`) }), 'tags: must have at most 20 tags'],
      [shortPayload(email, { page: `https://x.test/${'p'.repeat(2000)}` }), 'page: must be at most 2000 characters'],
      [shortPayload(email, { utmSource: 's'.repeat(201) }), 'utmSource: must be at most 200 characters'],
      [['not', 'an', 'object'], 'The submission must be an object of the form’s fields'],
      ['{"email": ', 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await world.post(body, randomIp());
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await res.json()) as { success: boolean; message: string };
      expect(answer.success).toBe(false);
      expect(answer.message.startsWith(message), `${answer.message} should start with ${message}`).toBe(true);
    }
    expect(await contactsByEmail(world, email)).toEqual([]);
    expect(await submissionsOf(world, email)).toEqual([]);
  });

  it('keeps an existing contact’s data: only new tags and the latest attribution are added', async () => {
    const world = await leadsWorld();
    const email = leadEmail('grace');
    const existing = await world.api.contacts.create({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      companyName: 'US Navy',
      phone: '+14155550100',
      lifecycleStage: 'customer',
      source: 'referral',
      tags: ['vip'],
    });
    const res = await world.post(leadFormPayload(email, { name: 'Someone Else', company: 'Other Co', phone: '+1 212 555 0199', tags: ['newsletter', 'vip'] }));
    expect(res.status).toBe(200);
    const contacts = await contactsByEmail(world, email);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      id: existing.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'US Navy',
      phone: '+14155550100',
      lifecycle_stage: 'customer',
      source: 'referral',
      tags: ['vip', 'newsletter'],
    });
    expect(await submissionsOf(world, email)).toMatchObject([{ contact_id: existing.id, contact_created: false }]);
    // Not new: no second 'New Contact' (the one is from its creation by hand), but the lead is announced.
    expect(await eventsOf(world, 'contact_created', existing.id)).toHaveLength(1);
    expect(await eventsOf(world, 'lead_captured', existing.id)).toMatchObject([{ payload: { created: false } }]);
    const timeline = await timelineOf(world.deps, world.owner.organizationId, existing.id);
    expect(timeline.map((t) => t.type)).toEqual(['contact_created', 'tags_changed', 'field_changed', 'field_changed', 'form_submission']);
  });

  it('sets the first attribution once and moves the latest with every submission', async () => {
    const world = await leadsWorld();
    const email = leadEmail('touches');
    await world.post(shortPayload(email, { formId: 'hero-trial', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand' }));
    await world.post(shortPayload(email, { formId: 'footer-newsletter', utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'retarget', page: 'https://switchboard.test/pricing' }));
    const [contact] = await contactsByEmail(world, email);
    expect(contact!.first_attribution).toMatchObject({ source: 'google', medium: 'cpc', campaign: 'brand', landingPage: 'https://switchboard.test/' });
    expect(contact!.latest_attribution).toMatchObject({ source: 'facebook', medium: 'social', campaign: 'retarget', landingPage: 'https://switchboard.test/pricing' });
    expect((await submissionsOf(world, email)).map((s) => s.form_id)).toEqual(['hero-trial', 'footer-newsletter']);
  });

  it(`answers 429 past ${LEAD_RATE_LIMIT.max} submissions a minute from one address, while other addresses go on`, async () => {
    const world = await leadsWorld();
    for (let i = 0; i < LEAD_RATE_LIMIT.max; i++) expect((await world.post(shortPayload(leadEmail('burst')))).status).toBe(200);
    const refused = await world.post(shortPayload(leadEmail('burst')));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ success: false, message: 'Too many submissions from this address. Please try again in a minute.' });
    expect((await world.post(shortPayload(leadEmail('other')), randomIp())).status).toBe(200);
  });

  it('drops a submission whose honeypot is filled in: 200, nothing stored', async () => {
    const world = await leadsWorld();
    const email = leadEmail('bot');
    const res = await world.post(shortPayload(email, { website: 'http://spam.example' }));
    expect([res.status, await res.json()]).toEqual([200, { success: true }]);
    expect(await contactsByEmail(world, email)).toEqual([]);
    expect(await submissionsOf(world, email)).toEqual([]);
  });

  it('counts the same e-mail on the same form within a minute once; another form counts', async () => {
    const world = await leadsWorld();
    const email = leadEmail('twice');
    for (let i = 0; i < 3; i++) expect((await world.post(shortPayload(email, { tags: [`try-${i}`] }))).status).toBe(200);
    const [contact] = await contactsByEmail(world, email);
    expect(contact!.tags).toEqual(['try-0']);
    expect(await submissionsOf(world, email)).toHaveLength(1);
    expect(await eventsOf(world, 'lead_captured', contact!.id)).toHaveLength(1);
    expect((await world.post(shortPayload(email, { formId: 'case-study-cta' }))).status).toBe(200);
    expect(await submissionsOf(world, email)).toHaveLength(2);
  });

  it('stores markup as plain text, never as something to run', async () => {
    const world = await leadsWorld();
    const email = leadEmail('markup');
    const name = '<img src=x onerror=alert(1)> <b>Bold</b>';
    expect((await world.post(leadFormPayload(email, { name }))).status).toBe(200);
    const [contact] = await contactsByEmail(world, email);
    expect(`${contact!.first_name} ${contact!.last_name}`).toBe('<img src=x onerror=alert(1)> <b>Bold</b>');
  });

  it('is the same service behind tRPC leads.submit, and never forwards without KIT_API_KEY', async () => {
    const world = await leadsWorld();
    const email = leadEmail('trpc');
    const anonymous = world.callerWithHeaders({}, { ip: randomIp(), userAgent: 'vitest' }).api;
    expect(await anonymous.leads.submit(shortPayload(email, { formId: 'demo-request' }))).toEqual({ success: true });
    await expect(anonymous.leads.submit({ email: 'nope', formId: 'demo-request' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'email: must be a valid e-mail address' });
    const [submission] = await submissionsOf(world, email);
    expect(submission).toMatchObject({ form_id: 'demo-request' });
    const deliveries = await world.deps.database.db.selectFrom('integration_deliveries').select('id').where('submission_id', '=', submission!.id).execute();
    expect(deliveries).toEqual([]);
  });
});

describe('leads in the app', () => {
  it('lists forms with submissions, contacts, conversion by week, and each form’s submissions linked to their contacts', async () => {
    const world = await leadsWorld();
    const [a, b, c] = [leadEmail('fa'), leadEmail('fb'), leadEmail('fc')];
    await world.post(leadFormPayload(a, { formId: 'case-study-cta' }));
    await world.post(shortPayload(b, { formId: 'case-study-cta' }));
    await world.post(shortPayload(c, { formId: 'footer-newsletter' }));
    const [won] = await contactsByEmail(world, a);
    await world.api.contacts.update({ id: won!.id, lifecycleStage: 'customer' });

    const { forms, weeks, days } = await world.api.leads.forms();
    expect(days).toBe(90);
    expect(forms).toEqual([
      expect.objectContaining({ formId: 'case-study-cta', name: null, submissions: 2, contacts: 2, newContacts: 2, converted: 1, conversionRate: 0.5 }),
      expect.objectContaining({ formId: 'footer-newsletter', submissions: 1, contacts: 1, newContacts: 1, converted: 0, conversionRate: 0 }),
    ]);
    expect(weeks).toEqual(
      expect.arrayContaining([
        { formId: 'case-study-cta', week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), submissions: 2, converted: 1 },
        { formId: 'footer-newsletter', week: expect.any(String), submissions: 1, converted: 0 },
      ]),
    );

    const page = await world.api.leads.submissions({ formId: 'case-study-cta' });
    expect(page.total).toBe(2);
    expect(page.items.map((i) => [i.email, i.contact?.id, i.contact?.name])).toEqual([
      [b, expect.any(String), b],
      [a, won!.id, 'Ada Lovelace'],
    ]);

    // A viewer reads them; another organization sees none of it.
    const viewer = await addMember(world.deps, world.owner.organizationId, 'viewer');
    expect((await world.caller(browser(viewer.cookie)).leads.forms({ days: 30 })).forms).toHaveLength(2);
    const stranger = await createAccount(world.deps, 'stranger');
    const theirs = world.caller(browser(stranger.cookie));
    expect((await theirs.leads.forms()).forms).toEqual([]);
    expect((await theirs.leads.submissions({ formId: 'case-study-cta' })).items).toEqual([]);
    await expect(world.api.leads.forms({ days: 7 as 30 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'days: must be one of 30, 90, 365' });
  });

  it('integrations log: Kit not configured, this organization named as the site owner; another organization is not told who is', async () => {
    const world = await leadsWorld();
    expect(await world.api.leads.integrationLog()).toMatchObject({
      kit: { configured: false, baseUrl: 'https://api.kit.com' },
      siteOwner: { isThisOrganization: true, name: expect.stringContaining('Org of'), configured: true },
      deliveries: [],
    });
    const stranger = await createAccount(world.deps, 'stranger');
    expect((await world.caller(browser(stranger.cookie)).leads.integrationLog()).siteOwner).toEqual({ isThisOrganization: false, name: null, configured: true });
  });
});
