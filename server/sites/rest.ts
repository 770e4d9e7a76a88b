import { Hono } from 'hono';
import { scoped } from '../db/scoped';
import { fieldError, parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { isVerifiedDomain } from './domains';
import { requireSite } from './repo';
import { SITE_ASSET_MAX_BYTES, type SITE_ASSET_TYPES, ZAllowedDomainQuery, ZSiteIdInput } from './schema';
import { listSitesWithPages } from './service';

/** The picture types a site accepts, told by their first bytes (never by the name or the declared type). */
export function sniffImage(bytes: Uint8Array): (typeof SITE_ASSET_TYPES)[number] | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

/** /api/v1/sites for integrators (described in server/api-v1/doors.ts). */
export const sitesV1Rest = new Hono<AppEnv>().get('/', requireOrg('sites:read'), async (c) => c.json(await listSitesWithPages(orgContextOf(c))));

/**
 * /api/sites: a site's picture uploads (the editor, by session), and Caddy's on-demand TLS `ask`
 * (a certificate only for a verified custom domain).
 */
export const sitesRest = new Hono<AppEnv>()
  .get('/domains/allowed', async (c) => {
    const query = ZAllowedDomainQuery.safeParse(c.req.query());
    const allowed = query.success && (await isVerifiedDomain(c.var.deps, query.data.domain));
    return allowed ? c.json({ domain: query.data.domain }) : c.json({ message: 'Not a verified site domain' }, 404);
  })
  .post('/:siteId/assets', requireOrg('sites:write'), async (c) => {
    const ctx = orgContextOf(c);
    const { siteId } = parseInput(ZSiteIdInput, { siteId: c.req.param('siteId') });
    const site = await requireSite(ctx.db, ctx.organizationId, siteId);
    const body = await c.req.parseBody().catch(() => null);
    const file = body?.file;
    if (!(file instanceof File)) throw fieldError('file', 'must be a picture sent as the multipart field "file"');
    if (file.size > SITE_ASSET_MAX_BYTES) throw fieldError('file', `must be at most ${SITE_ASSET_MAX_BYTES / 1024 / 1024} MB`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw fieldError('file', 'must be a PNG, JPEG, WebP or GIF picture');
    const row = await scoped(ctx.db, ctx.organizationId)
      .insertInto('site_assets', { site_id: siteId, content_type: type, bytes, byte_size: bytes.byteLength })
      .returning('id')
      .executeTakeFirstOrThrow();
    return c.json({ id: row.id, url: `${ctx.deps.config.publicUrl}/s/${site.handle}/_assets/${row.id}` }, 201);
  });
