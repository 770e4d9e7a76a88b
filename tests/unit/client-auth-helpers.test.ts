import { describe, expect, it } from 'vitest';
import { ZLoginInput, ZSignupInput } from '../../server/auth/schema';
import { errorCodeOf, errorMessageOf, isForbidden, isUnauthorized, issuesOf } from '../../client/lib/errors';
import { fieldMessage, serverFormErrors, validateForm } from '../../client/lib/forms';
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from '../../client/lib/redirect';
import { grantableRoles, mayManage } from '../../client/lib/roles';

/** The shape of a tRPC client error as the server formats it (server/trpc/init.ts). */
const trpcError = (message: string, code: string, issues?: { path: string; message: string }[]) => Object.assign(new Error(message), { data: { code, httpStatus: 400, issues } });

describe('safeRedirect: return paths stay on this site', () => {
  it('keeps a path with its search and hash', () => {
    expect(safeRedirect('/contacts')).toBe('/contacts');
    expect(safeRedirect('/contacts?page=2&q=a%20b#top')).toBe('/contacts?page=2&q=a%20b#top');
    expect(safeRedirect('/invite/abc_DEF-123')).toBe('/invite/abc_DEF-123');
  });

  it('refuses anything that could leave the site, and sign-in pages themselves', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'contacts',
      '',
      '/\n//evil.example',
      '/\t/evil.example',
      '/login',
      '/signup?x=1',
      '/login/',
    ]) {
      expect(safeRedirect(bad), bad).toBe(DEFAULT_AFTER_SIGN_IN);
    }
    expect(safeRedirect(undefined)).toBe('/app');
    expect(safeRedirect(42)).toBe('/app');
    expect(safeRedirect('/x'.repeat(1500))).toBe('/app');
    expect(safeRedirect('//evil', '/settings')).toBe('/settings');
    // Nor when a router decodes it.
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/app');
    expect(safeRedirect('/%5Cevil.example')).toBe('/app');
    expect(safeRedirect('/%E0%A4%A')).toBe('/app');
    expect(safeRedirect('/contacts/%C3%A9')).toBe('/contacts/%C3%A9');
  });
});

describe('form errors', () => {
  it('validates with the shared schemas, one message per field', () => {
    const result = validateForm(ZLoginInput, { email: 'nope', password: '' });
    expect(result).toEqual({ ok: false, errors: { email: 'must be a valid e-mail address', password: 'is required' } });
    const ok = validateForm(ZLoginInput, { email: '  Ada@Example.TEST ', password: 'x' });
    expect(ok).toEqual({ ok: true, data: { email: 'ada@example.test', password: 'x' } });
    const signup = validateForm(ZSignupInput, { name: 'A', email: 'a@example.test', password: 'short', organizationName: '' });
    expect(signup.ok ? {} : signup.errors).toEqual({ password: 'must be at least 10 characters', organizationName: 'is required' });
  });

  it("places the server's issues under the form's fields and the rest in one message", () => {
    const taken = trpcError('email: An account with this e-mail already exists', 'CONFLICT', [{ path: 'email', message: 'An account with this e-mail already exists' }]);
    expect(serverFormErrors(taken, ['email', 'password'], 'Sign up failed')).toEqual({
      fieldErrors: { email: 'An account with this e-mail already exists' },
      message: null,
    });
    const elsewhere = trpcError('body: must be a JSON object', 'BAD_REQUEST', [{ path: 'body', message: 'must be a JSON object' }]);
    expect(serverFormErrors(elsewhere, ['email'], 'x')).toEqual({ fieldErrors: {}, message: 'body: must be a JSON object' });
    const plain = trpcError('Invalid email or password', 'UNAUTHORIZED');
    expect(serverFormErrors(plain, ['email'], 'Login failed')).toEqual({ fieldErrors: {}, message: 'Invalid email or password' });
    expect(serverFormErrors(new Error(''), ['email'], 'Login failed').message).toBe('Login failed');
  });

  it('reads a rule under its label as a sentence, and leaves sentences alone', () => {
    expect(fieldMessage('Name', 'is required')).toBe('Name is required');
    expect(fieldMessage('E-mail', 'An account with this e-mail already exists')).toBe('An account with this e-mail already exists');
  });
});

describe('server errors', () => {
  it('reads the code, the issues and the message', () => {
    const forbidden = trpcError('Your role does not allow this action (members:manage is required)', 'FORBIDDEN');
    expect(errorCodeOf(forbidden)).toBe('FORBIDDEN');
    expect(isForbidden(forbidden)).toBe(true);
    expect(isUnauthorized(forbidden)).toBe(false);
    expect(isUnauthorized(trpcError('Not authenticated', 'UNAUTHORIZED'))).toBe(true);
    expect(issuesOf(forbidden)).toEqual([]);
    expect(issuesOf({ data: { issues: [{ path: 'a', message: 'b' }, { path: 1 }, null] } })).toEqual([{ path: 'a', message: 'b' }]);
    expect(errorMessageOf(forbidden, 'x')).toBe('Your role does not allow this action (members:manage is required)');
    expect(errorMessageOf(new TypeError('Failed to fetch'), 'x')).toMatch(/^Could not reach the server/);
    expect(errorMessageOf(null, 'Fallback')).toBe('Fallback');
    expect(errorCodeOf('nope')).toBeUndefined();
  });
});

describe('roles a member may hand out', () => {
  it('their own and every role below, most powerful first', () => {
    expect(grantableRoles('super_admin')).toEqual(['super_admin', 'admin', 'manager', 'sales_rep', 'viewer']);
    expect(grantableRoles('admin')).toEqual(['admin', 'manager', 'sales_rep', 'viewer']);
    expect(grantableRoles('viewer')).toEqual(['viewer']);
    expect(grantableRoles(undefined)).toEqual([]);
  });

  it('may manage a peer or someone below, never above', () => {
    expect(mayManage('admin', 'admin')).toBe(true);
    expect(mayManage('admin', 'viewer')).toBe(true);
    expect(mayManage('admin', 'super_admin')).toBe(false);
    expect(mayManage(null, 'viewer')).toBe(false);
  });
});
