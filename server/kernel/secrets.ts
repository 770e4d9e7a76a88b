import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeSecretsKey, type Config } from '../config';
import { DomainError } from '../errors';

/*
 * Secrets at rest (provider credentials, webhook signing secrets): AES-256-GCM with a 96-bit random
 * nonce, the key from SECRETS_KEY (docs/decisions/038). A sealed value reads
 * `sb1.<key id>.<nonce>.<ciphertext and tag>` (base64url): the key id names the key that sealed it,
 * so a rotated key (SECRETS_KEY_PREVIOUS) still opens what it sealed and start-up re-seals it under
 * the current one. Each value is bound to where it is stored (the `context`, GCM's additional data):
 * a sealed value copied into another row or organization does not open.
 */

const VERSION = 'sb1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A value that does not open: altered, sealed for another place, or under a key this server lacks. */
export class SecretError extends Error {
  override name = 'SecretError';
}

/** The sealing keys of one configuration: the current one (null when secrets cannot be stored) and every key that opens. */
export type Keyring = {
  current: { id: string; key: Buffer } | null;
  /** Why there is no current key, said to whoever tries to store a secret. */
  unavailable: string | null;
  /** Where the current key comes from. */
  source: 'environment' | 'data-dir' | null;
  opening: Map<string, Buffer>;
};

/** A key's public name: the start of a hash of it, which says which key sealed a value and nothing of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('switchboard secrets key id\0').update(key).digest('hex').slice(0, 8);
}

export const KEY_FILE = 'secrets.key';

/**
 * The key kept in DATA_DIR when SECRETS_KEY is unset: made once (0600), then read. Made under a
 * temporary name and linked into place, so two processes starting at once agree on one key.
 */
export function dataDirKey(dataDir: string): Buffer {
  const file = path.resolve(dataDir, KEY_FILE);
  const read = () => {
    const key = decodeSecretsKey(readFileSync(file, 'utf8').trim());
    if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits or base64); restore it from a backup, or set SECRETS_KEY`);
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return read();
}

export const NO_KEY_MESSAGE = 'Secrets cannot be stored on this server: set SECRETS_KEY (32 bytes, e.g. openssl rand -base64 32) in its environment';

/**
 * SECRETS_KEY when set. Unset: the key in DATA_DIR, except on Postgres in production — there the
 * processes may run on several machines, each with its own DATA_DIR, and a key beside one of them
 * would not open what another sealed; storing a secret is refused instead.
 */
export function buildKeyring(config: Pick<Config, 'secrets' | 'dataDir' | 'databaseUrl' | 'nodeEnv'>): Keyring {
  const opening = new Map<string, Buffer>();
  for (const key of config.secrets.previousKeys) opening.set(keyIdOf(key), key);
  let key = config.secrets.key;
  let source: Keyring['source'] = key ? 'environment' : null;
  if (!key && !(config.databaseUrl && config.nodeEnv === 'production')) {
    key = dataDirKey(config.dataDir);
    source = 'data-dir';
  }
  if (!key) return { current: null, unavailable: NO_KEY_MESSAGE, source, opening };
  const id = keyIdOf(key);
  opening.set(id, key);
  return { current: { id, key }, unavailable: null, source, opening };
}

const keyrings = new WeakMap<object, Keyring>();

/** The keyring of this configuration, built once. */
export function keyring(config: Pick<Config, 'secrets' | 'dataDir' | 'databaseUrl' | 'nodeEnv'>): Keyring {
  let ring = keyrings.get(config);
  if (!ring) {
    ring = buildKeyring(config);
    keyrings.set(config, ring);
  }
  return ring;
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** Seals with the keyring's current key; UNAVAILABLE (naming SECRETS_KEY) when there is none. */
export function seal(ring: Keyring, plaintext: string, context: string): string {
  if (!ring.current) throw new DomainError('UNAVAILABLE', ring.unavailable ?? NO_KEY_MESSAGE);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, ring.current.id, nonce.toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed value stored at `context`; SecretError when it was altered, moved, or sealed under an unknown key. */
export function open(ring: Keyring, sealed: string, context: string): string {
  const [version, id, nonceText, bodyText, ...rest] = sealed.split('.');
  if (version !== VERSION || !id || !nonceText || !bodyText || rest.length > 0) throw new SecretError(`The stored secret at ${context} is not a sealed value`);
  const key = ring.opening.get(id);
  if (!key) throw new SecretError(`The stored secret at ${context} was sealed under key ${id}, which this server does not have (SECRETS_KEY, SECRETS_KEY_PREVIOUS)`);
  const nonce = Buffer.from(nonceText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SecretError(`The stored secret at ${context} is damaged`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretError(`The stored secret at ${context} does not open: it was altered, or sealed for another place`);
  }
}

/** True when a sealed value is under an older key than the current one (start-up re-seals it). */
export function sealedUnderOldKey(ring: Keyring, sealed: string): boolean {
  return ring.current !== null && isSealed(sealed) && sealed.split('.')[1] !== ring.current.id;
}

/** Seals with this configuration's key (see seal). */
export const sealSecret = (config: Config, plaintext: string, context: string) => seal(keyring(config), plaintext, context);
/** Opens with this configuration's keys (see open). */
export const openSecret = (config: Config, sealed: string, context: string) => open(keyring(config), sealed, context);
