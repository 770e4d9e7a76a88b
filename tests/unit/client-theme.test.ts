import { describe, expect, it } from 'vitest';
import { otherTheme, parseStoredTheme, resolveTheme, THEME_STORAGE_KEY } from '../../client/state/theme';

describe('theme rules', () => {
  it('uses the saved choice when there is one', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('follows the OS preference on a first visit or when the saved value is unusable', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('blue', true)).toBe('dark');
    expect(resolveTheme(42, false)).toBe('light');
  });

  it('reads the JSON string index.html reads, under the same key', () => {
    expect(THEME_STORAGE_KEY).toBe('switchboard.theme');
    expect(parseStoredTheme('"dark"')).toBe('dark');
    expect(parseStoredTheme('"light"')).toBe('light');
    expect(parseStoredTheme(null)).toBeNull();
    expect(parseStoredTheme('dark')).toBeNull(); // not JSON
    expect(parseStoredTheme('"sepia"')).toBeNull();
  });

  it('toggles between the two themes', () => {
    expect(otherTheme('dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});
