import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { DomainError } from '../../server/errors';
import { buildKeyring, dataDirKey, isSealed, KEY_FILE, keyIdOf, open, seal, SecretError, sealedUnderOldKey } from '../../server/kernel/secrets';

const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString('base64');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ringOf = (env: Record<string, string>) => buildKeyring(loadConfig({ DATA_DIR: tempDir(), ...env }));

describe('secrets at rest (decision 038)', () => {
  it('round-trips a value, sealed anew each time, naming its key', () => {
    const ring = ringOf({ SECRETS_KEY: KEY_A });
    const first = seal(ring, 'auth-token-1234', 'provider_settings:org:twilio');
    const second = seal(ring, 'auth-token-1234', 'provider_settings:org:twilio');
    expect(first).not.toBe(second);
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain('auth-token');
    expect(first.split('.')[1]).toBe(keyIdOf(Buffer.from(KEY_A, 'hex')));
    expect(open(ring, first, 'provider_settings:org:twilio')).toBe('auth-token-1234');
    expect(open(ring, seal(ring, '', 'x'), 'x')).toBe('');
    expect(open(ring, seal(ring, 'é ✓ 𝄞', 'x'), 'x')).toBe('é ✓ 𝄞');
  });

  it('detects tampering: any changed byte of the nonce or ciphertext, or a value moved to another place', () => {
    const ring = ringOf({ SECRETS_KEY: KEY_A });
    const sealed = seal(ring, 'whsec_secret', 'webhook_endpoints:1');
    const [version, id, nonce, body] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at] = bytes[at]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, id, flip(nonce, 0), body],
      [version, id, nonce, flip(body, 0)],
      [version, id, nonce, flip(body, Buffer.from(body, 'base64url').length - 1)],
    ]) {
      expect(() => open(ring, altered.join('.'), 'webhook_endpoints:1')).toThrow(SecretError);
    }
    expect(() => open(ring, sealed, 'webhook_endpoints:2')).toThrow(/altered, or sealed for another place/);
    expect(() => open(ring, 'whsec_plain', 'webhook_endpoints:1')).toThrow(/not a sealed value/);
    expect(() => open(ring, `${version}.${id}.${nonce}`, 'webhook_endpoints:1')).toThrow(SecretError);
  });

  it('refuses to open with the wrong key, naming the key id; a previous key still opens, and is reported for re-sealing', () => {
    const sealed = seal(ringOf({ SECRETS_KEY: KEY_A }), 'kit-key', 'k');
    expect(() => open(ringOf({ SECRETS_KEY: KEY_B }), sealed, 'k')).toThrow(new RegExp(`key ${keyIdOf(Buffer.from(KEY_A, 'hex'))}`));
    const rotated = ringOf({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
    expect(open(rotated, sealed, 'k')).toBe('kit-key');
    expect(sealedUnderOldKey(rotated, sealed)).toBe(true);
    expect(sealedUnderOldKey(rotated, seal(rotated, 'kit-key', 'k'))).toBe(false);
  });

  it('without SECRETS_KEY keeps one key in DATA_DIR (0600), the same for every process', () => {
    const dir = tempDir();
    const first = dataDirKey(dir);
    expect(dataDirKey(dir).equals(first)).toBe(true);
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const ring = buildKeyring(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }));
    expect(ring.source).toBe('data-dir');
    expect(open(ring, seal(buildKeyring(loadConfig({ DATA_DIR: dir })), 'x', 'c'), 'c')).toBe('x');
    writeFileSync(path.join(dir, KEY_FILE), 'not a key\n');
    expect(() => dataDirKey(dir)).toThrow(/does not hold a 32-byte key/);
    expect(readFileSync(path.join(dir, KEY_FILE), 'utf8')).toBe('not a key\n');
  });

  it('on Postgres in production without SECRETS_KEY, refuses to store a secret and says what to set', () => {
    const ring = buildKeyring(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }));
    expect(ring.current).toBeNull();
    const attempt = () => seal(ring, 'x', 'c');
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(/set SECRETS_KEY/);
  });

  it('reads SECRETS_KEY as 64 hex digits or base64, and refuses anything else without repeating it', () => {
    expect(loadConfig({ SECRETS_KEY: KEY_A }).secrets.key?.length).toBe(32);
    expect(loadConfig({ SECRETS_KEY: KEY_B }).secrets.key?.length).toBe(32);
    expect(() => loadConfig({ SECRETS_KEY: 'short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: 'short-secret' })).toThrow(
      'Invalid configuration: SECRETS_KEY must be 32 bytes written as 64 hexadecimal digits or in base64 (openssl rand -base64 32) (got a value of 12 characters, not shown)',
    );
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${KEY_A},nope` })).toThrow(/SECRETS_KEY_PREVIOUS must be a comma-separated list/);
    expect(loadConfig({ SECRETS_KEY_PREVIOUS: `${KEY_A}, ${KEY_B}` }).secrets.previousKeys).toHaveLength(2);
  });
});
