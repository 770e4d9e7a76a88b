import { afterEach, describe, expect, it } from 'vitest';
import { countryTimeZones, quietHoursRelease } from '../../server/sms/quiet-hours';

/**
 * Intl.Locale#timeZones (a getter, Node 20) is giving way to Intl.Locale#getTimeZones() (a method).
 * These tests shape Intl.Locale.prototype as each runtime has it; each uses a country of its own,
 * since the zones of a country are looked up once.
 */
const proto = Intl.Locale.prototype as object;
const saved = {
  getter: Object.getOwnPropertyDescriptor(proto, 'timeZones'),
  method: Object.getOwnPropertyDescriptor(proto, 'getTimeZones'),
};

function shape(zones: { getter?: string[]; method?: string[] }) {
  delete (proto as Record<string, unknown>).timeZones;
  delete (proto as Record<string, unknown>).getTimeZones;
  if (zones.getter) Object.defineProperty(proto, 'timeZones', { configurable: true, get: () => zones.getter });
  if (zones.method) Object.defineProperty(proto, 'getTimeZones', { configurable: true, writable: true, value: () => zones.method });
}

afterEach(() => {
  delete (proto as Record<string, unknown>).timeZones;
  delete (proto as Record<string, unknown>).getTimeZones;
  if (saved.getter) Object.defineProperty(proto, 'timeZones', saved.getter);
  if (saved.method) Object.defineProperty(proto, 'getTimeZones', saved.method);
});

const quiet = { start: '21:00', end: '08:00' };
// 12:00 UTC: 21:00 in Tokyo (quiet until 08:00 there, 23:00 UTC), 17:30 in Kolkata (open).
const noon = new Date('2026-01-10T12:00:00Z');

describe('the time zones of a country for quiet hours', () => {
  it('this runtime knows them (one of the two APIs exists)', () => {
    expect(countryTimeZones('US')).toEqual(expect.arrayContaining(['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu']));
  });

  it('uses getTimeZones() where the runtime has it, before the getter', () => {
    shape({ method: ['Asia/Tokyo'], getter: ['Asia/Kolkata'] });
    expect(quietHoursRelease(quiet, 'CL', 'UTC', noon)).toEqual(new Date('2026-01-10T23:00:00Z'));
  });

  it('uses the timeZones getter on a runtime without the method', () => {
    shape({ getter: ['Asia/Tokyo'] });
    expect(quietHoursRelease(quiet, 'NZ', 'UTC', noon)).toEqual(new Date('2026-01-10T23:00:00Z'));
  });

  it('throws a clear error when the runtime has neither, instead of using one zone for the whole country', () => {
    shape({});
    expect(() => quietHoursRelease(quiet, 'BR', 'Asia/Kolkata', noon)).toThrow(/Intl\.Locale has neither getTimeZones\(\) nor timeZones/);
  });

  it('a region with no zones of its own still falls back to the organization’s zone', () => {
    shape({ method: [] });
    // Kolkata at 12:00 UTC is 17:30: open.
    expect(quietHoursRelease(quiet, 'AQ', 'Asia/Kolkata', noon)).toBeNull();
  });
});
