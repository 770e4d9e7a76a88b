import { describe, expect, it } from 'vitest';
import { quietHoursRelease } from '../../server/sms/quiet-hours';
import { STATUS_RANK, statusesBelow } from '../../server/sms/repo';
import { recipientLines, renderTemplate, smsEncoding, templateVariables } from '../../server/sms/schema';

describe('smsEncoding', () => {
  it('GSM-7: 160 characters in one segment, 153 per segment beyond; extension characters take two', () => {
    expect(smsEncoding('')).toMatchObject({ encoding: 'GSM-7', segments: 0 });
    expect(smsEncoding('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0 });
    expect(smsEncoding('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2, perSegment: 153, remaining: 145 });
    expect(smsEncoding('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsEncoding('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsEncoding(`${'a'.repeat(159)}€`)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(smsEncoding('Café à 5€ — no')).toMatchObject({ encoding: 'UCS-2' });
  });

  it('UCS-2 for anything outside GSM-7: 70 and 67 UTF-16 units, an emoji counting two', () => {
    expect(smsEncoding(`${'a'.repeat(68)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0, characters: 69 });
    expect(smsEncoding(`${'a'.repeat(69)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 2, perSegment: 67 });
    expect(smsEncoding('日本語')).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 67 });
  });
});

describe('templates', () => {
  it('extracts {{name}} variables once, in order, and renders them, naming the missing ones', () => {
    expect(templateVariables('Hi {{ firstName }}, {{date}} at {{time}}, {{firstName}}!')).toEqual(['firstName', 'date', 'time']);
    expect(renderTemplate('Hi {{name}}, on {{date}}', { name: ' Ada ', date: '' })).toEqual({ text: 'Hi Ada, on ', missing: ['date'] });
  });
});

describe('recipientLines', () => {
  it('splits by line, trims and drops empty lines (spec §5)', () => {
    expect(recipientLines(' +15551234567 \r\n\n  \n+15557654321\n')).toEqual(['+15551234567', '+15557654321']);
  });
});

describe('quietHoursRelease', () => {
  const quiet = { start: '21:00', end: '08:00' };
  it('holds until the window opens in every zone of the country', () => {
    // 22:30 in London: held until 08:00 London (07:00 UTC in winter).
    expect(quietHoursRelease(quiet, 'GB', 'UTC', new Date('2026-01-10T22:30:00Z'))).toEqual(new Date('2026-01-11T08:00:00Z'));
    expect(quietHoursRelease(quiet, 'GB', 'UTC', new Date('2026-01-10T12:00:00Z'))).toBeNull();
    // 12:00 UTC is 07:00 in New York, and still night in Hawaii: held until 08:00 in Honolulu (18:00 UTC).
    expect(quietHoursRelease(quiet, 'US', 'UTC', new Date('2026-01-10T12:00:00Z'))).toEqual(new Date('2026-01-10T18:00:00Z'));
    expect(quietHoursRelease(null, 'US', 'UTC', new Date())).toBeNull();
  });
});

describe('status order', () => {
  it('only ever moves forward; final statuses are final', () => {
    expect(statusesBelow('sent')).toEqual(['accepted', 'queued', 'sending']);
    expect(statusesBelow('delivered')).not.toContain('failed');
    expect(STATUS_RANK.delivered).toBe(STATUS_RANK.failed);
  });
});
