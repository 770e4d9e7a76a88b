import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { TOAST_SHOWN_EVENT } from './toast-shown';

/** Spec app-core §4.4 and §9. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
  action?: { label: string; onClick: () => void; /** What a screen reader user does instead (Radix requires it). */ altText?: string };
};

export type ToastItem = ToastOptions & { id: string; open: boolean };

export type ToastAction = { type: 'add'; toast: ToastItem } | { type: 'update'; toast: Partial<ToastItem> & { id: string } } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

/** Newest first, at most TOAST_LIMIT; dismiss closes (the UI animates out), remove forgets. No id means all. */
export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

/** Client state: the toasts on screen. Kept in jotai's default store so `toast()` works outside React. */
export const toastsAtom = atom<ToastItem[]>([]);
const store = getDefaultStore();

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(action: ToastAction): void {
  store.set(toastsAtom, (state) => toastReducer(state, action));
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? store.get(toastsAtom).map((t) => t.id) : [action.id];
    for (const id of ids) scheduleRemoval(id);
  }
  if (action.type === 'remove') {
    for (const [id, timer] of removalTimers) {
      if (action.id === undefined || action.id === id) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
  }
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    dispatch({ type: 'remove', id });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

let counter = 0;

/** Shows a toast (replacing the one on screen, limit 1); returns handles to update or dismiss it. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...options, id, open: true } });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_SHOWN_EVENT));
  return {
    id,
    dismiss: () => dispatch({ type: 'dismiss', id }),
    update: (next: ToastOptions) => dispatch({ type: 'update', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

export function useToast() {
  const toasts = useAtomValue(toastsAtom, { store });
  return { toasts, toast, dismiss: dismissToast };
}
