import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import { isTheme, resolveTheme, THEME_STORAGE_KEY, UNSAVED_THEME_STORAGE_KEY, type Theme } from './theme';

/**
 * The ui slice of client state (spec app-core §3, §4.3). Initial values: sidebar open, theme from
 * the saved choice or else the OS, notifications on, view dashboard, layout grid.
 */

export type { Theme } from './theme';
export type ActiveView = 'dashboard' | (string & {});
export type Layout = 'grid' | 'list';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** In-memory stand-in when localStorage is missing or blocked (privacy mode, sandboxed frame, tests). */
const memory = new Map<string, string>();
const memoryStorage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

function safeLocalStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return typeof window === 'undefined' ? memoryStorage : window.localStorage;
  } catch {
    return memoryStorage;
  }
}

function safeSessionStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return typeof window === 'undefined' ? memoryStorage : window.sessionStorage;
  } catch {
    return memoryStorage;
  }
}

/** The explicit choice, or null before the user picks one. Synced across tabs by jotai's storage listener. */
const storedThemeAtom = atomWithStorage<Theme | null>(THEME_STORAGE_KEY, null, createJSONStorage<Theme | null>(safeLocalStorage), { getOnInit: true });

/** Follows the OS setting live while the user has made no choice. */
const systemThemeAtom = atom<Theme>(systemPrefersDark() ? 'dark' : 'light');
systemThemeAtom.onMount = (set) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(DARK_QUERY);
  const update = () => set(query.matches ? 'dark' : 'light');
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
};

/** The theme in effect. Writing it saves the choice. */
export const themeAtom = atom(
  (get) => resolveTheme(get(storedThemeAtom), get(systemThemeAtom) === 'dark'),
  (_get, set, next: Theme) => {
    if (isTheme(next)) set(storedThemeAtom, next);
  },
);

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeAtom, get(themeAtom) === 'dark' ? 'light' : 'dark');
});

/** The choice as an account stores it: light, dark, or 'system' (no saved choice: follow the OS). */
export type ThemeChoice = Theme | 'system';

export const themeChoiceAtom = atom(
  (get): ThemeChoice => get(storedThemeAtom) ?? 'system',
  (_get, set, next: ThemeChoice) => {
    if (next === 'system') set(storedThemeAtom, RESET);
    else if (isTheme(next)) set(storedThemeAtom, next);
  },
);

/**
 * A theme picked with the toggle while no account was known (a public page before the app checked
 * who is signed in); saved to the account once it is known, as the newer choice. Cleared with RESET.
 */
export const unsavedThemeChoiceAtom = atomWithStorage<ThemeChoice | null>(
  UNSAVED_THEME_STORAGE_KEY,
  null,
  // This tab only, reloads included: a choice made on another day is not "newer" than the account's.
  createJSONStorage<ThemeChoice | null>(safeSessionStorage),
  { getOnInit: true },
);

const storedSidebarOpenAtom = atomWithStorage<boolean>('switchboard.sidebarOpen', true, createJSONStorage<boolean>(safeLocalStorage), {
  getOnInit: true,
});

/** Desktop sidebar expanded (true) or collapsed to icons; remembered across visits. */
export const sidebarOpenAtom = atom(
  (get) => get(storedSidebarOpenAtom) !== false,
  (_get, set, open: boolean) => set(storedSidebarOpenAtom, open),
);

export const toggleSidebarAtom = atom(null, (get, set) => {
  set(sidebarOpenAtom, !get(sidebarOpenAtom));
});

export const notificationsAtom = atom<boolean>(true);
export const activeViewAtom = atom<ActiveView>('dashboard');
export const layoutAtom = atom<Layout>('grid');
