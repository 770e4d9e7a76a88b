import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe secret carrying `bytes` bytes of CSPRNG entropy (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The only form in which secrets (session tokens, invite tokens, API keys) reach the database. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
