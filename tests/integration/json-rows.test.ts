import { beforeAll, describe, expect, it } from 'vitest';
import { insertJsonRows } from '../../server/db/json-rows';
import { buildTestApp } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount } from '../helpers/factories';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

describe('insertJsonRows (server/db/json-rows.ts)', () => {
  it('stores the rows as given, in order, under the organization’s policies: Json columns as values, arrays, nulls, timestamps; unnamed columns take their defaults', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps);
    const other = await createAccount(deps, 'other');
    const db = deps.database.forOrganization(owner.organizationId);
    const id = crypto.randomUUID();
    const sentAt = new Date('2026-11-28T10:00:00.123Z');
    const row = (n: number) => ({
      id: n === 0 ? id : crypto.randomUUID(),
      organization_id: owner.organizationId,
      direction: 'outbound' as const,
      kind: 'one_to_one' as const,
      status: 'queued' as const,
      contact_id: null,
      from_address: 'team@example.test',
      from_name: 'Team',
      to_address: `reader-${n}@example.test`,
      subject: `Subject "${n}" — ünïcode, 'quotes', \\ and {braces}`,
      html: '<p>Hi</p>',
      text: 'Hi\n',
      message_id: `<${crypto.randomUUID()}@example.test>`,
      references: ['<a@example.test>', '<b, "c"@example.test>'],
      token: crypto.randomUUID(),
      headers: { 'List-Unsubscribe': '<https://example.test/u>' },
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      sent_at: n === 0 ? sentAt : null,
    });
    const returned = await db.transaction().execute((trx) =>
      insertJsonRows(trx, 'email_messages', [row(0), row(1), row(2)])
        .returning(['id', 'to_address'])
        .execute(),
    );
    expect(returned.map((r) => r.to_address)).toEqual(['reader-0@example.test', 'reader-1@example.test', 'reader-2@example.test']);
    const stored = await deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      subject: `Subject "0" — ünïcode, 'quotes', \\ and {braces}`,
      references: ['<a@example.test>', '<b, "c"@example.test>'],
      headers: { 'List-Unsubscribe': '<https://example.test/u>' },
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      contact_id: null,
      attempts: 0,
      idempotency_key: null,
    });
    expect(stored.sent_at?.toISOString()).toBe(sentAt.toISOString());
    expect(stored.created_at).toBeInstanceOf(Date);

    // Another organization's row is refused by the policy, as a VALUES insert would be.
    await expect(
      db.transaction().execute((trx) =>
        insertJsonRows(trx, 'email_messages', [{ ...row(3), organization_id: other.organizationId }])
          .returning('id')
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
