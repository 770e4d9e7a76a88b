import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { activeViewAtom, layoutAtom, notificationsAtom, sidebarOpenAtom, themeAtom, toggleSidebarAtom, toggleThemeAtom } from '../../client/state/ui';

describe('ui slice', () => {
  it('starts with the spec initial values (§4.3)', () => {
    const store = createStore();
    expect(store.get(sidebarOpenAtom)).toBe(true);
    expect(store.get(notificationsAtom)).toBe(true);
    expect(store.get(activeViewAtom)).toBe('dashboard');
    expect(store.get(layoutAtom)).toBe('grid');
    // No saved choice and no OS preference available (node): light.
    expect(store.get(themeAtom)).toBe('light');
  });

  it('toggles the sidebar open and closed', () => {
    const store = createStore();
    store.set(toggleSidebarAtom);
    expect(store.get(sidebarOpenAtom)).toBe(false);
    store.set(toggleSidebarAtom);
    expect(store.get(sidebarOpenAtom)).toBe(true);
  });

  it('sets and toggles the theme, and sets view and layout', () => {
    const store = createStore();
    store.set(themeAtom, 'dark');
    expect(store.get(themeAtom)).toBe('dark');
    store.set(toggleThemeAtom);
    expect(store.get(themeAtom)).toBe('light');
    store.set(activeViewAtom, 'pipeline');
    store.set(layoutAtom, 'list');
    expect([store.get(activeViewAtom), store.get(layoutAtom)]).toEqual(['pipeline', 'list']);
  });
});
