/**
 * What a block needs to know beyond its props: who publishes (the footer's details), which
 * calendars exist (the booking block), where forms post. Built by the editor (H3, mode 'editor') and
 * by publishing (mode 'published'); the same components render in both.
 */
export type BlockContext = {
  mode: 'editor' | 'published';
  organization: { name: string; address?: string; phone?: string; email?: string };
  calendars: { id: string; name: string; bookingUrl: string }[];
  /** The form block's POST target (`/s/<handle>/_form/<pageId>/<blockId>`). */
  formAction: (blockId: string) => string;
  /**
   * The Payment block's link: the product's order page on the product's origin
   * (`<PUBLIC_URL>/api/pay/<pageId>/<blockId>`), which starts the checkout. Absent in the editor.
   */
  payHref?: (blockId: string) => string;
  /** An uploaded image's public address (`/s/<handle>/_assets/<id>`). */
  assetUrl?: (id: string) => string;
  /**
   * Editor only: uploads an image (`POST /api/sites/:siteId/assets`). When given, the Image block
   * offers a file input that stores the returned id in its assetId prop.
   */
  uploadAsset?: (file: File) => Promise<{ id: string; url: string }>;
  /**
   * A native (JavaScript-less) POST that failed: the page is rendered again with the visitor's values
   * and each field's message, so errors show without the islands script.
   */
  formState?: { blockId: string; values: Record<string, string>; errors: Record<string, string> };
  /**
   * Where a site path (`/pricing`) points: `/s/<handle>/pricing` on the product's origin, itself on a
   * custom domain. Links that are not site paths (https:, mailto:, #anchor) are left alone.
   */
  siteHref?: (path: string) => string;
  /** The year the footer's copyright shows; publishing passes the publish date's year. */
  now?: Date;
};

/** The calendar a booking block shows: its own, or the organization's first when calendarId is ''. */
export function bookingCalendarOf(ctx: Pick<BlockContext, 'calendars'>, calendarId: string): BlockContext['calendars'][number] | undefined {
  return calendarId ? ctx.calendars.find((c) => c.id === calendarId) : ctx.calendars[0];
}

/** A block's link as the visitor follows it: site paths go through ctx.siteHref. */
export const hrefOf = (ctx: Pick<BlockContext, 'siteHref'>, href: string) => (href.startsWith('/') && !href.startsWith('//') && ctx.siteHref ? ctx.siteHref(href) : href);
