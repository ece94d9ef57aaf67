import { hash, verify, Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

// The 49,233 most common passwords (zxcvbn's list); a set, since every check looks one up.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `A password needs at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `A password has at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is among the most common ones; choose another';
  if (email && lower === email.toLowerCase()) return 'A password cannot be the email address';
  return undefined;
}

/** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password).catch(() => false);
}

// Verified against when the email is unknown, so a sign-in takes as long whether or not the account exists.
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy password that matches nothing');
  return decoy;
}
