import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contactIdsByKey, holdsAnyOf } from '../../server/contacts/held-keys';
import { scoped } from '../../server/db/scoped';
import { buildTestApp } from '../helpers/app';
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

  it('looks a batch of 100 keys up through the indexes, not by reading the organization, when no contact has another e-mail or phone', async () => {
    const { deps } = await buildTestApp();
    const { organizationId } = await createAccount(deps, 'held-keys-plan');
    const db = deps.database.db;
    await sql`insert into contacts (organization_id, first_name, email, phone)
      select ${organizationId}, 'Bulk', 'bulk' || g || '@example.test', '+1415' || lpad(g::text, 7, '0') from generate_series(1, 5000) g`.execute(db);
    // Every array empty, as after a bulk load: ANALYZE keeps no element statistics for them.
    await sql`analyze contacts`.execute(db);
    const plan = async (kind: 'email' | 'phone', keys: string[]) =>
      deps.database
        .forOrganization(organizationId)
        .transaction()
        .execute(async (trx) => {
          // The batch upsert's lookup (server/contacts/batch.ts), under the row-level policies as the server runs it.
          const query = scoped(trx, organizationId).selectFrom('contacts').selectAll().where(holdsAnyOf(kind, keys)).orderBy('created_at').orderBy('id').forUpdate().compile();
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
    // The planner's estimate of the contacts found: what decides between probing the indexes and reading
    // every contact of the organization (it guessed 40 % of the rows when the arrays have no statistics).
    const estimated = (text: string) => Number(/Scan on contacts[^\n]*rows=(\d+)/.exec(text)?.[1]);
    const emails = await plan(
      'email',
      Array.from({ length: 100 }, (_, n) => `bulk${n * 37 + 1}@example.test`),
    );
    expect(estimated(emails)).toBeLessThanOrEqual(200);
    const phones = await plan(
      'phone',
      Array.from({ length: 100 }, (_, n) => `+1415${String(n * 37 + 1).padStart(7, '0')}`),
    );
    expect(estimated(phones)).toBeLessThanOrEqual(200);
  });
});
