import type { APIResponse, Page } from 'playwright-core';
import type { E2E } from './app';

/**
 * Chromium's own console line for a request answered 401 — here `auth.me` asked by a page that
 * works signed out too (public pages, the sign-in guard). The app logs nothing for it; the browser
 * does, for any failed request, so a test that expects that answer allows exactly this line.
 */
export const SIGNED_OUT_PROBE = /status of 401 .*\/trpc\/[^ ]*auth\.me/;

/** A password that meets the rules (at least 10 characters). */
export const PASSWORD = 'correct horse battery staple';

export type Account = { name: string; email: string; password: string; organizationName: string };

let counter = 0;

/** A fresh account's details; e-mails are unique within the run. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { name: `Ada Lovelace ${counter}`, email: `ada-${tag}@example.test`, password: PASSWORD, organizationName: `Analytical Engines ${counter}`, ...overrides };
}

async function expectStatus(response: APIResponse, status: number, what: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${what}: expected ${status}, got ${response.status()} ${await response.text()}`);
}

/** Signs up through the REST door from the page's context, whose cookie jar then holds the session. */
export async function signUpViaApi(page: Page, account: Account = newAccount()): Promise<Account> {
  await expectStatus(await page.request.post('/api/auth/signup', { data: account }), 201, 'sign-up');
  return account;
}

/** The id of the organization an account signed up with (its only membership), for seeding it through `e2e.db`. */
export async function organizationOf(e2e: E2E, account: Account): Promise<string> {
  const row = await e2e.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.organization_id')
    .where('users.email', '=', account.email)
    .executeTakeFirstOrThrow();
  return row.organization_id;
}

/** A page in a fresh context that is already signed in as a new account (nothing loaded yet). */
export async function openSignedIn(e2e: E2E, options: Parameters<E2E['open']>[0] = {}, account: Account = newAccount()): Promise<{ page: Page; account: Account }> {
  const page = await e2e.open(options);
  await signUpViaApi(page, account);
  return { page, account };
}

/**
 * A tRPC mutation as the browser sends it: JSON body, the session cookie, and the site's own Origin
 * (the CSRF check refuses cookie-authenticated writes from anywhere else).
 */
export function trpcMutation(page: Page, e2e: E2E, path: string, input?: unknown): Promise<APIResponse> {
  return page.request.post(`/trpc/${path}`, { data: input ?? {}, headers: { Origin: e2e.url } });
}

/** A tRPC mutation that must succeed (else the test fails with its status and body); its answer's data. */
export async function trpcCall<T = { id: string }>(page: Page, e2e: E2E, path: string, input?: unknown): Promise<T> {
  const response = await trpcMutation(page, e2e, path, input);
  if (response.status() !== 200) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Many calls of one mutation in one batched request (tRPC's `?batch=1`), answered 200 only when every call succeeded. */
export function trpcMutations(page: Page, e2e: E2E, path: string, inputs: unknown[]): Promise<APIResponse> {
  return page.request.post(`/trpc/${inputs.map(() => path).join(',')}?batch=1`, {
    data: Object.fromEntries(inputs.map((input, i) => [String(i), input])),
    headers: { Origin: e2e.url },
  });
}

export function trpcQuery(page: Page, path: string, input?: unknown): Promise<APIResponse> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return page.request.get(`/trpc/${path}${query}`);
}

/** The toast on screen (Radix also announces its text in a hidden live region; this is the visible one). */
export const toastOn = (page: Page) => page.locator('[data-slot="toast"]');
