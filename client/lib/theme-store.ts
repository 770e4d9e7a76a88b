import { useEffect, useSyncExternalStore } from 'react';
import { parseStoredTheme, resolveTheme, THEME_STORAGE_KEY, UNSAVED_THEME_STORAGE_KEY, type Theme } from '../state/theme';

/**
 * The theme for the public site without the application's state library: the same saved choice
 * (localStorage, same key and rules as state/ui.ts) read through useSyncExternalStore.
 */

const DARK_QUERY = '(prefers-color-scheme: dark)';

function read(): Theme {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage blocked: follow the OS.
  }
  return resolveTheme(parseStoredTheme(raw), window.matchMedia(DARK_QUERY).matches);
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    media.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Saves the choice and applies it; the storage event keeps the application's theme state in step
 * too, and the unsaved mark lets the application save it to a signed-in account (lib/auth.ts).
 */
function save(theme: Theme): void {
  const value = JSON.stringify(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, value);
    sessionStorage.setItem(UNSAVED_THEME_STORAGE_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: value, storageArea: localStorage }));
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
  applyTheme(theme);
}

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/**
 * Keeps the page's colours in step with a choice made in another tab or the OS's setting. The head
 * script of site.html applied the theme before first paint; a prerendered page hydrates light
 * (below), so the page's theme follows the store, not the rendered value.
 */
export function useThemeClass(): void {
  useEffect(() => subscribe(() => applyTheme(read())), []);
}

/** Prerendered pages are rendered light; the head script has already applied the visitor's theme to the page's colours. */
const PRERENDERED_THEME: Theme = 'light';

export function useStoredTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, read, () => PRERENDERED_THEME);
  return [theme, save];
}
