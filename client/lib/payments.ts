/**
 * What the public payment pages (/subscribe, /checkout) ask the server, over plain fetch: no tRPC
 * and no zod, so the pages stay light. The server's REST paths are spec public-site §7's.
 */
import { PAYMENTS_NOT_CONFIGURED } from '../../server/plans/schema';

export type BillingConfig = { configured: true; publishableKey: string } | { configured: false; message: string };

export async function fetchBillingConfig(): Promise<BillingConfig> {
  try {
    const res = await fetch('/api/billing/config', { credentials: 'same-origin' });
    if (res.ok) return (await res.json()) as BillingConfig;
  } catch {
    // An unreachable server reads as "not configured" rather than an endless spinner.
  }
  return { configured: false, message: PAYMENTS_NOT_CONFIGURED };
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string; issues: { path: string; message: string }[] };

/**
 * POSTs JSON to one of the payment paths. `attemptKey` (one per page visit) is sent as
 * Idempotency-Key, so a retried click gets the same payment or subscription back.
 */
export async function postPayment<T>(path: string, body: unknown, attemptKey: string): Promise<Answer<T>> {
  try {
    const res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'idempotency-key': attemptKey }, body: JSON.stringify(body) });
    const data = (await res.json().catch(() => ({}))) as { message?: string; issues?: { path: string; message: string }[] };
    if (res.ok) return { ok: true, data: data as T };
    return { ok: false, status: res.status, message: data.message ?? `The server answered ${res.status}`, issues: data.issues ?? [] };
  } catch {
    return { ok: false, status: 0, message: 'Could not reach the server. Check your connection and try again.', issues: [] };
  }
}

export type Provisioning = { status: 'pending'; email: string } | { status: 'ready'; email: string; organizationName: string; setPasswordUrl: string | null };

export async function fetchProvisioning(token: string): Promise<Provisioning | null> {
  try {
    const res = await fetch(`/api/billing/provisioning?token=${encodeURIComponent(token)}`, { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as Provisioning) : null;
  } catch {
    return null;
  }
}

/** A key for this visit's payment attempt, kept across reloads of the tab. */
export function attemptKey(storageKey: string): string {
  try {
    let key = sessionStorage.getItem(storageKey);
    if (!key) {
      key = crypto.randomUUID();
      sessionStorage.setItem(storageKey, key);
    }
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/** Where the card provider returns after a payment that needed a redirect (spec §4: origin + the dashboard). */
export const returnUrl = () => `${window.location.origin}/app`;
