import { createHash } from 'node:crypto';
import nodemailer, { type SmtpError } from 'nodemailer';
import type { Db } from '../db';
import type { EmailAttachment } from '../db/schema';
import type { AppDeps } from '../deps';
import { providerSettingsInUse, type ProviderValues } from '../kernel/provider-settings';

/** One message as handed to the transport: stored fields plus the envelope and headers computed from them. */
export type TransportMessage = {
  from: { name: string; address: string };
  to: { name: string; address: string };
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** With its angle brackets. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  headers: Record<string, string>;
  attachments: EmailAttachment[];
  /** SMTP MAIL FROM: the VERP return path, so a bounce names its message. */
  returnPath: string;
  /** Sandbox only: printed with the message. */
  consoleLink?: string;
};

export type SendOptions = {
  /** No call starts after this time (ms since the epoch): the message fails transiently, certainly not sent. */
  deadline?: number;
  /** Aborted: no call starts (the job that asked expired or stopped). */
  signal?: AbortSignal;
};

export type EmailTransport = {
  mode: 'smtp' | 'sandbox';
  send(message: TransportMessage, options?: SendOptions): Promise<{ response: string }>;
  verify(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
};

/** Connections to the SMTP server one process keeps open. */
export const SMTP_CONNECTIONS = 5;

/**
 * A failed send, classified: `permanent` (a 5xx reply) will fail again; anything else (a 4xx reply,
 * a timeout, a refused or dropped connection) may succeed later.
 */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

function transportError(error: unknown): TransportError {
  const e = error as SmtpError;
  const code = e.responseCode;
  const text = (e.response ?? e.message ?? String(error)).trim();
  if (code !== undefined && code >= 500) return new TransportError(text, true);
  return new TransportError(code !== undefined ? text : `${e.code ? `${e.code}: ` : ''}${text}`, false);
}

/** Why a message was not sent when its run's time ran out before a connection was free: certainly not sent, so it is retried. */
export const OUT_OF_TIME = 'No SMTP connection came free in time; the message was not sent and will be tried again';

/**
 * The pool's connections as permits, first come first served: a call starts only on a free
 * connection, so once started it never queues inside the pool and ends within the transport's
 * timeouts; a waiter gives up at its deadline or when its job is aborted.
 */
class ConnectionPermits {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async acquire({ deadline = Infinity, signal }: SendOptions): Promise<boolean> {
    if (signal?.aborted || Date.now() >= deadline) return false;
    if (this.free > 0) {
      this.free--;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const done = (granted: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandon);
        resolve(granted);
      };
      const grant = () => done(true);
      const abandon = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        done(false);
      };
      const timer = Number.isFinite(deadline) ? setTimeout(abandon, Math.max(0, deadline - Date.now())) : undefined;
      timer?.unref();
      signal?.addEventListener('abort', abandon, { once: true });
      this.waiting.push(grant);
    });
  }

  /** Hands the permit straight to the first waiter, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** Where a transport connects: SMTP_URL, or an organization's own server (requireTLS: STARTTLS or nothing is sent). */
export type SmtpServer = { url: string; requireTLS?: boolean; dkim: boolean };

/** An organization's SMTP settings (Settings → Integrations) as the transport's server. */
export function organizationSmtpServer(own: ProviderValues['smtp']): SmtpServer {
  const credentials = own.username ? `${encodeURIComponent(own.username)}${own.password ? `:${encodeURIComponent(own.password)}` : ''}@` : '';
  return { url: `${own.security === 'tls' ? 'smtps' : 'smtp'}://${credentials}${own.host}:${own.port}`, requireTLS: own.security === 'starttls', dkim: false };
}

export function smtpTransport(deps: Pick<AppDeps, 'config'>, server: SmtpServer): EmailTransport {
  const permits = new ConnectionPermits(SMTP_CONNECTIONS);
  const { maxRate } = deps.config.email;
  // DKIM_* sign for the server's own domain: an organization's own server signs (or not) for its own.
  const dkim = server.dkim ? deps.config.email.dkim : null;
  const { url } = server;
  const transporter = nodemailer.createTransport({
    url,
    ...(server.requireTLS ? { requireTLS: true } : {}),
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    // Messages per second, as SMTP_MAX_RATE says (nodemailer counts per rateDelta milliseconds).
    rateDelta: 1000,
    rateLimit: maxRate,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim } : {}),
  });
  return {
    mode: 'smtp',
    async send(message, options = {}) {
      if (!(await permits.acquire(options))) throw new TransportError(OUT_OF_TIME, false);
      try {
        const info = await transporter.sendMail({
          from: message.from,
          to: message.to.name ? message.to : message.to.address,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId,
          ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
          ...(message.references.length > 0 ? { references: message.references } : {}),
          headers: message.headers,
          ...(message.attachments.length > 0 ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
          envelope: { from: message.returnPath, to: message.to.address },
        });
        return { response: info.response };
      } catch (error) {
        throw transportError(error);
      } finally {
        permits.release();
      }
    },
    async verify() {
      try {
        await transporter.verify();
        return { ok: true, detail: `Connected to ${new URL(url).host}` };
      } catch (error) {
        return { ok: false, detail: transportError(error).message };
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** Without SMTP_URL: the same queue and states, nothing leaves the machine; the console shows each message. */
function sandboxTransport(deps: Pick<AppDeps, 'logger'>): EmailTransport {
  return {
    mode: 'sandbox',
    async send(message) {
      deps.logger.info({ to: message.to.address, subject: message.subject, ...(message.consoleLink ? { link: message.consoleLink } : {}) }, 'e-mail (sandbox, not sent)');
      return { response: '250 Kept in the sandbox outbox' };
    },
    async verify() {
      return { ok: true, detail: 'Sandbox: no SMTP server configured (SMTP_URL); messages stay in the outbox' };
    },
    async close() {},
  };
}

const transports = new WeakMap<AppDeps, EmailTransport>();

/** The app's transport (one pool per app), built from its configuration on first use. */
export function emailTransport(deps: AppDeps): EmailTransport {
  let transport = transports.get(deps);
  if (!transport) {
    const url = deps.config.email.smtpUrl;
    transport = url ? smtpTransport(deps, { url, dkim: true }) : sandboxTransport(deps);
    transports.set(deps, transport);
  }
  return transport;
}

/** The organizations' own SMTP transports of an app, by organization, with the settings they were built from. */
const ownTransports = new WeakMap<AppDeps, Map<string, { fingerprint: string; transport: EmailTransport }>>();
/** How long a replaced transport's pool stays open for the sends it had started. */
const REPLACED_TRANSPORT_GRACE_MS = 60_000;

/**
 * The transport an organization's e-mail leaves through: SMTP_URL when set (it wins), else the
 * organization's own SMTP server saved in Settings → Integrations, else the sandbox. `own` says
 * whether it is the organization's server (decision 038). A null organization (account e-mail)
 * always takes the server's own transport.
 */
export async function emailTransportFor(deps: AppDeps, organizationId: string | null, db: Db = deps.database.db): Promise<{ transport: EmailTransport; own: boolean }> {
  const deployment = emailTransport(deps);
  if (deployment.mode === 'smtp' || organizationId === null) return { transport: deployment, own: false };
  const settings = await providerSettingsInUse(db, deps.config, organizationId, 'smtp', 'SMTP');
  if (!settings) return { transport: deployment, own: false };
  let byOrganization = ownTransports.get(deps);
  if (!byOrganization) ownTransports.set(deps, (byOrganization = new Map()));
  const fingerprint = createHash('sha256').update(JSON.stringify(settings)).digest('hex');
  const current = byOrganization.get(organizationId);
  if (current?.fingerprint === fingerprint) return { transport: current.transport, own: true };
  if (current) setTimeout(() => void current.transport.close(), REPLACED_TRANSPORT_GRACE_MS).unref();
  const transport = smtpTransport(deps, organizationSmtpServer(settings));
  byOrganization.set(organizationId, { fingerprint, transport });
  return { transport, own: true };
}

/** Closes the app's transports, if they were built (on shutdown, after the jobs stopped). */
export async function closeEmailTransport(deps: AppDeps): Promise<void> {
  const transport = transports.get(deps);
  transports.delete(deps);
  await transport?.close();
  const own = ownTransports.get(deps);
  ownTransports.delete(deps);
  for (const entry of own?.values() ?? []) await entry.transport.close();
}
