import { describe, expect, it } from 'vitest';
import { isAppHost } from '../../server/sites/domains';
import { publishedPagePolicy } from '../../server/sites/public';
import { CUSTOM_CODE_POLICY } from '../../server/sites/served-pages';
import { rootPrefix, siteLink } from '../../server/sites/publish';
import { sniffImage } from '../../server/sites/rest';
import { ZPagePath, ZSiteDomain, ZSiteHandle } from '../../server/sites/schema';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('sites: inputs', () => {
  it('takes a lower-case slug of 3–40 as a handle', () => {
    expect(ZSiteHandle.parse('Bright-Smiles')).toBe('bright-smiles');
    for (const bad of ['ab', '-abc', 'abc-', 'a_b_c', 'a'.repeat(41), 'é-ok']) expect(messageOf(ZSiteHandle.safeParse(bad))).toMatch(/^must be 3–40/);
  });

  it("takes '/' or lower-case segments as a path, never the reserved prefixes", () => {
    for (const good of ['/', '/thank-you', '/offers/spring-2027', '/404']) expect(ZPagePath.parse(good)).toBe(good);
    for (const bad of ['', 'thank-you', '/Thank-You', '/a//b', '/a/', '/-a', '/a b']) expect(messageOf(ZPagePath.safeParse(bad))).toMatch(/^must be '\/'/);
    for (const reserved of ['/_form', '/_assets/x', '/_code/x']) expect(ZPagePath.safeParse(reserved).success).toBe(false);
  });

  it('takes a bare hostname as a domain, lower-cased, without the root dot', () => {
    expect(ZSiteDomain.parse('WWW.Example.COM.')).toBe('www.example.com');
    for (const bad of ['http://example.com', 'example.com/path', 'example.com:8080', 'localhost', 'exa mple.com', '127.0.0.1']) {
      expect(messageOf(ZSiteDomain.safeParse(bad))).toMatch(/^must be a domain name/);
    }
  });

  it("knows the app's own hosts", () => {
    expect(isAppHost('https://app.example.com', 'APP.example.com:443')).toBe(true);
    expect(isAppHost('https://app.example.com', 'localhost:3000')).toBe(true);
    expect(isAppHost('https://app.example.com', '127.0.0.1')).toBe(true);
    expect(isAppHost('https://app.example.com', 'www.smiles.example.com')).toBe(false);
  });
});

describe('sites: published documents', () => {
  it('reaches the site root relatively from any page, so one HTML serves /s/<handle> and the custom domain', () => {
    expect(rootPrefix('/')).toBe('./');
    expect(rootPrefix('/thank-you')).toBe('./');
    expect(rootPrefix('/offers/spring')).toBe('../');
    expect(rootPrefix('/a/b/c')).toBe('../../');
    expect(siteLink('/offers/spring', '/pricing')).toBe('../pricing');
    expect(siteLink('/', '/')).toBe('./');
    expect(siteLink('/', 'https://example.com/')).toBe('https://example.com/');
    expect(siteLink('/', '//evil.example')).toBe('//evil.example');
  });

  it("allows scripts only from the origin, the page's inline style by hash, frames for the custom code, the booking page and videos", () => {
    const policy = publishedPagePolicy('<!doctype html><style>body{color:red}</style>', 'https://app.example.com');
    expect(policy).toContain("script-src 'self';");
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-src 'self' https://app.example.com https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com;");
    expect(policy).toContain("object-src 'none'");
  });

  it('lets the custom code run its scripts, sandboxed in an opaque origin, framed only by the site', () => {
    const directives = CUSTOM_CODE_POLICY.split('; ');
    // Without allow-same-origin, even opened by itself (not framed); no forms, pop-ups or navigation of the page either.
    expect(directives[0]).toBe('sandbox allow-scripts');
    expect(directives).toContain("script-src https: 'unsafe-inline' 'unsafe-eval' blob:");
    expect(directives).toContain("frame-ancestors 'self'");
    expect(directives).toContain("form-action 'none'");
  });

  it('tells pictures by their bytes', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
