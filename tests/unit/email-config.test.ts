import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const DKIM = { DKIM_DOMAIN: 'acme.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: privateKey };

describe('e-mail configuration', () => {
  it('defaults to the sandbox, Switchboard <no-reply@…> at the public host when it is a domain name, and 10 messages a second', () => {
    expect(loadConfig({}).email).toEqual({ smtpUrl: undefined, from: { name: 'Switchboard', address: 'no-reply@localhost' }, dkim: null, maxRate: 10, inboundSecret: undefined });
    expect(loadConfig({ PUBLIC_URL: 'https://www.crm.acme.com' }).email.from).toEqual({ name: 'Switchboard', address: 'no-reply@crm.acme.com' });
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).email.from.address).toBe('no-reply@localhost');
  });

  it('reads EMAIL_FROM as "Name <address>" or a bare address', () => {
    expect(loadConfig({ EMAIL_FROM: 'Acme CRM <No-Reply@Acme.com>' }).email.from).toEqual({ name: 'Acme CRM', address: 'no-reply@acme.com' });
    expect(loadConfig({ EMAIL_FROM: '"Acme, Inc." <hello@acme.com>' }).email.from).toEqual({ name: 'Acme, Inc.', address: 'hello@acme.com' });
    expect(loadConfig({ EMAIL_FROM: 'hello@acme.com' }).email.from).toEqual({ name: 'Switchboard', address: 'hello@acme.com' });
    expect(() => loadConfig({ EMAIL_FROM: 'Acme' })).toThrow('Invalid configuration: EMAIL_FROM must be an address, or a name and an address such as Acme <no-reply@acme.com> (got "Acme")');
  });

  it('takes smtp:// and smtps:// URLs only', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.acme.com:465' }).email.smtpUrl).toBe('smtps://user:secret@smtp.acme.com:465');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).email.smtpUrl).toBe('smtp://127.0.0.1:2525');
    // A URL may carry a password: the error does not repeat it.
    expect(() => loadConfig({ SMTP_URL: 'https://user:secret@smtp.acme.com' })).toThrow(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465 (got a value of 33 characters, not shown)',
    );
  });

  it('reads SMTP_MAX_RATE in messages per second', () => {
    expect(loadConfig({ SMTP_MAX_RATE: '2.5' }).email.maxRate).toBe(2.5);
    expect(() => loadConfig({ SMTP_MAX_RATE: '0' })).toThrow('Invalid configuration: SMTP_MAX_RATE must be between 0.1 and 10000 (got "0")');
    expect(() => loadConfig({ SMTP_MAX_RATE: 'fast' })).toThrow('Invalid configuration: SMTP_MAX_RATE must be a number (got "fast")');
  });

  it('takes DKIM all or nothing, with a PEM key whose line breaks may be written \\n', () => {
    expect(loadConfig(DKIM).email.dkim).toEqual({ domainName: 'acme.com', keySelector: 's1', privateKey });
    expect(loadConfig({ ...DKIM, DKIM_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n') }).email.dkim?.privateKey).toBe(privateKey);
    expect(() => loadConfig({ DKIM_DOMAIN: 'acme.com' })).toThrow('Invalid configuration: DKIM_SELECTOR is required when DKIM_DOMAIN is set (got "")');
    expect(() => loadConfig({ DKIM_DOMAIN: 'acme.com', DKIM_SELECTOR: 's1' })).toThrow('Invalid configuration: DKIM_PRIVATE_KEY is required when DKIM_DOMAIN and DKIM_SELECTOR are set (got "")');
    expect(() => loadConfig({ ...DKIM, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/^Invalid configuration: DKIM_PRIVATE_KEY must be a PEM private key/);
    expect(() => loadConfig({ ...DKIM, DKIM_DOMAIN: 'acme' })).toThrow('Invalid configuration: DKIM_DOMAIN must be a domain name such as acme.com (got "acme")');
  });

  it('takes an inbound secret of at least 16 characters', () => {
    expect(loadConfig({ EMAIL_INBOUND_SECRET: 'a'.repeat(32) }).email.inboundSecret).toBe('a'.repeat(32));
    expect(() => loadConfig({ EMAIL_INBOUND_SECRET: 'short' })).toThrow('Invalid configuration: EMAIL_INBOUND_SECRET must be at least 16 characters (got a value of 5 characters, not shown)');
  });
});
