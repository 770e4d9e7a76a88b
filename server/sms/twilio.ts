import http from 'node:http';
import https from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { Config } from '../config';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { providerSettingsInUse, providerSettingsWhere, type ProviderValues } from '../kernel/provider-settings';

type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData };

/** What a provider answered for a message it accepted. */
export type ProviderMessage = { sid: string; status: string; from: string | null };

export type ProviderAccount = {
  status: string;
  friendlyName: string;
  mode: 'twilio' | 'sandbox';
  phoneNumbers: { phoneNumber: string; friendlyName: string; sid: string | null }[];
};

/**
 * Why a provider call failed, and so what the send job does next:
 * - `retryable`: certainly not accepted (429, 5xx, connection refused) — try again later;
 * - `unknown`: maybe accepted (a timeout, a dropped connection) — reconcile before anything else;
 * - `permanent`: refused for good (invalid number, unsubscribed recipient, …) — the message fails.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'retryable' | 'unknown' | 'permanent',
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The small surface the SMS domain needs from a provider; TwilioProvider and SandboxProvider implement it. */
export interface SmsProvider {
  readonly mode: 'twilio' | 'sandbox';
  /** The number or messaging service messages go out from: the key of the per-sender rate limit. */
  readonly sender: string;
  send(message: { to: string; body: string; statusCallback?: string }): Promise<ProviderMessage>;
  /** A message to `to` with this body created since `after`, if the provider has one (reconciliation). */
  findSent(message: { to: string; body: string; after: Date }): Promise<ProviderMessage | null>;
  account(): Promise<ProviderAccount>;
  /** Checks an X-Twilio-Signature; false when there is nothing to check it against. */
  validateWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}

/** Readable texts for the permanent errors a user meets most (Twilio error codes). */
const PERMANENT_MESSAGES: Record<string, string> = {
  '21211': 'The phone number is not valid',
  '21408': 'Sending to this region is not enabled for the account',
  '21610': 'The recipient has unsubscribed from this sender (replied STOP)',
  '21612': 'This number cannot be reached from the sending number',
  '21614': 'The number is not a mobile number and cannot receive SMS',
  '30007': 'The carrier filtered the message',
};

export function readableProviderError(code: string | null, fallback: string): string {
  return (code && PERMANENT_MESSAGES[code]) ?? fallback;
}

/** Connections one process keeps to the provider; the send jobs never have more calls in flight (server/sms/delivery.ts). */
export const PROVIDER_SOCKETS = 64;

/** The SDK's HTTP client with every request sent to TWILIO_API_BASE_URL (the SDK hard-codes https://api.twilio.com). */
class BaseUrlRequestClient extends twilio.RequestClient {
  private readonly baseUrl: string;

  constructor(baseUrl: string, timeout: number) {
    super({ timeout, keepAlive: true, maxSockets: PROVIDER_SOCKETS });
    this.baseUrl = baseUrl;
    // The SDK sets a keep-alive agent for https only; a plain-http base URL (a local double) gets one too.
    this.axios.defaults.httpAgent = new http.Agent({ keepAlive: true, maxSockets: PROVIDER_SOCKETS });
    if (baseUrl.startsWith('https:') && !process.env.HTTP_PROXY) this.axios.defaults.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: PROVIDER_SOCKETS, timeout });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    const rebased = this.baseUrl === 'https://api.twilio.com' ? opts.uri : `${this.baseUrl}${uri.pathname}${uri.search}`;
    return super.request<TData>({ ...opts, uri: rebased });
  }
}

const TRANSIENT_NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function classify(error: unknown): ProviderError {
  const e = error as { status?: number; code?: number | string; message?: string };
  if (typeof e.status === 'number') {
    const code = e.code === undefined || e.code === null ? null : String(e.code);
    const message = e.message ?? `HTTP ${e.status}`;
    if (e.status === 429 || e.status >= 500) return new ProviderError('retryable', `Twilio answered ${e.status}: ${message}`, code);
    return new ProviderError('permanent', readableProviderError(code, message), code);
  }
  const networkCode = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_NETWORK.has(networkCode)) return new ProviderError('retryable', `Twilio could not be reached (${networkCode})`);
  return new ProviderError('unknown', `No answer from Twilio (${networkCode || e.message || 'network error'}); the message may have been accepted`);
}

export class TwilioProvider implements SmsProvider {
  readonly mode = 'twilio' as const;
  readonly sender: string;
  private readonly client: twilio.Twilio;

  constructor(
    private readonly settings: Config['twilio'] & { accountSid: string; authToken: string },
    timeoutMs: number,
  ) {
    this.sender = settings.messagingServiceSid ?? settings.fromNumber!;
    this.client = twilio(settings.accountSid, settings.authToken, { httpClient: new BaseUrlRequestClient(settings.apiBaseUrl, timeoutMs) });
  }

  async send({ to, body, statusCallback }: { to: string; body: string; statusCallback?: string }): Promise<ProviderMessage> {
    try {
      const from = this.settings.messagingServiceSid ? { messagingServiceSid: this.settings.messagingServiceSid } : { from: this.settings.fromNumber! };
      const message = await this.client.messages.create({ to, body, ...from, ...(statusCallback ? { statusCallback } : {}) });
      return { sid: message.sid, status: message.status, from: message.from ?? null };
    } catch (error) {
      throw classify(error);
    }
  }

  async findSent({ to, body, after }: { to: string; body: string; after: Date }): Promise<ProviderMessage | null> {
    try {
      // DateSent filters by day; the exact instant and the body are compared here.
      const day = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate()));
      const found = await this.client.messages.list({ to, dateSentAfter: day, limit: 50 });
      const match = found.find((m) => m.body === body && (m.dateCreated ?? new Date(0)).getTime() >= after.getTime() - 60_000);
      return match ? { sid: match.sid, status: match.status, from: match.from ?? null } : null;
    } catch (error) {
      const classified = classify(error);
      // A permanent error here is about the lookup, not the message: look again later.
      throw classified.kind === 'permanent' ? new ProviderError('retryable', classified.message, classified.code) : classified;
    }
  }

  async account(): Promise<ProviderAccount> {
    try {
      const [account, numbers] = await Promise.all([this.client.api.v2010.accounts(this.settings.accountSid).fetch(), this.client.incomingPhoneNumbers.list({ limit: 100 })]);
      const phoneNumbers: ProviderAccount['phoneNumbers'] = numbers.map((n) => ({ phoneNumber: n.phoneNumber, friendlyName: n.friendlyName, sid: n.sid }));
      if (this.settings.fromNumber && !phoneNumbers.some((n) => n.phoneNumber === this.settings.fromNumber)) {
        phoneNumbers.unshift({ phoneNumber: this.settings.fromNumber, friendlyName: this.settings.fromNumber, sid: null });
      }
      return { status: account.status, friendlyName: account.friendlyName, mode: 'twilio', phoneNumbers };
    } catch (error) {
      throw classify(error);
    }
  }

  validateWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.settings.authToken, signature, url, params);
  }
}

/** The sandbox sender: the number shown in the UI, never a real one (555-01xx is reserved for fiction). */
export const SANDBOX_NUMBER = '+15555550100';

/**
 * Without Twilio credentials: the same queue and states, nothing leaves the machine. A send is
 * accepted at once; the sandbox delivery job marks it delivered a moment later.
 */
export class SandboxProvider implements SmsProvider {
  readonly mode = 'sandbox' as const;
  readonly sender = SANDBOX_NUMBER;

  send(): Promise<ProviderMessage> {
    return Promise.resolve({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued', from: SANDBOX_NUMBER });
  }

  findSent(): Promise<ProviderMessage | null> {
    // Sandbox sends cannot get lost between the provider and our write: the "provider" is this process.
    return Promise.resolve(null);
  }

  account(): Promise<ProviderAccount> {
    return Promise.resolve({
      status: 'active',
      friendlyName: 'Sandbox',
      mode: 'sandbox',
      phoneNumbers: [{ phoneNumber: SANDBOX_NUMBER, friendlyName: 'Sandbox number', sid: null }],
    });
  }

  validateWebhook(): boolean {
    return false;
  }
}

const providers = new WeakMap<Config, SmsProvider>();

/** The provider of this configuration (one SDK client per process). */
export function smsProvider(config: Config): SmsProvider {
  let provider = providers.get(config);
  if (!provider) {
    const { accountSid, authToken } = config.twilio;
    provider = accountSid && authToken ? new TwilioProvider({ ...config.twilio, accountSid, authToken }, config.twilio.timeoutMs) : new SandboxProvider();
    providers.set(config, provider);
  }
  return provider;
}

/** The organizations' own Twilio accounts' providers, by API origin, account, token and sender (one SDK client each per process). */
const ownProviders = new Map<string, TwilioProvider>();
const OWN_PROVIDERS_KEPT = 200;

/** The provider of an organization's own Twilio account (Settings → Integrations). */
export function organizationTwilio(config: Config, own: ProviderValues['twilio']): TwilioProvider {
  const key = [config.twilio.apiBaseUrl, own.accountSid, createHash('sha256').update(own.authToken).digest('hex'), own.messagingServiceSid ?? '', own.fromNumber ?? ''].join(':');
  let provider = ownProviders.get(key);
  if (!provider) {
    provider = new TwilioProvider(
      { ...config.twilio, accountSid: own.accountSid, authToken: own.authToken, messagingServiceSid: own.messagingServiceSid ?? undefined, fromNumber: own.fromNumber ?? undefined },
      config.twilio.timeoutMs,
    );
    // A changed token makes a new entry: the oldest go first.
    if (ownProviders.size >= OWN_PROVIDERS_KEPT) ownProviders.delete(ownProviders.keys().next().value!);
    ownProviders.set(key, provider);
  }
  return provider;
}

/**
 * The provider an organization's messages go through: the environment's Twilio account when one is
 * set (it wins), else the organization's own account saved in Settings → Integrations, else the
 * sandbox (docs/decisions/038).
 */
export async function smsProviderFor(deps: Pick<AppDeps, 'config' | 'database'>, organizationId: string, db: Db = deps.database.db): Promise<SmsProvider> {
  const deployment = smsProvider(deps.config);
  if (deployment.mode === 'twilio') return deployment;
  const own = await providerSettingsInUse(db, deps.config, organizationId, 'twilio', 'Twilio');
  return own ? organizationTwilio(deps.config, own) : deployment;
}

/**
 * Checks a Twilio webhook's X-Twilio-Signature. With the environment's account, against its token
 * (`within` null: any organization's message). Otherwise against the tokens of the organizations
 * whose own account the webhook names (AccountSid): `within` lists those whose token signed it, and
 * what the webhook says is applied to their messages only — an organization knows its own token, so
 * its signature must never reach another organization's messages. Null when nothing signed it.
 */
export async function verifyTwilioWebhook(
  deps: Pick<AppDeps, 'config' | 'database'>,
  request: { signature: string | undefined; url: string; params: Record<string, string> },
): Promise<{ within: string[] | null } | null> {
  const deployment = smsProvider(deps.config);
  if (deployment.mode === 'twilio') return deployment.validateWebhook(request.signature, request.url, request.params) ? { within: null } : null;
  const accountSid = request.params.AccountSid;
  if (!request.signature || !accountSid) return null;
  const accounts = await providerSettingsWhere(deps.database.db, deps.config, 'twilio', 'accountSid', accountSid);
  const within = accounts.filter((a) => organizationTwilio(deps.config, a.values).validateWebhook(request.signature, request.url, request.params)).map((a) => a.organizationId);
  return within.length > 0 ? { within } : null;
}
