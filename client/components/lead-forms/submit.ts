/**
 * How the public forms send a lead: POST /api/convertkit/subscribe (spec public-site §7) with fetch,
 * never tRPC — public pages carry none of the application's code. The server decides what is valid;
 * the forms only add where the visitor came from (page, referrer, UTM parameters).
 */

export const LEAD_ENDPOINT = '/api/convertkit/subscribe';

const UTM_KEYS = { utm_source: 'utmSource', utm_medium: 'utmMedium', utm_campaign: 'utmCampaign', utm_term: 'utmTerm', utm_content: 'utmContent' } as const;

/** The page, referrer and UTM parameters of this visit, for the contact's attribution. */
export function attribution(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const out: Record<string, string> = { page: window.location.href };
  if (document.referrer) out.referrer = document.referrer;
  const params = new URLSearchParams(window.location.search);
  for (const [param, field] of Object.entries(UTM_KEYS)) {
    const value = params.get(param)?.trim();
    if (value) out[field] = value;
  }
  return out;
}

/** Tags as spec §7 sends them: the given ones in order, empty ones removed, each once. */
export function leadTags(...tags: (string | null | undefined)[]): string[] {
  return [...new Set(tags.map((t) => t?.trim() ?? '').filter(Boolean))];
}

/** Sends one submission; true when the server accepted it (only the status is read, as in the spec). */
export async function sendLead(payload: Record<string, unknown>, honeypot: string): Promise<boolean> {
  try {
    const res = await fetch(LEAD_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, ...attribution(), ...(honeypot ? { website: honeypot } : {}) }),
    });
    return res.ok;
  } catch {
    return false;
  }
}
