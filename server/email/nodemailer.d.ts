// The part of nodemailer's API this app uses (the package ships no types, and @types/nodemailer is not installed).
declare module 'nodemailer' {
  type Address = { name: string; address: string };
  export type SmtpPoolOptions = {
    url: string;
    pool: true;
    maxConnections: number;
    rateDelta: number;
    rateLimit: number;
    connectionTimeout?: number;
    greetingTimeout?: number;
    socketTimeout?: number;
    dkim?: { domainName: string; keySelector: string; privateKey: string };
  };
  export type MailOptions = {
    from: Address;
    to: Address | string;
    replyTo?: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
    inReplyTo?: string;
    references?: string[];
    headers?: Record<string, string>;
    envelope: { from: string; to: string };
  };
  export type SentMessageInfo = { messageId: string; response: string; accepted: string[]; rejected: string[] };
  export type Transporter = {
    sendMail(mail: MailOptions): Promise<SentMessageInfo>;
    verify(): Promise<true>;
    close(): void;
  };
  /** Errors carry the SMTP reply when there was one: responseCode 4xx (transient) or 5xx (permanent). */
  export type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };
  export function createTransport(options: SmtpPoolOptions): Transporter;
  const nodemailer: { createTransport: typeof createTransport };
  export default nodemailer;
}
