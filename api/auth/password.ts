/**
 * Password hashing with Argon2id. Servers hash at OWASP's recommended minimum
 * (19 MiB of memory, 2 passes, 1 lane): memory-hard, so guessing at scale is
 * costly. Test servers, which register thousands of throw-away accounts, hash
 * at Argon2's lowest cost instead; verifying reads the cost from the hash, so
 * hashes of either cost keep verifying.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export type PasswordHashing = { readonly memoryCost: number; readonly timeCost: number; readonly parallelism: number };

export const STRONG_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Only ever chosen by NODE_ENV=test (see readEnv). */
export const TEST_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so timing does
 * not reveal which emails are registered: at the cost real accounts are hashed at.
 */
const decoyHashes = new Map<PasswordHashing, Promise<string>>();
export function decoyPasswordHash(cost: PasswordHashing): Promise<string> {
  let decoy = decoyHashes.get(cost);
  if (!decoy) {
    decoy = hashPassword('decoy-password-for-unknown-accounts', cost);
    decoyHashes.set(cost, decoy);
  }
  return decoy;
}
