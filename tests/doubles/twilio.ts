import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local HTTP double of the parts of Twilio's REST API the SMS domain uses (Messages create and
 * list, the account, incoming phone numbers), for the official SDK pointed at it through
 * TWILIO_API_BASE_URL. It records every create request and every message it accepted, and plays
 * scripted outcomes per recipient: 429, 500, a timeout (accepted or not), or a Twilio error code.
 */
export const TEST_ACCOUNT_SID = `AC${'0'.repeat(31)}1`;
export const TEST_AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
export const TEST_FROM = '+15005550006';

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'status'; status: 429 | 500 | 503 }
  /** Holds the answer past the client's timeout; `accept` records the message first (the provider took it). */
  | { kind: 'timeout'; accept: boolean; holdMs?: number }
  | { kind: 'error'; code: 21211 | 21610 | 21614; status?: number };

/** A second account the double knows (an organization's own Twilio account in Settings → Integrations). */
export const OTHER_ACCOUNT_SID = `AC${'0'.repeat(31)}2`;
export const OTHER_AUTH_TOKEN = 'other-auth-token-fedcba9876543210';

export type DoubleMessage = { sid: string; accountSid: string; to: string; from: string; body: string; statusCallback: string | null; dateCreated: Date; status: string };

const ERROR_TEXT: Record<number, string> = {
  21211: "The 'To' number is not a valid phone number.",
  21610: 'Attempt to send to unsubscribed recipient',
  21614: "'To' number is not a valid mobile number",
};

function messageJson(m: DoubleMessage) {
  return {
    sid: m.sid,
    account_sid: m.accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: m.status,
    num_segments: '1',
    direction: 'outbound-api',
    date_created: m.dateCreated.toUTCString(),
    date_updated: m.dateCreated.toUTCString(),
    date_sent: null,
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

export type TwilioDouble = {
  url: string;
  /** Every message it accepted, in order. */
  messages: DoubleMessage[];
  /** Every create request it received (accepted or not), by recipient. */
  requests: { to: string; outcome: Outcome['kind'] }[];
  /** Outcomes for the next create requests to this number, in order; afterwards 'ok'. */
  script(to: string, ...outcomes: Outcome[]): void;
  /** Each create request waits this long before its answer (a slow provider). */
  setLatency(ms: number): void;
  /** How many accepted messages went to this number. */
  sentTo(to: string): number;
  /** Resolves once this many messages are accepted. */
  waitForMessages(count: number): Promise<void>;
  close(): Promise<void>;
};

/** Accounts by SID with their auth tokens: the test account and OTHER_ACCOUNT_SID unless told otherwise. */
export async function startTwilioDouble(accounts: Record<string, string> = { [TEST_ACCOUNT_SID]: TEST_AUTH_TOKEN, [OTHER_ACCOUNT_SID]: OTHER_AUTH_TOKEN }): Promise<TwilioDouble> {
  const messages: DoubleMessage[] = [];
  const requests: TwilioDouble['requests'] = [];
  const scripts = new Map<string, Outcome[]>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let latencyMs = 0;
  const held = new Set<NodeJS.Timeout>();

  const hold = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        held.delete(timer);
        resolve();
      }, ms);
      held.add(timer);
    });

  const accept = (accountSid: string, params: URLSearchParams): DoubleMessage => {
    const message: DoubleMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to: params.get('To') ?? '',
      from: params.get('From') ?? TEST_FROM,
      body: params.get('Body') ?? '',
      statusCallback: params.get('StatusCallback'),
      dateCreated: new Date(),
      status: 'queued',
    };
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (messages.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return message;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://double');
        const json = (status: number, body: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        // Every path names its account; the Basic credentials must be that account's SID and token.
        const accountSid = /^\/2010-04-01\/Accounts\/(AC[0-9a-zA-Z]{32})(?:\/|\.json$)/.exec(url.pathname)?.[1] ?? '';
        const token = accounts[accountSid];
        const expected = token ? `Basic ${Buffer.from(`${accountSid}:${token}`).toString('base64')}` : null;
        if (!expected || req.headers.authorization !== expected) return json(401, { code: 20003, message: 'Authenticate', status: 401 });
        const base = `/2010-04-01/Accounts/${accountSid}`;

        if (req.method === 'POST' && url.pathname === `${base}/Messages.json`) {
          const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          const to = params.get('To') ?? '';
          const outcome = scripts.get(to)?.shift() ?? { kind: 'ok' as const };
          requests.push({ to, outcome: outcome.kind });
          if (latencyMs > 0) await hold(latencyMs);
          switch (outcome.kind) {
            case 'ok':
              return json(201, messageJson(accept(accountSid, params)));
            case 'status':
              return json(outcome.status, { code: outcome.status === 429 ? 20429 : 20500, message: outcome.status === 429 ? 'Too Many Requests' : 'Internal Server Error', status: outcome.status });
            case 'timeout': {
              const message = outcome.accept ? accept(accountSid, params) : null;
              await hold(outcome.holdMs ?? 5000);
              return message ? json(201, messageJson(message)) : json(500, { code: 20500, message: 'late', status: 500 });
            }
            case 'error':
              return json(outcome.status ?? 400, {
                code: outcome.code,
                message: ERROR_TEXT[outcome.code],
                more_info: `https://www.twilio.com/docs/errors/${outcome.code}`,
                status: outcome.status ?? 400,
              });
          }
        }
        if (req.method === 'GET' && url.pathname === `${base}/Messages.json`) {
          const to = url.searchParams.get('To');
          const found = messages.filter((m) => m.accountSid === accountSid && (!to || m.to === to)).reverse();
          return json(200, {
            messages: found.map(messageJson),
            end: Math.max(found.length - 1, 0),
            first_page_uri: url.pathname,
            next_page_uri: null,
            page: 0,
            page_size: 50,
            previous_page_uri: null,
            start: 0,
            uri: url.pathname,
          });
        }
        if (req.method === 'GET' && url.pathname === `${base}.json`) {
          return json(200, {
            sid: accountSid,
            friendly_name: accountSid === TEST_ACCOUNT_SID ? 'Switchboard test account' : `Account ${accountSid.slice(-4)}`,
            status: 'active',
            type: 'Full',
            date_created: new Date().toUTCString(),
          });
        }
        if (req.method === 'GET' && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
          const number = { sid: `PN${'0'.repeat(32)}`, phone_number: TEST_FROM, friendly_name: '(500) 555-0006', capabilities: { sms: true } };
          return json(200, {
            incoming_phone_numbers: [number],
            end: 0,
            first_page_uri: url.pathname,
            next_page_uri: null,
            page: 0,
            page_size: 100,
            previous_page_uri: null,
            start: 0,
            uri: url.pathname,
          });
        }
        json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    script(to, ...outcomes) {
      scripts.set(to, [...(scripts.get(to) ?? []), ...outcomes]);
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    sentTo: (to) => messages.filter((m) => m.to === to).length,
    waitForMessages(count) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const timer of held) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment that points the app's Twilio provider at the double. */
export function twilioEnv(double: TwilioDouble, extra: Record<string, string> = {}): Record<string, string> {
  return { TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID, TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN, TWILIO_FROM_NUMBER: TEST_FROM, TWILIO_API_BASE_URL: double.url, TWILIO_SENDER_MPS: '0', ...extra };
}

/** Signs webhook parameters as Twilio does (X-Twilio-Signature over the full URL and the sorted form fields). */
export function signWebhook(url: string, params: Record<string, string>, authToken = TEST_AUTH_TOKEN): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
