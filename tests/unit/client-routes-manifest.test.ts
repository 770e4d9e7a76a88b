import { describe, expect, it } from 'vitest';
import { routePatternToRegExp } from '../../server/http/client';

describe('routePatternToRegExp', () => {
  it('matches static paths with or without a trailing slash', () => {
    const r = routePatternToRegExp('/contacts');
    expect(r.test('/contacts')).toBe(true);
    expect(r.test('/contacts/')).toBe(true);
    expect(r.test('/contacts/1')).toBe(false);
    expect(r.test('/contactsx')).toBe(false);
  });

  it('matches the root only at the root', () => {
    const r = routePatternToRegExp('/');
    expect(r.test('/')).toBe(true);
    expect(r.test('/x')).toBe(false);
  });

  it('treats $param segments as one segment and a lone $ as a splat', () => {
    expect(routePatternToRegExp('/invite/$token').test('/invite/abc123')).toBe(true);
    expect(routePatternToRegExp('/invite/$token').test('/invite/a/b')).toBe(false);
    expect(routePatternToRegExp('/docs/$').test('/docs/a/b/c')).toBe(true);
  });
});
