import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import type { Permission } from '../../server/kernel/permissions';
import type { TUpdatePreferencesInput } from './schema';
import type { AuthPayload } from '../../server/auth/service';
import { authDispatchAtom, FETCH_USER_FAILED } from '../state/auth';
import { toast } from '../state/toast';
import { themeChoiceAtom, unsavedThemeChoiceAtom } from '../state/ui';
import { errorMessageOf, isForbidden, isUnauthorized } from './errors';
import { queryClient, trpc, trpcClient, trpcUtils } from './trpc';

/**
 * Who is signed in. The tRPC `auth.me` query is the one source: loaders ensure it, components read
 * it through `useMe()`; the jotai auth slice only tracks sign-in and fetch transitions.
 */
export type Me = AuthPayload;
export type { Permission };

const store = getDefaultStore();

/** The signed-in user, their permissions and organizations. An errored fetch (signed out) is not retried on mount. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { retryOnMount: false });
}

/** Whether the signed-in member's role grants `permission` (false while unknown or signed out). */
export function useCan(permission: Permission): boolean {
  const { data } = useMe();
  return Boolean(data?.permissions.includes(permission));
}

/**
 * For the authenticated layout's guard: the current user, or null when signed out. A cache miss is
 * a fetch-user transition of spec §4.1; a 401 is an answer (nobody), anything else a failure.
 */
export async function loadMe(utils: typeof trpcUtils): Promise<Me | null> {
  const cached = utils.auth.me.getData();
  if (cached) return cached;
  store.set(authDispatchAtom, { type: 'fetchUserPending' });
  try {
    const me = await utils.auth.me.ensureData();
    store.set(authDispatchAtom, { type: 'fetchUserSuccess' });
    syncThemeWithAccount(me);
    return me;
  } catch (error) {
    if (isUnauthorized(error)) {
      store.set(authDispatchAtom, { type: 'logout' });
      return null;
    }
    store.set(authDispatchAtom, { type: 'fetchUserFailure', message: errorMessageOf(error, FETCH_USER_FAILED) });
    throw error;
  }
}

/**
 * After sign-in, sign-up or joining an organization: the answer becomes `auth.me`, and whatever was
 * cached for another account or organization is dropped.
 */
export function adoptSession(payload: Me): void {
  queryClient.removeQueries();
  trpcUtils.auth.me.setData(undefined, payload);
  syncThemeWithAccount(payload);
}

/**
 * Ends the session and reloads at /login (or `then`, a path on this site), so nothing of this
 * account stays in memory.
 */
export async function signOut(then = '/login'): Promise<void> {
  try {
    await trpcClient.auth.logout.mutate();
  } catch (error) {
    // Already signed out (expired or revoked elsewhere) is what we wanted.
    if (!isUnauthorized(error)) {
      showError(error, 'Could not sign out');
      return;
    }
  }
  store.set(authDispatchAtom, { type: 'logout' });
  window.location.assign(then);
}

/** Moves the session to another organization; every query is then stale (other tenant, other role). */
export async function switchOrganization(organizationId: string): Promise<void> {
  try {
    const me = await trpcClient.auth.switchOrganization.mutate({ organizationId });
    trpcUtils.auth.me.setData(undefined, me);
    await queryClient.invalidateQueries();
    toast({ title: 'Organization switched', description: me.organization ? `You are now working in ${me.organization.name}.` : undefined });
  } catch (error) {
    showError(error, 'Could not switch organization');
  }
}

/** Saves preferences and merges the answer into the user's preferences (spec §4.1). */
export async function savePreferences(input: TUpdatePreferencesInput) {
  const { preferences } = await trpcClient.auth.updatePreferences.mutate(input);
  trpcUtils.auth.me.setData(undefined, (old) => (old ? { ...old, user: { ...old.user, preferences } } : old));
  return preferences;
}

/**
 * When an account is first seen in this page: its stored theme wins over this browser's, so a choice
 * made on another device carries over — unless the visitor picked a theme here before the account
 * was known (on a public page), which is the newer choice and is saved to the account instead.
 */
export function syncThemeWithAccount(me: Me): void {
  const unsaved = store.get(unsavedThemeChoiceAtom);
  if (unsaved) store.set(unsavedThemeChoiceAtom, RESET);
  if (unsaved && unsaved !== me.user.preferences.theme) {
    savePreferences({ theme: unsaved }).catch((error: unknown) => showError(error, 'Could not save your theme'));
    return;
  }
  store.set(themeChoiceAtom, me.user.preferences.theme);
}

/** The theme toggle's choice: saved to the account when one is known, else remembered until one is. */
export function rememberThemeChoice(theme: 'light' | 'dark'): void {
  if (trpcUtils.auth.me.getData()) {
    savePreferences({ theme }).catch((error: unknown) => showError(error, 'Could not save your theme'));
  } else {
    store.set(unsavedThemeChoiceAtom, theme);
  }
}

/**
 * A failed action as a destructive toast with the server's own words (e.g. "Your role does not allow
 * this action (members:manage is required)"). A refusal may mean the role changed meanwhile, so the
 * permissions are fetched again and the screen hides what no longer applies; an ended session
 * sends the visitor to sign in again.
 */
export function showError(error: unknown, title: string): void {
  if (isUnauthorized(error) && trpcUtils.auth.me.getData()) {
    const back = window.location.pathname + window.location.search;
    window.location.assign(`/login?redirect=${encodeURIComponent(back)}`);
    return;
  }
  toast({ variant: 'destructive', title, description: errorMessageOf(error, 'Something went wrong. Try again.') });
  if (isForbidden(error)) void trpcUtils.auth.me.invalidate();
}
