import { atom } from 'jotai';

/**
 * The auth slice of client state (spec app-core §3, §4.1), transitions only.
 *
 * Who is signed in — user, permissions, organization — is server state: the tRPC `auth.me` query is
 * its one source (loaders: `context.trpc.auth.me.ensureData()`, components: `useMe()`), and
 * `isAuthenticated` is whether that query has data. This slice holds what the server does not know:
 * whether a sign-in or a fetch of the current user is under way, and the message of the last failure.
 */

export type AuthState = {
  isLoading: boolean;
  error: string | null;
};

export type AuthAction =
  | { type: 'loginPending' }
  | { type: 'loginSuccess' }
  | { type: 'loginFailure'; message?: string | null }
  | { type: 'fetchUserPending' }
  | { type: 'fetchUserSuccess' }
  | { type: 'fetchUserFailure'; message?: string | null }
  | { type: 'logout' }
  | { type: 'clearError' };

export const LOGIN_FAILED = 'Login failed';
export const FETCH_USER_FAILED = 'Failed to fetch user';

export const initialAuthState: AuthState = { isLoading: false, error: null };

/** A failure's own message when it has a non-blank one, else the fallback of spec §8. */
function failureMessage(message: string | null | undefined, fallback: string): string {
  return message && message.trim() ? message : fallback;
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'loginPending':
      return { isLoading: true, error: null };
    case 'fetchUserPending':
      // §4.1 clears the error only for a sign-in; a background fetch keeps a sign-in error on screen.
      return { ...state, isLoading: true };
    case 'loginSuccess':
    case 'fetchUserSuccess':
      return { isLoading: false, error: null };
    case 'loginFailure':
      return { isLoading: false, error: failureMessage(action.message, LOGIN_FAILED) };
    case 'fetchUserFailure':
      return { isLoading: false, error: failureMessage(action.message, FETCH_USER_FAILED) };
    case 'logout':
      return { isLoading: false, error: null };
    case 'clearError':
      return { ...state, error: null };
  }
}

export const authStateAtom = atom<AuthState>(initialAuthState);

/** Write-only: `set(authDispatchAtom, action)` applies one transition. */
export const authDispatchAtom = atom(null, (get, set, action: AuthAction) => {
  set(authStateAtom, authReducer(get(authStateAtom), action));
});
