import { hash, verify } from '@node-rs/argon2';
import { authMessages } from '@shopfront/shared';
import { fieldError } from './http.ts';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): about 25 ms here.
 * `algorithm: 2` is Algorithm.Argon2id; the package's const enum does not survive isolatedModules.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string ($argon2id$v=19$m=19456,t=2,p=1$…) for the password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * True when `password` matches `phc`. With no hash (unknown account, or one without a password)
 * it still verifies against a dummy hash, so the answer takes as long either way.
 */
export async function verifyPassword(phc: string | null | undefined, password: string): Promise<boolean> {
  if (!phc) {
    dummyHash ??= hashPassword('shopfront-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** How many of the most common leaked passwords new passwords may not be (ADR 0011). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let commonPasswords: Promise<Set<string>> | null = null;

/**
 * True when `password`, in any case, is one of the COMMON_PASSWORDS_REFUSED most common leaked
 * passwords. The list (~49k ranked entries) is loaded on first use, once per process, and only
 * here: the storefront learns the verdict from the API's 422, so the list never reaches a browser.
 * For new passwords only; login never asks (an old password must keep working).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase())),
  );
  return (await commonPasswords).has(password.toLowerCase());
}

/** 422 on `password` with authMessages.passwordTooCommon when a new password is a common one. */
export async function assertNewPasswordAllowed(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError('password', authMessages.passwordTooCommon);
}
