import { describe, expect, it } from 'vitest';
import { contactIdsByKey } from '../../server/contacts/held-keys';
import { createAccount } from '../helpers/factories';
import { campaignsApp } from './campaigns-helpers';

/**
 * Finding contacts by many e-mails or phones at once (batch upserts, imports, list imports, SMS
 * batches): a key held as another e-mail or phone finds its contact as the primary one does, the
 * oldest holder wins, and another organization's contacts are never found.
 */
describe('contacts found by the e-mails and phones they hold', () => {
  it('finds primary and other e-mails and phones, the oldest holder first, within the organization only', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const stranger = await createAccount(deps, 'held-keys-stranger');
    const older = await api.contacts.create({ firstName: 'Older', email: 'older@example.test', otherEmails: ['shared@example.test'], otherPhones: ['+14155550111'] });
    const newer = await api.contacts.create({ firstName: 'Newer', email: 'shared@example.test', phone: '+14155550111' });
    const primaryOnly = await api.contacts.create({ firstName: 'Primary', phone: '+14155550122' });
    // Held only in another organization: never found here.
    await deps.database.db
      .insertInto('contacts')
      .values({ organization_id: stranger.organizationId, first_name: 'Elsewhere', email: 'elsewhere@example.test', other_phones: ['+14155550133'] })
      .execute();

    const db = deps.database.db;
    const org = owner.organizationId;
    expect(Object.fromEntries(await contactIdsByKey(db, org, 'email', ['shared@example.test', 'older@example.test', 'elsewhere@example.test', 'nobody@example.test']))).toEqual({
      'shared@example.test': older.id,
      'older@example.test': older.id,
    });
    expect(Object.fromEntries(await contactIdsByKey(db, org, 'phone', ['+14155550111', '+14155550122', '+14155550133']))).toEqual({
      '+14155550111': older.id,
      '+14155550122': primaryOnly.id,
    });
    expect(newer.id).not.toBe(older.id);

    // Through the doors: a batch upsert by an e-mail held as another e-mail updates that contact, and a
    // list import matches a phone held as another phone, both without creating anyone.
    const upserted = await api.contacts.batchUpsert({ idProperty: 'email', inputs: [{ email: 'shared@example.test', jobTitle: 'Engineer' }] });
    expect(upserted.results).toMatchObject([{ index: 0, created: false, record: { id: older.id, jobTitle: 'Engineer' } }]);
    const imported = await api.campaigns.listImport({ name: 'Held keys', csv: 'phone\n+14155550111\n+14155550133\n', createMissing: false });
    expect(imported).toMatchObject({ matched: 1, created: 0, added: 1, skipped: [{ line: 3, value: '+14155550133', reason: 'matches no contact' }] });
  });
});
