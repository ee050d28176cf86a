import { hash, verify } from '@node-rs/argon2';

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
