import type { Data } from '@puckeditor/core';
import { errorCodeOf, errorMessageOf } from '../../lib/errors';

export type SaveStatus = { state: 'saved' | 'pending' | 'saving' | 'conflict' | 'error'; message?: string };

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

type Save = (input: { data: Data; baseUpdatedAt: string }) => Promise<{ draftUpdatedAt: string }>;

/**
 * Autosave of one page's draft, outside React: the editor hands it every change (Puck's onChange)
 * and it saves the latest after a pause, one request at a time. Its status is a tiny store that
 * only the status label subscribes to, so a keystroke re-renders nothing outside Puck.
 * A save answered CONFLICT (someone saved since this draft was loaded) stops autosaving: the
 * editor offers to reload instead of overwriting their work.
 */
export class DraftSaver {
  private status: SaveStatus = { state: 'saved' };
  private listeners = new Set<() => void>();
  private latest: Data | null = null;
  private savedJson: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly save: Save,
    initial: Data,
    private baseUpdatedAt: string,
  ) {
    this.savedJson = JSON.stringify(initial);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = () => this.status;

  private setStatus(next: SaveStatus) {
    if (next.state === this.status.state && next.message === this.status.message) return;
    this.status = next;
    this.listeners.forEach((listener) => listener());
  }

  /** Called on every change: only remembers it and restarts the pause (no serializing here). */
  change = (data: Data) => {
    if (this.status.state === 'conflict') return;
    this.latest = data;
    this.setStatus({ state: 'pending' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), AUTOSAVE_DELAY_MS);
  };

  /** Saves what is pending now (before publishing, or leaving); resolves when the draft on the server is the latest. */
  flush = async (): Promise<void> => {
    clearTimeout(this.timer);
    if (this.running) await this.running;
    if (this.status.state === 'conflict' || !this.latest) return;
    const data = this.latest;
    this.latest = null;
    const json = JSON.stringify(data);
    // Puck reports its first load as a change too; an unchanged draft is not saved again.
    if (json === this.savedJson) {
      if (this.status.state !== 'error') this.setStatus({ state: 'saved' });
      return;
    }
    this.setStatus({ state: 'saving' });
    this.running = (async () => {
      try {
        const { draftUpdatedAt } = await this.save({ data, baseUpdatedAt: this.baseUpdatedAt });
        this.baseUpdatedAt = draftUpdatedAt;
        this.savedJson = json;
        this.setStatus(this.latest ? { state: 'pending' } : { state: 'saved' });
      } catch (error) {
        if (errorCodeOf(error) === 'CONFLICT') {
          this.setStatus({ state: 'conflict', message: errorMessageOf(error, 'Someone else saved this page since you opened it.') });
          return;
        }
        // Kept for the next attempt: a later change or Retry saves it.
        this.latest ??= data;
        this.setStatus({ state: 'error', message: errorMessageOf(error, 'Could not save the draft') });
      } finally {
        this.running = null;
      }
    })();
    await this.running;
    if (this.latest && this.status.state === 'pending') await this.flush();
  };

  /** After a revert or a reload: the server's draft is the new base. */
  reset(initial: Data, baseUpdatedAt: string) {
    clearTimeout(this.timer);
    this.latest = null;
    this.savedJson = JSON.stringify(initial);
    this.baseUpdatedAt = baseUpdatedAt;
    this.setStatus({ state: 'saved' });
  }

  /** Whether a change has not reached the server yet (the page warns before unload). */
  get unsaved() {
    return this.latest !== null || this.status.state === 'saving' || this.status.state === 'error';
  }

  dispose() {
    clearTimeout(this.timer);
    this.listeners.clear();
  }
}
