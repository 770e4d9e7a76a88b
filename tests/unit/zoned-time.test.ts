import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startOfDayIn as clientStartOfDay, todayRangeIn } from '../../client/lib/calendar';
import { zonedTimeToInstant as clientInstant } from '../../client/lib/zoned-time';
import { dayRangeIn, isTimeZone, startOfDayIn, zonedParts, zonedTimeToInstant, zoneOffsetMs } from '../../server/time/zoned';

const at = (date: string, time: string, zone: string) => zonedTimeToInstant(date, time, zone).toISOString();
const day = (date: string, zone: string) => {
  const range = dayRangeIn(startOfDayIn(date, zone), zone);
  return { date: range.date, start: range.start.toISOString(), end: range.end.toISOString(), hours: (range.end.getTime() - range.start.getTime()) / 3_600_000 };
};

describe('America/New_York', () => {
  it('spring-forward (2026-03-08, 02:00 → 03:00): a skipped time moves forward by the jump, 02:30 → 03:30 EDT', () => {
    expect(at('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(at('2026-03-08', '02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedParts('2026-03-08T07:30:00Z', 'America/New_York').time).toBe('03:30');
    expect(at('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(day('2026-03-08', 'America/New_York')).toEqual({ date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z', hours: 23 });
  });

  it('fall-back (2026-11-01, 02:00 → 01:00): a repeated time is its first occurrence, 01:30 EDT', () => {
    expect(at('2026-11-01', '00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // The second 01:30 (EST) still reads as 01:30.
    expect(zonedParts('2026-11-01T06:30:00Z', 'America/New_York').time).toBe('01:30');
    expect(day('2026-11-01', 'America/New_York')).toEqual({ date: '2026-11-01', start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z', hours: 25 });
  });
});

describe('America/Santiago (clocks change at midnight)', () => {
  it('2026-09-06 has no midnight: the day starts at 01:00 that day, not 23:00 the day before', () => {
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(zonedParts(startOfDayIn('2026-09-06', 'America/Santiago'), 'America/Santiago')).toMatchObject({ date: '2026-09-06', time: '01:00' });
    expect(day('2026-09-06', 'America/Santiago')).toEqual({ date: '2026-09-06', start: '2026-09-06T04:00:00.000Z', end: '2026-09-07T03:00:00.000Z', hours: 23 });
    // The day before ends where it starts (a full 24 hours of -04:00).
    expect(day('2026-09-05', 'America/Santiago')).toMatchObject({ end: '2026-09-06T04:00:00.000Z', hours: 24 });
    // An instant late on the 5th is still the 5th.
    expect(dayRangeIn(new Date('2026-09-06T03:30:00Z'), 'America/Santiago').date).toBe('2026-09-05');
  });

  it('2026-04-04 repeats its last hour (24:00 → 23:00): 23:30 is the first one, and the day lasts 25 hours', () => {
    expect(at('2026-04-04', '23:30', 'America/Santiago')).toBe('2026-04-05T02:30:00.000Z');
    expect(day('2026-04-04', 'America/Santiago')).toEqual({ date: '2026-04-04', start: '2026-04-04T03:00:00.000Z', end: '2026-04-05T04:00:00.000Z', hours: 25 });
  });
});

describe('Europe/London', () => {
  it('spring-forward at 01:00 GMT (2026-03-29) and fall-back at 02:00 BST (2026-10-25)', () => {
    expect(at('2026-03-29', '00:30', 'Europe/London')).toBe('2026-03-29T00:30:00.000Z');
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedParts('2026-03-29T01:30:00Z', 'Europe/London').time).toBe('02:30');
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(day('2026-03-29', 'Europe/London').hours).toBe(23);
    expect(day('2026-10-25', 'Europe/London').hours).toBe(25);
  });
});

describe('Australia/Lord_Howe (half-hour daylight saving)', () => {
  it('skips 02:00–02:30 on 2026-10-04 and repeats 01:30–02:00 on 2026-04-05', () => {
    expect(zoneOffsetMs('2026-07-01T00:00:00Z', 'Australia/Lord_Howe')).toBe(10.5 * 3_600_000);
    expect(zoneOffsetMs('2026-12-01T00:00:00Z', 'Australia/Lord_Howe')).toBe(11 * 3_600_000);
    // 02:15 does not exist: it becomes 02:45 (+11:00).
    expect(at('2026-10-04', '02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
    expect(zonedParts('2026-10-03T15:45:00Z', 'Australia/Lord_Howe').time).toBe('02:45');
    // 01:45 happens twice: the first, at +11:00.
    expect(at('2026-04-05', '01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z');
    expect(day('2026-10-04', 'Australia/Lord_Howe').hours).toBe(23.5);
    expect(day('2026-04-05', 'Australia/Lord_Howe').hours).toBe(24.5);
  });
});

describe('Asia/Kolkata (no daylight saving, +05:30)', () => {
  it('has the same offset all year and 24-hour days, US change days included', () => {
    expect(at('2026-03-08', '02:30', 'Asia/Kolkata')).toBe('2026-03-07T21:00:00.000Z');
    expect(zoneOffsetMs('2026-01-01T00:00:00Z', 'Asia/Kolkata')).toBe(19_800_000);
    expect(zoneOffsetMs('2026-07-01T00:00:00Z', 'Asia/Kolkata')).toBe(19_800_000);
    expect(day('2026-03-08', 'Asia/Kolkata')).toEqual({ date: '2026-03-08', start: '2026-03-07T18:30:00.000Z', end: '2026-03-08T18:30:00.000Z', hours: 24 });
  });
});

describe('every zone, every instant', () => {
  const zones = ['America/New_York', 'America/Santiago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
  it('an instant’s wall time leads back to the instant (or, for a repeated time, to its first occurrence)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }), (zone, minute) => {
        const instant = minute * 60_000;
        const wall = zonedParts(instant, zone);
        const back = zonedTimeToInstant(wall.date, wall.time, zone).getTime();
        expect(zonedParts(back, zone)).toEqual(wall);
        expect(back).toBeLessThanOrEqual(instant);
        expect(instant - back).toBeLessThanOrEqual(3_600_000);
      }),
      { numRuns: 2000 },
    );
  });

  it('a day starts at its first instant: the instant before it is the day before', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 3650 }), (zone, offset) => {
        const date = new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
        const start = startOfDayIn(date, zone).getTime();
        expect(zonedParts(start, zone).date).toBe(date);
        expect(zonedParts(start - 60_000, zone).date < date).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the same answers whatever the host’s time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
  it('resolves repeated and skipped times alike on hosts in UTC, Los Angeles and Tokyo', () => {
    const answers = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'].map((host) => {
      process.env.TZ = host;
      return [at('2026-11-01', '01:30', 'America/New_York'), at('2026-10-25', '01:30', 'Europe/London'), at('2026-03-08', '02:30', 'America/New_York'), at('2026-04-04', '23:30', 'America/Santiago')];
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual(['2026-11-01T05:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-04-05T02:30:00.000Z']);
  });
});

describe('the client’s entry points are the shared module', () => {
  it('02:30 on the US spring-forward day is 03:30 EDT, and Santiago’s 2026-09-06 starts at 01:00 that day', () => {
    expect(clientInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(clientStartOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(todayRangeIn('America/Santiago', new Date('2026-09-06T12:00:00Z'))).toEqual({ date: '2026-09-06', from: '2026-09-06T04:00:00.000Z', to: '2026-09-07T03:00:00.000Z' });
  });

  it('knows IANA zones and refuses other names', () => {
    expect(isTimeZone('Australia/Lord_Howe')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('offsets and wall clocks read through the per-hour cache (decision 043)', () => {
  // Zones with odd offsets, half-hour daylight saving, changes at midnight, twice-a-year Ramadan changes, and history.
  const zones = [
    'America/New_York',
    'Europe/Paris',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kathmandu',
    'America/Santiago',
    'Africa/Casablanca',
    'Antarctica/Troll',
    'Asia/Gaza',
    'America/St_Johns',
    'Europe/Dublin',
    'UTC',
  ];
  // One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with one.
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string) => {
    let format = formatters.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' });
      formatters.set(timeZone, format);
    }
    return format;
  };
  const intlParts = (ms: number, timeZone: string) => {
    const parts = Object.fromEntries(
      formatter(timeZone)
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!) };
  };

  it('agrees with Intl at every instant, including the minutes around each change', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, ms) => {
        const { date, time, weekday } = zonedParts(ms, zone);
        expect({ date, time, weekday }).toEqual(intlParts(ms, zone));
      }),
      { numRuns: 3000 },
    );
    // Each minute of the hours holding a change in 2026, in each zone: the cached hour must not smear a change.
    // Found day by day, then hour by hour within a day whose offset changed (these zones change at most once a day).
    const DAY = 86_400_000;
    const HOUR = 3_600_000;
    for (const zone of zones) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += DAY) {
        if (zoneOffsetMs(day, zone) === zoneOffsetMs(day + DAY, zone)) continue;
        for (let hour = day; hour < day + DAY; hour += HOUR) {
          if (zoneOffsetMs(hour, zone) === zoneOffsetMs(hour + HOUR, zone)) continue;
          for (let ms = hour; ms <= hour + HOUR; ms += 60_000) expect(zonedParts(ms, zone)).toMatchObject(intlParts(ms, zone));
        }
      }
    }
  });
});
