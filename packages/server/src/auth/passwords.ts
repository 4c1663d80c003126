import { PASSWORD_POLICY } from '@curlew/domain';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { validationError } from '../platform/errors.ts';

// The Algorithm const enum cannot be imported under verbatimModuleSyntax; 2 is Argon2id.
const ARGON2ID = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Message when a password is in the common-password list. */
const COMMON_PASSWORD_MESSAGE = 'This password is too common';

/** The password policy as GET /api/auth/password-policy answers it. */
export const PASSWORD_POLICY_ANSWER = {
  minLength: PASSWORD_POLICY.minLength,
  maxLength: PASSWORD_POLICY.maxLength,
  commonPasswordsRefused: true,
  text:
    `Use ${PASSWORD_POLICY.minLength} to ${PASSWORD_POLICY.maxLength} characters. ` +
    'Any characters may be used; a long phrase is easiest to remember. Common passwords are refused.',
} as const;

let commonPasswords: ReadonlySet<string> | undefined;

/** True when the password (ignoring case) is in the common-password list of @zxcvbn-ts/language-common. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary.passwords.map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Throws a 422 on `path` when the password is common (length is checked by the shared zod schema). */
export function assertAcceptablePassword(password: string, path = 'password'): void {
  if (isCommonPassword(password)) throw validationError(path, COMMON_PASSWORD_MESSAGE);
}

/** An argon2id hash of the password. */
export const hashPassword = (password: string): Promise<string> => hash(password, HASH_OPTIONS);

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown user, or an invitation not yet completed)
 * it still spends the time of a real check, so the answer time does not reveal which usernames exist.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy password for timing');
    await verify(await decoyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
