import { describe, expect, it } from 'vitest';
import { assertSafeInput, parseInput } from '../../server/errors';
import { findInputIssue, MAX_INPUT_DEPTH, storableText } from '../../server/input/guard';
import { isWithinDateRange } from '../../server/input/schema';
import { z } from 'zod';

describe('the input guard', () => {
  it('names the field and the rule of the first NUL, lone surrogate or hostile depth', () => {
    expect(findInputIssue({ a: { b: ['ok', 'x\u0000'] } })).toEqual({ path: 'a.b.1', message: 'must not contain a NUL character' });
    expect(findInputIssue({ name: 'a\uD800' })).toEqual({ path: 'name', message: 'must not contain an unpaired UTF-16 surrogate' });
    expect(findInputIssue({ name: '\uDC00b' })?.message).toBe('must not contain an unpaired UTF-16 surrogate');
    expect(findInputIssue({ tags: { 'k\u0000': 1 } })).toEqual({ path: 'tags', message: 'keys must not contain a NUL character' });
    expect(findInputIssue({ name: 'Zoë 😀 مرحبا', n: 1e308, ok: [true, null] })).toBeUndefined();
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputIssue(deep)?.message).toBe('is nested too deeply');
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = { a: fine };
    expect(findInputIssue(fine)).toBeUndefined();
  });

  it('runs before every schema: parseInput answers VALIDATION naming the field', () => {
    expect(() => parseInput(z.object({ name: z.string() }), { name: 'a\u0000b' })).toThrow(expect.objectContaining({ code: 'VALIDATION', message: 'name: must not contain a NUL character' }));
    expect(() => assertSafeInput({ csv: 'a\u0000b', name: 'ok' }, { fileText: ['csv'] })).not.toThrow();
  });

  it('a file is stored with U+FFFD in place of each NUL and lone surrogate, pairs kept', () => {
    expect(storableText('a\u0000b\uD800c😀\uDC00')).toBe('a\uFFFDb\uFFFDc😀\uFFFD');
  });

  it('dates within 1900-01-01 and 9999-12-31, offsets counted', () => {
    expect(['1900-01-01', '9999-12-31', '2026-05-01T09:00:00Z', '2026-05-01T09:00:00+02:00', '2026-05-01T09:00:00'].every(isWithinDateRange)).toBe(true);
    expect(['0000-01-01', '1899-12-31', '1900-01-01T00:00:00+01:00', '9999-12-31T23:00:00-14:00', '+275760-09-13T00:00:00Z'].some(isWithinDateRange)).toBe(false);
  });
});
