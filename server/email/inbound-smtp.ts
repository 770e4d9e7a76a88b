import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { receiveInboundEmail } from './inbound';
import { tokensOf } from './inbound-parse';
import { INBOUND_EMAIL_MAX_BYTES } from './schema';

export type InboundSmtpListener = { port: number; close(): Promise<void> };

const smtpError = (responseCode: number, message: string): SMTPServerError => Object.assign(new Error(message), { responseCode });

/**
 * Mail for us: the system sender's domain (EMAIL_FROM: unsubscribe and bounce addresses) and any
 * address carrying one of our tokens (an organization's own reply-to domain pointed at this server).
 */
function acceptsRecipient(deps: AppDeps, address: string): boolean {
  const systemDomain = deps.config.email.from.address.split('@')[1];
  const tokens = tokensOf([address]);
  return address.toLowerCase().endsWith(`@${systemDomain}`) || Boolean(tokens.reply ?? tokens.bounce ?? tokens.unsubscribe);
}

/**
 * The optional SMTP listener (INBOUND_SMTP_PORT) for self-hosters who point a domain's MX at the
 * server: each accepted message goes through receiveInboundEmail like the webhook's. No relaying,
 * no authentication, no STARTTLS (smtp-server's built-in certificate is a published test key: a
 * TLS front end is the operator's); messages over the size limit are refused with 552.
 */
export async function startInboundSmtp(deps: AppDeps, port: number): Promise<InboundSmtpListener> {
  const server = new SMTPServer({
    name: new URL(deps.config.publicUrl).hostname,
    banner: 'Switchboard inbound mail',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: INBOUND_EMAIL_MAX_BYTES,
    rejectOversized: true,
    maxClients: 50,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(acceptsRecipient(deps, address.address) ? null : smtpError(550, 'No such recipient here'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the limit nothing more is kept; smtp-server answers 552 (rejectOversized).
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, 'Message exceeds the size limit'));
        receiveInboundEmail(deps, Buffer.concat(chunks), { recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address) }).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof DomainError) return callback(smtpError(554, error.message));
            deps.logger.error({ err: error }, 'inbound e-mail could not be stored');
            // A transient reply: the sending server keeps the message and tries again.
            callback(smtpError(451, 'Temporary failure, please try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => deps.logger.error({ err: error }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '0.0.0.0', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
