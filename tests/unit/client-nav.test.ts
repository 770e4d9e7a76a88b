import { describe, expect, it } from 'vitest';
import { MOBILE_NAV, SIDEBAR_NAV } from '../../client/components/shell/nav';
import { NAV_ICONS } from '../../client/components/shell/nav-icons';
import { initialsOf } from '../../client/components/shell/user';
import { MOBILE_MENU, SIDEBAR } from '../e2e/helpers/spec';

const pairs = (list: readonly { label: string; to: string }[]) => list.map((e) => [e.label, e.to]);

describe('navigation lists', () => {
  it('desktop sidebar: spec §2.2 entries and targets, in order', () => {
    expect(pairs(SIDEBAR_NAV)).toEqual(SIDEBAR);
  });

  it('mobile menu: same list, Dashboard → /, SMS → /sms, no Tutorials (spec §2.3)', () => {
    expect(pairs(MOBILE_NAV)).toEqual(MOBILE_MENU);
  });

  it('has an icon for every entry', () => {
    for (const entry of [...SIDEBAR_NAV, ...MOBILE_NAV]) expect(NAV_ICONS[entry.icon], entry.label).toBeDefined();
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
