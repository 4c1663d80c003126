import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, base64url-encoded, for cookies. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 of a value, hex-encoded: what the database keeps instead of tokens and codes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
