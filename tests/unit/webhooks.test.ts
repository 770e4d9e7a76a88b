import { describe, expect, it } from 'vitest';
import { backoffSeconds } from '../../server/webhooks/deliver';
import { publicEventOf } from '../../server/webhooks/fanout';
import { retryAfterSeconds } from '../../server/webhooks/sender';
import { isPrivateAddress } from '../../server/webhooks/ssrf';

describe('the webhooks SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('webhook delivery rules', () => {
  it('backs off exponentially up to 6 hours', () => {
    expect([1, 2, 3, 4, 10].map(backoffSeconds)).toEqual([5, 20, 80, 320, 21_600]);
  });
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
  it('maps outbox events to public types and the record they are about, from one table', () => {
    expect(publicEventOf({ type: 'appointment_changed', payload: { appointmentId: 'a1', change: 'updated' } })).toEqual({ type: 'appointment.updated', recordKey: 'appointment:a1' });
    expect(publicEventOf({ type: 'contact_updated', payload: { contactIds: ['c1', 'c2'] } })).toEqual({ type: 'contact.updated', recordKey: 'contact:c1' });
    expect(publicEventOf({ type: 'deal_moved', payload: { dealId: 'd1' } })).toEqual({ type: 'deal.stage_changed', recordKey: 'deal:d1' });
    expect(publicEventOf({ type: 'email_status', payload: { id: 'e1', status: 'queued' } })).toBeNull();
  });
});
