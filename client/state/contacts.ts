import { atom, type PrimitiveAtom, type WritableAtom } from 'jotai';
import { atomWithStorage, createJSONStorage, type RESET } from 'jotai/utils';

/**
 * Client-only state of the contacts screens: which columns a user shows (remembered in this browser,
 * per user) and which rows are selected for a bulk change. Never a copy of what the server answered.
 */

/** Shown until a user picks their own; the name is always the first column. */
export const DEFAULT_CONTACT_COLUMNS: readonly string[] = ['email', 'phone', 'companyName', 'lifecycleStage', 'owner', 'tags', 'leadScore', 'createdAt'];

export const contactColumnsKey = (userId: string) => `switchboard.contacts.columns.${userId}`;

type ColumnsAtom = WritableAtom<string[] | null, [string[] | null | typeof RESET], void>;
const columnAtoms = new Map<string, ColumnsAtom>();

// localStorage, or nothing when the browser blocks it (the choice then lasts for this page only).
const storage = createJSONStorage<string[] | null>();

/** A user's column choice (null: the defaults), synced across tabs. One atom per user. */
export function contactColumnsAtom(userId: string): ColumnsAtom {
  let found = columnAtoms.get(userId);
  if (!found) {
    found = atomWithStorage<string[] | null>(contactColumnsKey(userId), null, storage, { getOnInit: true });
    columnAtoms.set(userId, found);
  }
  return found;
}

/** The columns in effect: the stored choice, else the defaults. */
export function effectiveColumns(stored: string[] | null): string[] {
  return Array.isArray(stored) ? stored.filter((c) => typeof c === 'string' && c !== 'name') : [...DEFAULT_CONTACT_COLUMNS];
}

/**
 * Rows picked for a bulk change: ids one by one, or every contact matching the filter the selection
 * was made under (`scope`, so a new filter drops the selection).
 */
export type ContactSelection = { scope: string; ids: string[]; allMatching: boolean };
export const EMPTY_SELECTION: ContactSelection = { scope: '', ids: [], allMatching: false };
export const contactSelectionAtom: PrimitiveAtom<ContactSelection> = atom<ContactSelection>(EMPTY_SELECTION);

/**
 * Adds or removes ids; picking rows one by one ends "all matching", which then stands for the rows
 * on screen (`visibleIds`).
 */
export function toggleIds(selection: ContactSelection, scope: string, ids: readonly string[], selected: boolean, visibleIds: readonly string[] = []): ContactSelection {
  const base = selection.scope !== scope ? [] : selection.allMatching ? [...visibleIds] : selection.ids;
  const next = selected ? [...new Set([...base, ...ids])] : base.filter((id) => !ids.includes(id));
  return { scope, ids: next, allMatching: false };
}
