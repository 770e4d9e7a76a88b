import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { RefusedTarget, resolveTarget } from '../webhooks/ssrf';
import { requireSite } from './repo';
import type { ZAddDomainInput, ZDomainIdInput } from './schema';

/**
 * Custom domains (issue #20): a site is served at a domain once the domain answers
 * GET /.well-known/switchboard-domain/<token> with the token (the domain points at this server).
 */

export const WELL_KNOWN_PREFIX = '/.well-known/switchboard-domain/';
/** How long the domain has to answer the check. */
export const DOMAIN_CHECK_TIMEOUT_MS = 5000;
/** The answer is the token (32 characters); more is not read. */
const CHECK_MAX_BYTES = 1024;

const domainNotFound = () => new DomainError('NOT_FOUND', 'domainId: no such domain', { issues: [{ path: 'domainId', message: 'no such domain' }] });

/** The product's own hosts, which no site may claim: PUBLIC_URL's, localhost and 127.0.0.1. */
export function isAppHost(publicUrl: string, host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return name === new URL(publicUrl).hostname.toLowerCase() || name === 'localhost' || name === '127.0.0.1' || name === '[::1]';
}

export async function addDomain(ctx: OrgContext, { siteId, domain }: z.output<typeof ZAddDomainInput>) {
  await requireSite(ctx.db, ctx.organizationId, siteId);
  if (isAppHost(ctx.deps.config.publicUrl, domain)) throw fieldError('domain', 'must not be this product’s own domain');
  const token = randomBytes(24).toString('base64url');
  const row = await scoped(ctx.db, ctx.organizationId)
    .insertInto('site_domains', { site_id: siteId, domain, verification_token: token })
    .onConflict((oc) => oc.column('domain').doNothing())
    .returning(['id', 'domain', 'verification_token'])
    .executeTakeFirst();
  if (!row) throw new DomainError('CONFLICT', 'domain: is already connected to a site', { issues: [{ path: 'domain', message: 'is already connected to a site' }] });
  return { id: row.id, domain: row.domain, verificationToken: row.verification_token };
}

async function requireDomain(db: Db, organizationId: string, domainId: string) {
  const row = await scoped(db, organizationId).selectFrom('site_domains').selectAll().where('id', '=', domainId).executeTakeFirst();
  if (!row) throw domainNotFound();
  return row;
}

export async function removeDomain(ctx: OrgContext, { domainId }: z.output<typeof ZDomainIdInput>) {
  await requireDomain(ctx.db, ctx.organizationId, domainId);
  await scoped(ctx.db, ctx.organizationId).deleteFrom('site_domains').where('id', '=', domainId).execute();
  return { id: domainId };
}

/**
 * GETs the check URL and reads at most CHECK_MAX_BYTES. By default it connects to the domain's own
 * (public, checked) address; SITES_DOMAIN_CHECK_URL sends it to that server instead, with the
 * domain as Host (a sandbox without DNS). Never throws: a failure is the reason, in words.
 */
export async function fetchDomainToken(config: AppDeps['config'], domain: string, token: string): Promise<{ body: string } | { error: string }> {
  const path = `${WELL_KNOWN_PREFIX}${token}`;
  let url: URL;
  let lookup: LookupFunction | undefined;
  if (config.sitesDomainCheckUrl) url = new URL(path, config.sitesDomainCheckUrl);
  else {
    try {
      const target = await resolveTarget(`http://${domain}${path}`, config.webhooksAllowPrivateNetworks);
      url = target.url;
      lookup = (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      };
    } catch (error) {
      if (error instanceof RefusedTarget) return { error: error.message };
      throw error;
    }
  }
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: 'GET', headers: { host: domain, accept: 'text/plain' }, timeout: DOMAIN_CHECK_TIMEOUT_MS, ...(lookup ? { lookup } : {}) }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= CHECK_MAX_BYTES) chunks.push(chunk);
        else res.destroy();
      });
      res.on('close', () => {
        if (res.statusCode !== 200) resolve({ error: `it answered ${res.statusCode ?? 'nothing'} instead of 200` });
        else resolve({ body: Buffer.concat(chunks).toString('utf8').trim() });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`it did not answer within ${DOMAIN_CHECK_TIMEOUT_MS / 1000} seconds`)));
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

/** Fetches the token back from the domain; marks it verified when it matches (UNPROCESSABLE with the reason otherwise). */
export async function verifyDomain(ctx: OrgContext, { domainId }: z.output<typeof ZDomainIdInput>) {
  const row = await requireDomain(ctx.db, ctx.organizationId, domainId);
  const answer = await fetchDomainToken(ctx.deps.config, row.domain, row.verification_token);
  const failure = 'error' in answer ? answer.error : answer.body === row.verification_token ? null : 'it answered with another text than the token';
  if (failure) {
    const message = `did not verify: http://${row.domain}${WELL_KNOWN_PREFIX}${row.verification_token} failed (${failure}). Point the domain at this server (a CNAME or A record) and try again`;
    throw new DomainError('UNPROCESSABLE', `domain: ${message}`, { issues: [{ path: 'domain', message }] });
  }
  const verifiedAt = row.verified_at ?? new Date();
  await scoped(ctx.db, ctx.organizationId).updateTable('site_domains').set({ verified_at: verifiedAt }).where('id', '=', domainId).execute();
  return { id: row.id, domain: row.domain, verified: true, verifiedAt: verifiedAt.toISOString() };
}

/** Whether a verified domain of any organization's site is this one (Caddy's on-demand TLS asks before it gets a certificate). */
export async function isVerifiedDomain(deps: Pick<AppDeps, 'database'>, domain: string): Promise<boolean> {
  const row = await deps.database.db.selectFrom('site_domains').select('id').where('domain', '=', domain).where('verified_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** The token's own text, when some domain is waiting for it (answered on any host). */
export async function tokenAnswer(deps: Pick<AppDeps, 'database'>, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const row = await deps.database.db.selectFrom('site_domains').select('verification_token').where('verification_token', '=', token).executeTakeFirst();
  return row?.verification_token ?? null;
}
