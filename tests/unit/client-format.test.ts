import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from '../../client/lib/format';
import { timeZoneOptions } from '../../client/lib/time-zones';
import { describeUserAgent } from '../../client/lib/user-agent';

describe('relative time (spec app-core §9)', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says 'Just now', minutes, hours, then the date", () => {
    expect(formatRelative(ago(10_000), now)).toBe('Just now');
    expect(formatRelative(ago(59_999), now)).toBe('Just now');
    expect(formatRelative(ago(60_000), now)).toBe('1m ago');
    expect(formatRelative(ago(59 * 60_000), now)).toBe('59m ago');
    expect(formatRelative(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelative(ago(23 * 3600_000 + 59 * 60_000), now)).toBe('23h ago');
    expect(formatRelative(ago(24 * 3600_000), now, 'UTC')).toBe(formatDate(ago(24 * 3600_000), 'UTC'));
    expect(formatRelative('not a date', now)).toBe('—');
  });

  it('falls back to the local zone when a stored zone is unknown', () => {
    expect(formatDate('2025-01-02T00:00:00Z', 'Not/AZone')).toBe(formatDate('2025-01-02T00:00:00Z'));
  });
});

describe('time zone options', () => {
  it('starts with UTC, keeps chosen zones, and has no duplicates', () => {
    const zones = timeZoneOptions('Europe/Paris', 'Europe/Paris', null);
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('device names for sessions', () => {
  it('names the browser and the system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox on Linux');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge on Windows');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('x'.repeat(80))).toHaveLength(58);
  });
});
