import { describe, expect, it } from 'vitest';
// The assembly installs the domains' notification texts (server/<domain>/domain.ts).
import '../../server/assembly';
import { formatMoney, notificationFor } from '../../server/events/notifications';

describe('notification texts (spec app-core §4.2)', () => {
  it('New Contact', () => {
    expect(notificationFor('contact_created', { contactId: 'c1', name: 'Grace Hopper' })).toMatchObject({
      type: 'success',
      title: 'New Contact',
      message: 'Grace Hopper has been added to your contacts',
      link: '/contacts/c1',
    });
  });

  it('Deal Won! with the value in the deal currency', () => {
    expect(notificationFor('deal_won', { dealId: 'd1', title: 'Acme renewal', valueMinor: 1_250_000, currency: 'USD' })).toMatchObject({
      type: 'success',
      title: 'Deal Won!',
      message: 'Acme renewal - $12,500',
      // The member who marked it won is told too.
      notifyActor: true,
    });
    expect(notificationFor('contact_created', { name: 'x' })?.notifyActor).toBeUndefined();
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
  });

  it('Automation Complete', () => {
    expect(notificationFor('automation_completed', { automationId: 'a1', name: 'Welcome Series' })).toMatchObject({
      type: 'info',
      title: 'Automation Complete',
      message: 'Welcome Series has finished running',
    });
  });

  it('raises nothing for events that are not news', () => {
    expect(notificationFor('deal_moved', {})).toBeNull();
    expect(notificationFor('user_joined', {})).toBeNull();
  });
});
