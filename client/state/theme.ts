/** Pure theme rules, shared by the ui slice and its tests. index.html applies the same rule before first paint. */

export type Theme = 'light' | 'dark';

/** localStorage key; the value is a JSON string, e.g. "\"dark\"". */
export const THEME_STORAGE_KEY = 'switchboard.theme';

/** sessionStorage key of a choice not yet saved to the account (saved once the signed-in user is known). */
export const UNSAVED_THEME_STORAGE_KEY = 'switchboard.themeUnsaved';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The saved choice when it is valid, otherwise the operating system's preference. */
export function resolveTheme(stored: unknown, systemPrefersDark: boolean): Theme {
  if (isTheme(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

/** Parses the raw localStorage value; anything unreadable counts as no choice. */
export function parseStoredTheme(raw: string | null): Theme | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}
