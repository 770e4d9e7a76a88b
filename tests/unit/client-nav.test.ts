import { BookOpenIcon, UsersIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { navEntries, navSourcesOf, SHELL_LINKS, type NavSource } from '../../client/components/shell/nav';
import { initialsOf } from '../../client/components/shell/user';
import { router } from '../../client/router';
import { MOBILE_MENU, SIDEBAR } from '../e2e/helpers/spec';

const pairs = (list: readonly { label: string; to: string }[]) => list.map((e) => [e.label, e.to]);

// The application's router (memory history outside a browser): its routes declare their entries in their static data.
const sources = [...navSourcesOf(Object.values(router.routesById)), ...SHELL_LINKS];

describe('navigation lists, from the screens’ own declarations', () => {
  it('desktop sidebar: spec §2.2 entries and targets, in order', () => {
    expect(pairs(navEntries(sources, 'sidebar'))).toEqual(SIDEBAR);
  });

  it('mobile menu: same list, Dashboard → /, SMS → /sms, no Tutorials (spec §2.3)', () => {
    expect(pairs(navEntries(sources, 'mobile'))).toEqual(MOBILE_MENU);
  });

  it('every entry has an icon and leads to a route of the router', () => {
    for (const entry of [...navEntries(sources, 'sidebar'), ...navEntries(sources, 'mobile')]) {
      expect(typeof entry.icon === 'function' || typeof entry.icon === 'object', entry.label).toBe(true);
      expect(
        Object.values(router.routesById).some((route) => route.to === entry.to || route.fullPath === entry.to),
        entry.to,
      ).toBe(true);
    }
  });

  it('a new screen joins both menus at its order; one that says so stays out of the drawer', () => {
    const extra: NavSource[] = [
      { to: '/contacts', nav: { label: 'People', icon: UsersIcon, order: 25, mobile: { label: 'Folks' } } },
      { to: '/help', nav: { label: 'Help', icon: BookOpenIcon, order: 5, mobile: false } },
      { to: '/settings', nav: undefined },
    ];
    expect(pairs(navEntries([...sources, ...extra], 'sidebar')).slice(0, 4)).toEqual([
      ['Help', '/help'],
      ['Dashboard', '/app'],
      ['Contacts', '/contacts'],
      ['People', '/contacts'],
    ]);
    expect(pairs(navEntries([...sources, ...extra], 'mobile')).slice(0, 3)).toEqual([
      ['Dashboard', '/'],
      ['Contacts', '/contacts'],
      ['Folks', '/contacts'],
    ]);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster murray hopper ')).toBe('GH');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });

  it('falls back to ? for an empty name', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
  });
});
