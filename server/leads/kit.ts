import type { Config } from '../config';

/** What forwarding a lead needs from Kit (ConvertKit), and nothing more. */
export type KitClient = {
  /** Creates the subscriber, or updates the one with this e-mail (Kit upserts by address); returns its id. */
  upsertSubscriber(subscriber: { email: string; firstName?: string | undefined }): Promise<{ id: number }>;
  /** Tags a subscriber, creating the tag by name when the account does not have it yet. */
  tagSubscriber(subscriberId: number, tagName: string): Promise<void>;
  /** The account the key belongs to (GET /v4/account): an authenticated read, Settings → Integrations' test. */
  account(): Promise<{ name: string }>;
};

/** A Kit call that failed: its HTTP status (none when Kit could not be reached) and what Kit said. */
export class KitError extends Error {
  override name = 'KitError';
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/**
 * Kit API v4 over fetch (https://developers.kit.com/v4): POST /v4/subscribers, POST /v4/tags,
 * POST /v4/tags/{tag_id}/subscribers/{id}, authenticated with the X-Kit-Api-Key header. All three
 * are idempotent on Kit's side, so a retried forwarding never duplicates anything.
 */
export function createKitClient(options: { apiKey: string; baseUrl: string; signal?: AbortSignal }): KitClient {
  async function call<T>(path: string, body: unknown, method: 'POST' | 'GET' = 'POST'): Promise<T> {
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-kit-api-key': options.apiKey },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        signal,
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new KitError(`Kit could not be reached: ${reason}`, undefined);
    }
    const text = await res.text();
    if (!res.ok) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { errors?: unknown };
        if (Array.isArray(parsed.errors)) detail = parsed.errors.map(String).join('; ');
      } catch {
        // Not JSON: the raw text (shortened) says enough.
      }
      throw new KitError(`Kit answered ${res.status} to ${method} ${path}${detail ? `: ${detail}` : ''}`, res.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new KitError(`Kit answered ${res.status} to ${method} ${path} with a body that is not JSON`, res.status);
    }
  }

  return {
    async account() {
      const body = await call<{ account?: { name?: string } }>('/v4/account', undefined, 'GET');
      return { name: body.account?.name ?? 'Kit account' };
    },
    async upsertSubscriber({ email, firstName }) {
      const body = await call<{ subscriber?: { id?: number } }>('/v4/subscribers', { email_address: email, first_name: firstName || undefined, state: 'active' });
      const id = body.subscriber?.id;
      if (typeof id !== 'number') throw new KitError('Kit answered without a subscriber id', undefined);
      return { id };
    },
    async tagSubscriber(subscriberId, tagName) {
      const body = await call<{ tag?: { id?: number } }>('/v4/tags', { name: tagName });
      const tagId = body.tag?.id;
      if (typeof tagId !== 'number') throw new KitError(`Kit answered without an id for tag "${tagName}"`, undefined);
      await call(`/v4/tags/${tagId}/subscribers/${subscriberId}`, {});
    },
  };
}

/** Kit is used only when a key is configured. */
export function kitConfigured(config: Pick<Config, 'kitApiKey'>): boolean {
  return Boolean(config.kitApiKey);
}
