import { z } from 'zod';
import { ZPageData } from './blocks/schema';
import { ZEmail } from '../auth/schema';

/** Websites (issue #20): the inputs of the `sites` router, shared by the server and the editor's forms. */

/** What a site's handle can be: its public address /s/<handle>. */
export const SITE_HANDLE = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
export const ZSiteHandle = z.string().trim().toLowerCase().regex(SITE_HANDLE, 'must be 3–40 lower-case letters, digits or -, starting and ending with a letter or digit');

/** Paths the public site keeps for itself (the form posts and the uploaded pictures). */
export const RESERVED_PATH_PREFIXES = ['/_form', '/_assets'] as const;
const PATH = /^\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)?$/;
export const ZPagePath = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .regex(PATH, "must be '/' or lower-case segments such as /thank-you or /offers/spring")
  .refine((path) => !RESERVED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)), `must not start with ${RESERVED_PATH_PREFIXES.join(' or ')} (reserved)`);

/** A hostname a site can be served at (lower-cased; no scheme, port or path). */
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const ZSiteDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(z.string().regex(HOSTNAME, 'must be a domain name such as www.example.com (no http://, port or path)'));

const ZText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const ZTitle = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');

export const ZHeaderLink = z.strictObject({
  label: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
  href: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:|#)/i, 'must be a path such as /pricing, an http(s):// address, mailto:, tel: or #anchor'),
});

const settingsFields = {
  headerLinks: z.array(ZHeaderLink).max(8, 'must have at most 8 links'),
  footerText: ZText(300),
  brandColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'must be a colour such as #2563eb')
    .nullable(),
  faviconAssetId: z.uuid('must be an uploaded picture id').nullable(),
  /** Admin-only code: each published page frames it sandboxed, as a document of its own (publish.ts, public.ts). */
  customHead: ZText(20_000),
};
/** A site's settings as stored: every key, with its default when absent. */
export const ZSiteSettings = z.strictObject({
  headerLinks: settingsFields.headerLinks.default([]),
  footerText: settingsFields.footerText.default(''),
  brandColor: settingsFields.brandColor.default(null),
  faviconAssetId: settingsFields.faviconAssetId.default(null),
  customHead: settingsFields.customHead.default(''),
});
/** A change of settings: only the keys sent (the others are kept). */
export const ZSiteSettingsPatch = z.strictObject(settingsFields).partial();
export type TSiteSettings = z.output<typeof ZSiteSettings>;
export const DEFAULT_SITE_SETTINGS: TSiteSettings = ZSiteSettings.parse({});

const siteId = z.uuid('must be a site id');
const pageId = z.uuid('must be a page id');
const domainId = z.uuid('must be a domain id');
const ZTemplateId = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

export const ZSiteIdInput = z.strictObject({ siteId });
export const ZPageIdInput = z.strictObject({ pageId });
export const ZDomainIdInput = z.strictObject({ domainId });

export const ZCreateSiteInput = z.strictObject({
  name: ZTitle,
  handle: ZSiteHandle.optional(),
  templateId: ZTemplateId.optional(),
});
export const ZUpdateSiteInput = z.strictObject({
  siteId,
  name: ZTitle.optional(),
  handle: ZSiteHandle.optional(),
  settings: ZSiteSettingsPatch.optional(),
});
export const ZCreatePageInput = z.strictObject({ siteId, path: ZPagePath, title: ZTitle, templateId: ZTemplateId.optional() });
export const ZSaveDraftInput = z.strictObject({
  pageId,
  data: ZPageData,
  baseUpdatedAt: z.iso.datetime({ offset: true, error: 'must be the draftUpdatedAt the editor loaded (an ISO date-time)' }),
});
export const ZUpdatePageInput = z.strictObject({
  pageId,
  path: ZPagePath.optional(),
  title: ZTitle.optional(),
  description: ZText(300).optional(),
  ogImage: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .regex(/^(https?:\/\/|\/)/i, 'must be an http(s):// address or a path')
    .nullable()
    .optional(),
  noindex: z.boolean('must be true or false').optional(),
});
export const ZRevertInput = z.strictObject({ pageId, versionId: z.uuid('must be a version id') });
export const ZAddDomainInput = z.strictObject({ siteId, domain: ZSiteDomain });
export const ZAllowedDomainQuery = z.strictObject({ domain: ZSiteDomain });

export type TCreateSiteInput = z.output<typeof ZCreateSiteInput>;
export type TUpdateSiteInput = z.output<typeof ZUpdateSiteInput>;
export type TCreatePageInput = z.output<typeof ZCreatePageInput>;
export type TSaveDraftInput = z.output<typeof ZSaveDraftInput>;
export type TUpdatePageInput = z.output<typeof ZUpdatePageInput>;

export const PAGE_STATUSES = ['draft', 'published', 'changed'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** The answer of GET /api/v1/sites: the organization's sites with their pages. */
export const ZSiteListV1 = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string(),
      handle: z.string(),
      url: z.string(),
      domains: z.array(z.strictObject({ domain: z.string(), verified: z.boolean() })),
      pages: z.array(z.strictObject({ id: z.uuid(), path: z.string(), title: z.string(), status: z.enum(PAGE_STATUSES), url: z.string(), publishedAt: z.string().nullable() })),
    }),
  ),
});

/** The answer of an upload: the picture's id and where it is served. */
export const ZSiteAssetAnswer = z.strictObject({ id: z.uuid(), url: z.string() });

/** Pictures a site may upload (sniffed from their bytes), and their size limit. */
export const SITE_ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const SITE_ASSET_MAX_BYTES = 5 * 1024 * 1024;

/** The Payment block's order page's address: the published page and the block. */
export const ZPayDoorParams = z.strictObject({ pageId: z.uuid('must be a page id'), blockId: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters') });
export const ZSandboxOrderParams = z.strictObject({ orderId: z.uuid('must be an order id') });
/** The sandbox checkout's form: who pays (the contact the order makes). */
export const ZSandboxCheckoutBody = z.object({ email: ZEmail, name: z.string().trim().max(200, 'must be at most 200 characters').default('') });
