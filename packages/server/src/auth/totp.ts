import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

const totpFor = (secret: string, label = 'Curlew'): TOTP =>
  new TOTP({
    issuer: 'Curlew',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random TOTP secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads (usually from a QR code). */
export const totpUrl = (secret: string, username: string): string => totpFor(secret, username).toString();

/** The code an authenticator shows at `at` (used by tests and the demo). */
export const totpCode = (secret: string, at: Date): string =>
  totpFor(secret).generate({ timestamp: at.getTime() });

/**
 * Checks a code, allowing one period of clock drift either way. Answers the accepted time step, or null when
 * the code is wrong or its time step was already used (a code works once).
 */
export function acceptTotpCode(
  secret: string,
  code: string,
  at: Date,
  lastCounter: number | null,
): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const counter = Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastCounter !== null && counter <= lastCounter ? null : counter;
}
