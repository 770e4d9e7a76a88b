import { describe, expect, it } from 'vitest';
import { mappingProblems } from '../../client/routes/_app/-components/contacts/import-mapping';
import { exportHref, listInputOf, serverFilterOf, urlFilterOf, ZContactsSearch } from '../../client/routes/_app/-components/contacts/search';
import { DEFAULT_CONTACT_COLUMNS, effectiveColumns, EMPTY_SELECTION, toggleIds } from '../../client/state/contacts';
import { CONTACTS_PAGE, ZListContactsInput } from '../../server/contacts/schema';

const ID = '0b9f8c52-6f3e-4a57-9b1c-2d3e4f5a6b7c';

describe('contacts search parameters', () => {
  it('keeps valid filters and drops what breaks a rule instead of failing', () => {
    const search = ZContactsSearch.parse({ q: '  ada ', lifecycleStage: 'customer', ownerId: 'none', page: '3', limit: 50, sort: 'name', direction: 'asc', createdFrom: '2026-01-31' });
    expect(search).toMatchObject({ q: 'ada', lifecycleStage: 'customer', ownerId: 'none', page: 3, limit: 50, sort: 'name', direction: 'asc', createdFrom: '2026-01-31' });
    const bad = ZContactsSearch.parse({ lifecycleStage: 'vip', ownerId: 'someone', page: 0, limit: 7, sort: 'email', createdTo: '31/01/2026', doNotContact: 'fax', view: 'x', tag: '' });
    expect(Object.values(bad).filter((v) => v !== undefined)).toEqual([]);
    expect(ZContactsSearch.parse({ ownerId: ID, view: ID })).toMatchObject({ ownerId: ID, view: ID });
  });

  it('asks for page 1 of 20 newest first by default (spec §9), a valid list input', () => {
    const input = listInputOf(ZContactsSearch.parse({}), 'UTC');
    expect(input).toEqual({ page: CONTACTS_PAGE.page, limit: CONTACTS_PAGE.limit, sort: 'created' });
    expect(
      ZListContactsInput.safeParse(listInputOf(ZContactsSearch.parse({ q: 'x', tag: 'vip', createdFrom: '2026-03-01', createdTo: '2026-03-31', doNotContact: 'any' }), 'Europe/Paris')).success,
    ).toBe(true);
  });

  it("reads created days in the user's time zone, the last day included (DST-aware)", () => {
    const filter = serverFilterOf({ createdFrom: '2026-03-08', createdTo: '2026-03-08' }, 'America/New_York');
    // New York moves to daylight time at 02:00 that day: it starts at 05:00Z, the next day at 04:00Z.
    expect(filter.createdFrom).toBe('2026-03-08T05:00:00.000Z');
    expect(filter.createdTo).toBe('2026-03-09T03:59:59.999Z');
    expect(serverFilterOf({ createdFrom: '2026-06-01' }, 'Not/AZone').createdFrom).toBe('2026-06-01T00:00:00.000Z');
  });

  it('keeps only set filter values; the export link carries filters, sort and columns', () => {
    const search = ZContactsSearch.parse({ q: 'ada', tag: 'vip', page: 2, sort: 'leadScore' });
    expect(urlFilterOf(search)).toEqual({ q: 'ada', tag: 'vip' });
    const href = new URL(exportHref(search, 'UTC', ['name', 'email', 'custom.birthday']), 'http://x');
    expect(href.pathname).toBe('/api/contacts/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: 'ada', tag: 'vip', sort: 'leadScore', columns: 'name,email,custom.birthday' });
  });
});

describe('contacts client state', () => {
  it('uses the default columns until a user picks, never the name column', () => {
    expect(effectiveColumns(null)).toEqual([...DEFAULT_CONTACT_COLUMNS]);
    expect(effectiveColumns(['name', 'email', 'tags'])).toEqual(['email', 'tags']);
  });

  it('selects within one filter; picking rows ends "all matching", which stands for the rows on screen', () => {
    let s = toggleIds(EMPTY_SELECTION, 'f1', ['a', 'b'], true);
    expect(s).toEqual({ scope: 'f1', ids: ['a', 'b'], allMatching: false });
    s = toggleIds(s, 'f1', ['a'], false);
    expect(s.ids).toEqual(['b']);
    // Another filter starts over.
    expect(toggleIds(s, 'f2', ['c'], true).ids).toEqual(['c']);
    const all = { scope: 'f1', ids: [], allMatching: true };
    expect(toggleIds(all, 'f1', ['b'], false, ['a', 'b', 'c'])).toEqual({ scope: 'f1', ids: ['a', 'c'], allMatching: false });
  });
});

describe('import column mapping', () => {
  it('flags a field filled by two columns (tags and notes may repeat) and a mapping without a name, e-mail or phone', () => {
    expect(mappingProblems({ Email: 'email', Mail: 'email', T1: 'tags', T2: 'tags', N: '' })).toEqual({ byColumn: { Mail: '“Email” already fills this field; choose one column' }, overall: null });
    expect(mappingProblems({ Company: 'companyName', Notes: 'note' }).overall).toBe('Map at least one column to a name, an e-mail or a phone.');
  });
});
