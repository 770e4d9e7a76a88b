import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, onInvalidStoredSettings, parseSettings, readSettings, updateSettings, type InvalidSetting } from '../../server/organizations/settings';
import type { AppDeps } from '../../server/deps';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';

/** Collects what the module logs about invalid stored values (instead of console.warn). */
function captureInvalid() {
  const logged: { organizationId: string; invalid: InvalidSetting[] }[] = [];
  onInvalidStoredSettings((organizationId, invalid) => logged.push({ organizationId, invalid }));
  return logged;
}
afterEach(() => onInvalidStoredSettings((organizationId, invalid) => console.warn(JSON.stringify({ organizationId, invalid }))));

const storeRaw = (deps: AppDeps, organizationId: string, settings: unknown) =>
  deps.database.db
    .updateTable('organizations')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', organizationId)
    .execute();
const storedOf = async (deps: AppDeps, organizationId: string) =>
  (await deps.database.db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirstOrThrow()).settings as Record<string, unknown>;

describe('organization settings module', () => {
  it('reads every setting with the defaults the app relied on', () => {
    expect(parseSettings({})).toEqual({
      country: 'US',
      timezone: 'UTC',
      phone: null,
      salesRepsSeeOwnOnly: false,
      industry: null,
      currency: null,
      sms: { quietHours: null, helpText: null },
      email: { fromName: null, fromAddress: null, replyTo: null, postalAddress: null },
      smsTemplatesSeeded: false,
    });
    expect(DEFAULT_SETTINGS).toEqual(parseSettings(null));
  });

  it('reads an invalid stored value as its default and logs it, keeping the valid ones', () => {
    const logged = captureInvalid();
    const settings = parseSettings(
      {
        country: 'usa',
        timezone: 'Mars/Olympus',
        salesRepsSeeOwnOnly: 'yes',
        currency: 'EUR',
        industry: 'space-mining',
        sms: { quietHours: { start: '25:00', end: '07:00' }, helpText: 'Call us' },
        future: 1,
      },
      'org-1',
    );
    expect(settings).toMatchObject({ country: 'US', timezone: 'UTC', salesRepsSeeOwnOnly: false, currency: 'EUR', industry: null, sms: { quietHours: null, helpText: 'Call us' } });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.organizationId).toBe('org-1');
    expect(logged[0]!.invalid.map((i) => i.path)).toEqual(['country', 'timezone', 'salesRepsSeeOwnOnly', 'industry', 'sms.quietHours']);
    // Not an object at all: every default.
    expect(parseSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });

  it('answers invalid stored settings with their defaults, never a 500', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const rep = await addMember(deps, owner.organizationId, 'sales_rep');
    const logged = captureInvalid();
    // (An unknown time zone name stored by hand would still break the database's own aggregates:
    // organization_time_zone() of migration 800 checks only that it is a non-empty string.)
    await storeRaw(deps, owner.organizationId, { country: 'usa', timezone: 42, salesRepsSeeOwnOnly: 'yes', sms: { quietHours: 'never', helpText: '' } });
    const api = caller(browser(owner.cookie));
    expect((await api.organizations.current()).settings).toMatchObject({ country: 'US', timezone: 'UTC', salesRepsSeeOwnOnly: false });
    expect(await api.sms.settings()).toEqual({ quietHours: null, helpText: expect.stringContaining('Org of') });
    // The list's date filter uses the time zone; a phone typed without a country code the country.
    await api.contacts.create({ firstName: 'Ada', lastName: 'L', phone: '(415) 555-0100' });
    const list = await caller(browser(rep.cookie)).contacts.list({ createdFrom: '2020-01-01' });
    // "yes" is not true: the Sales Rep is not restricted to what they own.
    expect(list.items.map((c) => c.phone)).toEqual(['+14155550100']);
    expect(logged.length).toBeGreaterThan(0);
  });

  it('updates merge key by key and refuse a bad value naming the setting', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps);
    const db = deps.database.db;
    await storeRaw(deps, owner.organizationId, { industry: 'agency', future: { kept: true } });
    await db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, { country: 'FR', sms: { helpText: 'Reply STOP to stop' } }));
    await db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, { sms: { quietHours: { start: '21:00', end: '08:00' } } }));
    expect(await readSettings(db, owner.organizationId)).toMatchObject({
      country: 'FR',
      industry: 'agency',
      sms: { helpText: 'Reply STOP to stop', quietHours: { start: '21:00', end: '08:00' } },
    });
    expect((await storedOf(deps, owner.organizationId)).future).toEqual({ kept: true });
    await expect(db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, { timezone: 'Mars/Olympus' }))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'timezone: must be an IANA time zone such as Europe/Paris',
    });
    await expect(db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, { colour: 'red' } as never))).rejects.toMatchObject({ message: 'colour: is not a setting' });
  });

  it('keeps the e-mail sender identity as a group, validated: addresses lower-cased, header values on one line', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps);
    const db = deps.database.db;
    const update = (patch: Parameters<typeof updateSettings>[2]) => db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, patch));
    await update({ email: { fromName: ' Acme Sales ', fromAddress: 'Sales@Acme.TEST' } });
    await update({ email: { postalAddress: '1 Main Street\nSpringfield' } });
    expect((await readSettings(db, owner.organizationId)).email).toEqual({ fromName: 'Acme Sales', fromAddress: 'sales@acme.test', replyTo: null, postalAddress: '1 Main Street\nSpringfield' });
    await expect(update({ email: { replyTo: 'not an address' } })).rejects.toMatchObject({ code: 'VALIDATION', message: 'email.replyTo: must be an e-mail address' });
    await expect(update({ email: { fromName: 'Acme\r\nBcc: victim@example.test' } })).rejects.toMatchObject({ message: 'email.fromName: must be on one line' });
    await update({ email: { fromName: null } });
    expect((await readSettings(db, owner.organizationId)).email).toMatchObject({ fromName: null, fromAddress: 'sales@acme.test' });
  });

  it('takes a business phone in the organization’s country, stores it in international form, and names the field of a bad one', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    expect((await api.organizations.update({ phone: '(415) 555-0100' })).settings.phone).toBe('+1 415 555 0100');
    // Read in the country saved with it.
    expect((await api.organizations.update({ country: 'FR', phone: '01 42 68 53 00' })).settings.phone).toBe('+33 1 42 68 53 00');
    for (const bad of ['12', 'call us']) {
      await expect(api.organizations.update({ phone: bad })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'phone: must be a valid phone number; include the country code, for example +1 for US numbers',
      });
    }
    await expect(api.organizations.update({ phone: '1'.repeat(41) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^phone: must be at most 40 characters/) });
    expect((await api.organizations.current()).settings.phone).toBe('+33 1 42 68 53 00');
    // Empty: none.
    expect((await api.organizations.update({ phone: '  ' })).settings.phone).toBeNull();
  });

  it('keeps both of two concurrent updates (the row is locked while merging)', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps);
    const db = deps.database.db;
    // The first holds its transaction open after merging; the second starts meanwhile.
    const first = db.transaction().execute(async (trx) => {
      await updateSettings(trx, owner.organizationId, { country: 'DE' });
      await delay(300);
    });
    const second = (async () => {
      await delay(50);
      await db.transaction().execute((trx) => updateSettings(trx, owner.organizationId, { timezone: 'Europe/Berlin', sms: { helpText: 'Hilfe' } }));
    })();
    await Promise.all([first, second]);
    expect(await readSettings(db, owner.organizationId)).toMatchObject({ country: 'DE', timezone: 'Europe/Berlin', sms: { helpText: 'Hilfe' } });
  });

  it('keeps the organization form and the SMS settings when both are saved at once', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    await Promise.all([
      api.organizations.update({ country: 'GB', timezone: 'Europe/London', salesRepsSeeOwnOnly: true }),
      api.sms.updateSettings({ quietHours: { start: '20:00', end: '09:00' }, helpText: 'Text STOP to stop' }),
      api.sms.templates(),
    ]);
    expect(await readSettings(deps.database.db, owner.organizationId)).toEqual({
      country: 'GB',
      timezone: 'Europe/London',
      phone: null,
      salesRepsSeeOwnOnly: true,
      industry: null,
      currency: null,
      sms: { quietHours: { start: '20:00', end: '09:00' }, helpText: 'Text STOP to stop' },
      email: { fromName: null, fromAddress: null, replyTo: null, postalAddress: null },
      smsTemplatesSeeded: true,
    });
  });
});
