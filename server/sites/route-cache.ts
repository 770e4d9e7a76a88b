import type { DatabaseHandle } from '../db';

/**
 * What each published address answers, kept in memory per process so that serving a page costs no
 * query (issue #20: TTFB p99 < 50 ms at 200 visitors on 2 cores). Forgotten as a whole when a site,
 * page, domain, funnel step or variant changes: the tables' statement triggers NOTIFY on
 * SITES_CHANNEL at commit (db/migrations/2026_12_03_600_sites_changed_notify.ts), which reaches
 * every process; the sites and funnels mutations of this process also forget at once, so their
 * caller's next request never races the notification (docs/decisions/041-published-pages-fast-path.md).
 */

export const SITES_CHANNEL = 'switchboard_sites';

/** A notification lost while the listening connection reconnected is outlived by this much at most. */
const MAX_AGE_MS = 10_000;
/** Addresses remembered; unknown hosts and paths are remembered too, so the bound matters. */
const MAX_ENTRIES = 20_000;
/** After a failed LISTEN, the next attempt waits this long (the cache stays off meanwhile). */
const LISTEN_RETRY_MS = 5_000;

type Entry<V> = { value: V; at: number };

export class RouteCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by every forget: a load that began before it is not stored. */
  private generation = 0;
  /** Whether notifications reach this process: until then nothing is stored. */
  listening = false;

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The value at `key`, loaded once for concurrent callers and stored unless something changed meanwhile. */
  remember(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((value) => {
      if (this.listening && generation === this.generation) this.store(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    const done = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    loaded.then(done, done);
    return loaded;
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private store(key: string, value: V): void {
    this.entries.set(key, { value, at: Date.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

type Registered = { cache: RouteCache<unknown>; retryAt: number; unlisten?: Promise<() => Promise<void>> };

/** One cache per opened database, keyed by its `listen`, which the handle's per-organization copies (actingForOrganization) share. */
const caches = new WeakMap<DatabaseHandle['listen'], Registered>();

function registered(database: DatabaseHandle): Registered {
  let entry = caches.get(database.listen);
  if (!entry) caches.set(database.listen, (entry = { cache: new RouteCache(), retryAt: 0 }));
  if (!entry.unlisten && Date.now() >= entry.retryAt) {
    const { cache } = entry;
    const own = entry;
    own.unlisten = database.listen(SITES_CHANNEL, () => cache.forget());
    own.unlisten.then(
      () => (cache.listening = true),
      () => {
        own.unlisten = undefined;
        own.retryAt = Date.now() + LISTEN_RETRY_MS;
      },
    );
  }
  return entry;
}

/** The published addresses' cache of this database, listening for its changes from the first use. */
export function routeCacheOf<V>(database: DatabaseHandle): RouteCache<V> {
  return registered(database).cache as RouteCache<V>;
}

/** After a change this process made to sites or funnels: forget at once (other processes hear the NOTIFY). */
export function forgetPublishedRoutes(database: DatabaseHandle): void {
  caches.get(database.listen)?.cache.forget();
}

/** Stops listening (the domain's close, before the database closes). */
export async function stopRouteCache(database: DatabaseHandle): Promise<void> {
  const entry = caches.get(database.listen);
  if (!entry) return;
  caches.delete(database.listen);
  entry.cache.listening = false;
  entry.cache.forget();
  const unlisten = await entry.unlisten?.catch(() => undefined);
  await unlisten?.().catch(() => {});
}
