import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_RATE_LIMIT } from '../../server/leads/schema';
import { submitSiteForm, type SiteFormPost } from '../../server/sites/forms';
import { pageForVisitor } from '../../server/sites/funnel-serve';
import { getTestDatabase } from '../helpers/db';
import { uniqueEmail } from '../helpers/factories';
import { formBlock, funnelsWorld, newVisitor } from './funnels-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

type World = Awaited<ReturnType<typeof funnelsWorld>>;

const post = (world: World, pageId: string, fields: Record<string, string>, visitor = newVisitor(), blockId = 'form-1'): SiteFormPost => ({
  organizationId: world.organizationId,
  siteId: world.siteId,
  pageId,
  blockId,
  fields,
  meta: { ip: visitor.ip, userAgent: visitor.userAgent },
});

describe('site forms: a native POST of a form block', () => {
  it('makes the contact, the submission, the timeline entry with the consent and the event; counts the opt-in; redirects to the next step', async () => {
    const world = await funnelsWorld();
    const optIn = await world.page('/guide', { content: [{ type: 'Section', props: { id: 's1', content: [formBlock({ consentText: 'I agree to receive e-mails.' })] } }] });
    const next = await world.page('/guide/video');
    const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Guide' });
    await world.api.funnels.addStep({ funnelId, pageId: optIn });
    await world.api.funnels.addStep({ funnelId, pageId: next });
    const visitor = newVisitor();
    await pageForVisitor(world.db, { organizationId: world.organizationId, pageId: optIn, visitor });

    const email = uniqueEmail('visitor');
    const outcome = await submitSiteForm(world.deps, post(world, optIn, { firstName: 'Grace', email: email.toUpperCase(), phone: '+1 415 555 2671', consent: 'on', website: '' }, visitor));
    expect(outcome).toEqual({ status: 'accepted', redirect: '/guide/video' });

    const contact = await world.db.selectFrom('contacts').selectAll().where('organization_id', '=', world.organizationId).where('email', '=', email).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ first_name: 'Grace', phone: '+14155552671', tags: ['guide'], source: 'web form' });
    const submission = await world.db.selectFrom('form_submissions').selectAll().where('contact_id', '=', contact.id).executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ form_id: `site:${optIn}:form-1`, email, page: '/guide', contact_created: true });
    expect(submission.payload).toMatchObject({ consent: { text: 'I agree to receive e-mails.', givenAt: expect.any(String) } });
    const activity = await world.db.selectFrom('activities').select('payload').where('contact_id', '=', contact.id).where('type', '=', 'form_submission').executeTakeFirstOrThrow();
    expect(activity.payload).toMatchObject({ form: `site:${optIn}:form-1`, fields: { 'First name': 'Grace', Consent: expect.stringContaining('I agree to receive e-mails.') } });
    const events = await world.db.selectFrom('events').select('payload').where('organization_id', '=', world.organizationId).where('type', '=', 'lead_captured').execute();
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ contactId: contact.id, formId: `site:${optIn}:form-1`, created: true, tagsAdded: ['guide'] })]);
    const stats = await world.api.funnels.stats({ funnelId });
    expect(stats.steps[0]).toMatchObject({ visitors: 1, optIns: 1 });

    // The Forms view lists it, named by its page (its id names nothing a person knows).
    const forms = await world.api.leads.forms({ days: 30 });
    expect(forms.forms.find((f) => f.formId === `site:${optIn}:form-1`)?.name).toMatch(/^.+ \(.+, \/guide\)$/);
    expect(activity.payload).toMatchObject({ formName: forms.forms.find((f) => f.formId === `site:${optIn}:form-1`)!.name });
  });

  it('names each bad field: required, e-mail, phone, consent; custom fields by their key', async () => {
    const world = await funnelsWorld();
    const page = await world.page('/contact', { content: [formBlock({ consentText: 'Yes, contact me.' })] });
    expect(await submitSiteForm(world.deps, post(world, page, { firstName: '', email: 'not-an-address', phone: '12' }))).toEqual({
      status: 'invalid',
      errors: { firstName: 'is required', email: 'must be a valid e-mail address', phone: expect.stringContaining('must be a valid phone number'), consent: 'must be checked' },
    });
    const custom = await world.page('/custom', {
      content: [
        formBlock({
          fields: [
            { name: 'email', label: 'E-mail', type: 'email', required: true },
            { name: 'custom:budget', label: 'Budget', type: 'text', required: false },
          ],
        }),
      ],
    });
    const outcome = await submitSiteForm(world.deps, post(world, custom, { email: uniqueEmail('c'), 'custom:budget': 'big' }));
    expect(outcome).toMatchObject({ status: 'invalid', errors: { 'custom:budget': expect.any(String) } });
    await expect(submitSiteForm(world.deps, post(world, page, { email: uniqueEmail('x') }, newVisitor(), 'no-such-block'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const draft = await world.page('/draft', { published: false, content: [formBlock()] });
    await expect(submitSiteForm(world.deps, post(world, draft, { email: uniqueEmail('x') }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a filled honeypot as a success and stores nothing; refuses an address past the rate limit', async () => {
    const world = await funnelsWorld();
    const page = await world.page('/offer', { content: [formBlock()] });
    const email = uniqueEmail('bot');
    expect(await submitSiteForm(world.deps, post(world, page, { firstName: 'Bot', email, website: 'https://spam.example' }))).toEqual({ status: 'accepted', redirect: '/offer?submitted=1' });
    expect(await world.db.selectFrom('form_submissions').select('id').where('email', '=', email).execute()).toEqual([]);

    const visitor = newVisitor();
    for (let i = 0; i < LEAD_RATE_LIMIT.max - 1; i++) await submitSiteForm(world.deps, post(world, page, { firstName: 'Ada', email: uniqueEmail('many') }, visitor));
    await expect(submitSiteForm(world.deps, post(world, page, { firstName: 'Ada', email: uniqueEmail('many') }, visitor))).resolves.toMatchObject({ status: 'accepted' });
    await expect(submitSiteForm(world.deps, post(world, page, { firstName: 'Ada', email: uniqueEmail('many') }, visitor))).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it("redirects to the block's path, else the site's published thank-you page, else back with ?submitted=1; a phone-only form finds the contact by number and gives it the form's names and tags", async () => {
    const world = await funnelsWorld();
    const named = await world.page('/a', { content: [formBlock({ redirectPath: '/welcome' })] });
    const plain = await world.page('/b', { content: [formBlock()] });
    expect(await submitSiteForm(world.deps, post(world, plain, { firstName: 'A', email: uniqueEmail('r') }))).toEqual({ status: 'accepted', redirect: '/b?submitted=1' });
    await world.page('/thank-you');
    expect(await submitSiteForm(world.deps, post(world, plain, { firstName: 'A', email: uniqueEmail('r') }))).toEqual({ status: 'accepted', redirect: '/thank-you' });
    expect(await submitSiteForm(world.deps, post(world, named, { firstName: 'A', email: uniqueEmail('r') }))).toEqual({ status: 'accepted', redirect: '/welcome' });

    const phoneOnly = await world.page('/call', {
      content: [
        formBlock({
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'phone', label: 'Phone', type: 'tel', required: true },
          ],
          tags: ['callback'],
        }),
      ],
    });
    expect(await submitSiteForm(world.deps, post(world, phoneOnly, { name: 'Ada Lovelace', phone: '+44 20 7946 0958' }))).toMatchObject({ status: 'accepted' });
    const contact = await world.db
      .selectFrom('contacts')
      .select(['id', 'phone', 'first_name', 'last_name', 'tags'])
      .where('organization_id', '=', world.organizationId)
      .where('phone', '=', '+442079460958')
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', tags: ['callback'] });
    // The same number again, on a form with another tag: the same contact, the tag added.
    const again = await world.page('/call-2', { content: [formBlock({ fields: [{ name: 'phone', label: 'Phone', type: 'tel', required: true }], tags: ['vip'] })] });
    expect(await submitSiteForm(world.deps, post(world, again, { phone: '+442079460958' }))).toMatchObject({ status: 'accepted' });
    expect(await world.db.selectFrom('contacts').select('tags').where('id', '=', contact.id).executeTakeFirstOrThrow()).toEqual({ tags: ['callback', 'vip'] });
    expect(await world.db.selectFrom('form_submissions').select(['email', 'form_id']).where('contact_id', '=', contact.id).orderBy('created_at').execute()).toEqual([
      { email: '', form_id: `site:${phoneOnly}:form-1` },
      { email: '', form_id: `site:${again}:form-1` },
    ]);
  });
});
