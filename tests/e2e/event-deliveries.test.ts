import { describe, expect, it } from 'vitest';
import { publishEvent } from '../../server/events/publish';
import { openSignedIn, organizationOf, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('event deliveries', () => {
  it('Settings → Integrations shows a parked delivery with its error, and Retry puts it back to be delivered now', async () => {
    const { page, account } = await openSignedIn(e2e);
    await page.goto('/settings/integrations');
    const section = page.getByRole('region', { name: 'Event deliveries', exact: true });
    await section.getByText('No failed deliveries: every event reached its consumers.').waitFor();

    // A consumer (say, an outbound webhook) failed its last attempt at one of this organization's events.
    const db = e2e.db;
    const organizationId = await organizationOf(e2e, account);
    const eventId = await db.transaction().execute((trx) => publishEvent(trx, { organizationId, type: 'deal_won', payload: {}, actorUserId: null }));
    await db
      .insertInto('event_consumers')
      .values({ name: 'crm-webhook', last_txid: 0, last_event_id: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await db
      .insertInto('event_deliveries')
      .values({ consumer: 'crm-webhook', event_id: eventId, organization_id: organizationId, state: 'parked', attempts: 5, last_error: 'The CRM answered 502 Bad Gateway' })
      .execute();

    await page.reload();
    const table = section.getByRole('table', { name: 'Event deliveries' });
    const row = table.getByRole('row').filter({ hasText: 'crm-webhook' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['crm-webhook', 'Parked', '5', 'The CRM answered 502 Bad Gateway']));
    await row.getByText(`deal_won #${eventId}`).waitFor();

    await row.getByRole('button', { name: `Retry deal_won #${eventId} for crm-webhook` }).click();
    await toastOn(page).getByText('Delivery retried').waitFor();
    await row.getByText('Retrying', { exact: true }).waitFor();
    const stored = await db.selectFrom('event_deliveries').select(['state', 'next_attempt_at']).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(stored.state).toBe('retrying');
    expect(stored.next_attempt_at!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
