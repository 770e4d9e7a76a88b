import { z } from 'zod/mini';
import { addDays, startOfDayIn } from '../../../../lib/calendar';
import type { TContactFilter, TContactSort, TLifecycleStage, TListContactsInput } from '../../../../../server/contacts/schema';

/**
 * Search parameters of the contacts screens, validated on every navigation: filters, sort, page and
 * view live in the URL so a reload, the back button or a shared link keeps them. A value that breaks
 * its rule is dropped (`z.catch`), never an error screen.
 *
 * zod/mini and literal lists (checked against the server's types below) keep full zod out of the
 * first page load: route options are not split into the lazily loaded chunks.
 */

export const STAGES = ['subscriber', 'lead', 'mql', 'sql', 'customer', 'other'] as const;
export const SORTS = ['name', 'created', 'updated', 'leadScore', 'company'] as const;
export const DNC_FILTERS = ['sms', 'email', 'calls', 'any', 'none'] as const;
export const PAGE_SIZES = [20, 50, 100] as const;
/** Spec §9: page 1, 20 per page (server/contacts/schema.ts CONTACTS_PAGE). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const DEFAULT_SORT: TContactSort = 'created';

// The lists above must name exactly the server's values.
type Same<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type _StagesMatch = Assert<Same<(typeof STAGES)[number], TLifecycleStage>>;
export type _SortsMatch = Assert<Same<(typeof SORTS)[number], TContactSort>>;
export type _DncMatch = Assert<Same<(typeof DNC_FILTERS)[number], NonNullable<TContactFilter['doNotContact']>>>;
type Assert<T extends true> = T;

const optional = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);
const text = (max: number) => optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)));
const day = optional(z.iso.date());

/** /contacts */
export const ZContactsSearch = z.object({
  q: text(200),
  tag: text(50),
  /** A member's id, or 'none' for unassigned. */
  ownerId: optional(z.union([z.uuid(), z.literal('none')])),
  lifecycleStage: optional(z.enum(STAGES)),
  source: text(100),
  /** Days (YYYY-MM-DD) in the user's time zone, both included. */
  createdFrom: day,
  createdTo: day,
  doNotContact: optional(z.enum(DNC_FILTERS)),
  sort: optional(z.enum(SORTS)),
  direction: optional(z.enum(['asc', 'desc'])),
  page: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
  limit: optional(z.union([z.literal(20), z.literal(50), z.literal(100)])),
  /** The saved view picked last; its filters are already in the other parameters. */
  view: optional(z.uuid()),
});
export type ContactsSearch = z.infer<typeof ZContactsSearch>;

/** The filter keys of the list (what a saved view stores, what "clear filters" empties). */
export const FILTER_KEYS = ['q', 'tag', 'ownerId', 'lifecycleStage', 'source', 'createdFrom', 'createdTo', 'doNotContact'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type UrlFilter = Pick<ContactsSearch, FilterKey>;

/** /contacts/import */
export const ZImportSearch = z.object({
  /** The import whose progress is shown. */
  importId: optional(z.uuid()),
  /** Page of past imports. */
  page: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});

/** /contacts/duplicates */
export const ZDuplicatesSearch = z.object({
  limit: optional(z.union([z.literal(50), z.literal(100), z.literal(200)])),
});

/** The filter as written in the URL (and in saved views): set values only. */
export function urlFilterOf(search: ContactsSearch): UrlFilter {
  const filter: UrlFilter = {};
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') (filter as Record<string, unknown>)[key] = value;
  }
  return filter;
}

export function activeFilterCount(search: ContactsSearch): number {
  return FILTER_KEYS.filter((k) => k !== 'q' && search[k] !== undefined).length;
}

/**
 * The server's filter for the URL's: created days become instants in the user's time zone (the
 * server would read bare days in the organization's), the "to" day included.
 */
export function serverFilterOf(filter: UrlFilter, timeZone: string): TContactFilter {
  const { createdFrom, createdTo, ...rest } = filter;
  const start = (date: string) => {
    try {
      return startOfDayIn(date, timeZone);
    } catch {
      return startOfDayIn(date, 'UTC');
    }
  };
  return {
    ...rest,
    ...(createdFrom ? { createdFrom: start(createdFrom).toISOString() } : {}),
    ...(createdTo ? { createdTo: new Date(start(addDays(createdTo, 1)).getTime() - 1).toISOString() } : {}),
  };
}

/** The list's input for a URL: loader and component build it the same way, so they share one cache entry. */
export function listInputOf(search: ContactsSearch, timeZone: string): TListContactsInput {
  return {
    ...serverFilterOf(urlFilterOf(search), timeZone),
    page: search.page ?? DEFAULT_PAGE,
    limit: search.limit ?? DEFAULT_LIMIT,
    sort: search.sort ?? DEFAULT_SORT,
    ...(search.direction ? { direction: search.direction } : {}),
  };
}

/** Query string of the CSV export for the current filters and sort; `columns` when given. */
export function exportHref(search: ContactsSearch, timeZone: string, columns?: readonly string[]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(serverFilterOf(urlFilterOf(search), timeZone))) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('sort', search.sort ?? DEFAULT_SORT);
  if (search.direction) params.set('direction', search.direction);
  if (columns && columns.length > 0) params.set('columns', columns.join(','));
  return `/api/contacts/export.csv?${params.toString()}`;
}
