import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the sink accepted: parsed (mailparser), with the SMTP envelope it came with and its raw source. */
export type SinkMessage = ParsedMail & {
  envelope: { from: string; to: string[] };
  raw: string;
  /** A header's value as sent (unfolded, not interpreted by mailparser), or undefined. */
  rawHeader(name: string): string | undefined;
};

function rawHeaderOf(raw: string) {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return (name: string) =>
    head
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
}

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>: the app's SMTP_URL. */
  url: string;
  /** The messages accepted, parsed (none with `keep: false`). */
  messages: SinkMessage[];
  /** How many messages were accepted. */
  accepted: number;
  /** Resolves once `count` messages were accepted (the test's timeout bounds it). */
  waitFor(count: number): Promise<SinkMessage[]>;
  /** The next `times` messages are answered `code text` (4xx: try again later; 5xx: refused) and not kept. */
  failNext(code: number, text: string, times?: number): void;
  /** The connection of each of the next `times` messages drops once its data was read, before any answer. */
  dropNext(times?: number): void;
  /** The next message is kept (as a server that accepted it would) but never answered: the client waits until it gives up or dies. */
  holdNext(): void;
  /** Messages the sink has received data for, kept or not. */
  attempts: number;
  close(): Promise<void>;
};

type Plan = { kind: 'fail'; code: number; text: string } | { kind: 'drop' } | { kind: 'hold' };

/**
 * The in-process SMTP server the tests point the app's real nodemailer transport at (smtp-server +
 * mailparser). With `auth`, it offers AUTH (without TLS) and accepts only that user and password.
 * With `keep: false` (the benchmarks) it accepts and counts messages without parsing or keeping
 * them, as a remote server would cost the sending process nothing: the figures are the app's.
 */
export async function startSmtpSink(options: { auth?: { user: string; pass: string }; keep?: boolean } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const plans: Plan[] = [];
  const keep = options.keep ?? true;
  const sink: SmtpSink = {
    url: '',
    messages,
    accepted: 0,
    attempts: 0,
    async waitFor(count) {
      while (sink.accepted < count) await delay(20);
      return messages;
    },
    failNext(code, text, times = 1) {
      for (let i = 0; i < times; i++) plans.push({ kind: 'fail', code, text });
    },
    dropNext(times = 1) {
      for (let i = 0; i < times; i++) plans.push({ kind: 'drop' });
    },
    holdNext() {
      plans.push({ kind: 'hold' });
    },
    close() {
      // A held connection would otherwise keep close() waiting for the server's close timeout.
      for (const connection of server.connections) connection._socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const { auth } = options;
  const server: SMTPServer = new SMTPServer({
    authOptional: !auth,
    disabledCommands: ['STARTTLS'],
    ...(auth
      ? {
          allowInsecureAuth: true,
          onAuth(credentials, _session, callback) {
            if (credentials.username === auth.user && credentials.password === auth.pass) return callback(null, { user: credentials.username });
            callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
          },
        }
      : {}),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => (keep ? chunks.push(chunk) : undefined));
      stream.on('end', () => {
        sink.attempts++;
        const plan = plans.shift();
        if (plan?.kind === 'drop') {
          for (const connection of server.connections) if (connection.remotePort === session.remotePort) connection._socket.destroy();
          return;
        }
        if (plan?.kind === 'fail') {
          callback(Object.assign(new Error(plan.text), { responseCode: plan.code }));
          return;
        }
        if (!keep) {
          sink.accepted++;
          if (plan?.kind !== 'hold') callback(null, 'Queued as sink');
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            const source = raw.toString('utf8');
            messages.push(Object.assign(parsed, { envelope, raw: source, rawHeader: rawHeaderOf(source) }));
            sink.accepted++;
            if (plan?.kind !== 'hold') callback(null, 'Queued as sink');
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client killed mid-conversation (the crash tests' SIGKILL) resets its connection: not the sink's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
