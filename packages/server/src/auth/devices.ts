import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions } from './sessions.ts';
import { sameDigest } from './tokens.ts';

/** Name of the cookie that marks a device a user has signed in on before. */
export const DEVICE_COOKIE = 'curlew_device';

/** A device stays known this long after its last successful sign-in. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** What the device mark is about: the user and the password hash it was earned with. */
interface DeviceOwner {
  id: string;
  passwordHash: string | null;
}

// Keyed by the user's password hash (a secret only the server holds): a password change forgets every device.
const signatureOf = (owner: DeviceOwner, issuedAt: number): string =>
  createHmac('sha256', owner.passwordHash ?? '')
    .update(`curlew-device:${owner.id}:${issuedAt}`)
    .digest('hex');

/** Marks this browser as one the user signed in on successfully (set at every full sign-in). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: DeviceOwner,
  now: Date,
): void {
  if (owner.passwordHash === null) return;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const value = `${owner.id}.${issuedAt}.${signatureOf(owner, issuedAt)}`;
  reply.setCookie(DEVICE_COOKIE, value, {
    ...cookieOptions(request, DEVICE_MAX_AGE_SECONDS),
    path: '/api/auth',
  });
}

/**
 * Whether the request comes from a browser the user signed in on with their current password within the last
 * 180 days: such a device is let through the per-account wait that an attacker guessing elsewhere causes.
 */
export function isKnownDevice(request: FastifyRequest, owner: DeviceOwner | undefined, now: Date): boolean {
  const value = request.cookies[DEVICE_COOKIE];
  if (!owner || owner.passwordHash === null || value === undefined || value.length > 200) return false;
  const [userId, issued, signature] = value.split('.');
  const issuedAt = Number(issued);
  if (userId !== owner.id || !Number.isInteger(issuedAt) || signature === undefined) return false;
  if (now.getTime() / 1000 - issuedAt > DEVICE_MAX_AGE_SECONDS) return false;
  return sameDigest(signature, signatureOf(owner, issuedAt));
}
