import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD, toast, type ToastItem, toastReducer, toastsAtom } from '../../client/state/toast';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({ id, open: true, title: `t${id}`, ...extra });

describe('toast constants (spec §9)', () => {
  it('match the spec', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });
});

describe('toastReducer', () => {
  it('keeps only the newest toast', () => {
    const state = toastReducer([item('1')], { type: 'add', toast: item('2') });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const state = toastReducer([item('1')], { type: 'update', toast: { id: '1', title: 'changed', variant: 'destructive' } });
    expect(state).toEqual([{ id: '1', open: true, title: 'changed', variant: 'destructive' }]);
    expect(toastReducer(state, { type: 'update', toast: { id: 'x', title: 'no' } })).toEqual(state);
  });

  it('dismisses (closes) one or all, and removes one or all', () => {
    const two = [item('1'), item('2')];
    expect(toastReducer(two, { type: 'dismiss', id: '1' }).map((t) => t.open)).toEqual([false, true]);
    expect(toastReducer(two, { type: 'dismiss' }).map((t) => t.open)).toEqual([false, false]);
    expect(toastReducer(two, { type: 'remove', id: '1' }).map((t) => t.id)).toEqual(['2']);
    expect(toastReducer(two, { type: 'remove' })).toEqual([]);
  });
});

describe('toast()', () => {
  afterEach(() => {
    vi.useRealTimers();
    getDefaultStore().set(toastsAtom, []);
  });

  it('shows one toast at a time, replacing the previous one', () => {
    const store = getDefaultStore();
    toast({ title: 'Saved' });
    const second = toast({ title: 'Failed', description: 'Try again', variant: 'destructive' });
    expect(store.get(toastsAtom)).toEqual([{ id: second.id, open: true, title: 'Failed', description: 'Try again', variant: 'destructive' }]);
  });

  it('closes on dismiss and forgets the toast after the removal delay', () => {
    vi.useFakeTimers();
    const store = getDefaultStore();
    const shown = toast({ title: 'Hello' });
    shown.update({ title: 'Hello again' });
    expect(store.get(toastsAtom)[0]?.title).toBe('Hello again');

    dismissToast(shown.id);
    expect(store.get(toastsAtom)[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.get(toastsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toEqual([]);
  });
});
