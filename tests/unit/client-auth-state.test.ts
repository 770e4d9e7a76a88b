import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { authDispatchAtom, authReducer, authStateAtom, FETCH_USER_FAILED, initialAuthState, LOGIN_FAILED, type AuthState } from '../../client/state/auth';

const failed: AuthState = { isLoading: false, error: 'Invalid email or password' };
const loading: AuthState = { isLoading: true, error: null };

describe('auth slice transitions (spec app-core §4.1)', () => {
  it('starts idle with no error', () => {
    expect(initialAuthState).toEqual({ isLoading: false, error: null });
  });

  it('login pending: loading on, error cleared', () => {
    expect(authReducer(failed, { type: 'loginPending' })).toEqual({ isLoading: true, error: null });
  });

  it('login success: loading off, no error', () => {
    expect(authReducer(loading, { type: 'loginSuccess' })).toEqual({ isLoading: false, error: null });
  });

  it("login failure: the error's message, or 'Login failed'", () => {
    expect(authReducer(loading, { type: 'loginFailure', message: 'Invalid email or password' })).toEqual(failed);
    expect(authReducer(loading, { type: 'loginFailure', message: 'Too many sign-in attempts. Try again in 15 minutes.' }).error).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(authReducer(loading, { type: 'loginFailure' })).toEqual({ isLoading: false, error: LOGIN_FAILED });
    expect(authReducer(loading, { type: 'loginFailure', message: '   ' }).error).toBe('Login failed');
    expect(authReducer(loading, { type: 'loginFailure', message: null }).error).toBe('Login failed');
  });

  it('fetch-user pending: loading on (an earlier error stays until cleared)', () => {
    expect(authReducer(initialAuthState, { type: 'fetchUserPending' })).toEqual({ isLoading: true, error: null });
    expect(authReducer(failed, { type: 'fetchUserPending' })).toEqual({ isLoading: true, error: failed.error });
  });

  it("fetch-user success and failure: the message, or 'Failed to fetch user'", () => {
    expect(authReducer(loading, { type: 'fetchUserSuccess' })).toEqual({ isLoading: false, error: null });
    expect(authReducer(loading, { type: 'fetchUserFailure', message: 'Internal error' })).toEqual({ isLoading: false, error: 'Internal error' });
    expect(authReducer(loading, { type: 'fetchUserFailure' })).toEqual({ isLoading: false, error: FETCH_USER_FAILED });
    expect(FETCH_USER_FAILED).toBe('Failed to fetch user');
  });

  it('logout clears loading and error; clearError clears only the error', () => {
    expect(authReducer(failed, { type: 'logout' })).toEqual(initialAuthState);
    expect(authReducer({ isLoading: true, error: 'x' }, { type: 'logout' })).toEqual(initialAuthState);
    expect(authReducer({ isLoading: true, error: 'x' }, { type: 'clearError' })).toEqual({ isLoading: true, error: null });
  });

  it('is pure: the state passed in is never changed', () => {
    const before = Object.freeze({ ...failed });
    authReducer(before, { type: 'loginPending' });
    authReducer(before, { type: 'clearError' });
    expect(before).toEqual(failed);
  });

  it('the dispatch atom applies transitions to the slice', () => {
    const store = createStore();
    store.set(authDispatchAtom, { type: 'loginPending' });
    expect(store.get(authStateAtom)).toEqual({ isLoading: true, error: null });
    store.set(authDispatchAtom, { type: 'loginFailure', message: 'Invalid email or password' });
    expect(store.get(authStateAtom)).toEqual(failed);
    store.set(authDispatchAtom, { type: 'clearError' });
    expect(store.get(authStateAtom)).toEqual(initialAuthState);
  });
});
