import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, STRONG_HASHING, TEST_HASHING, verifyPassword } from './password';

describe('password hashes', () => {
  it('verify at whichever cost they were made, so a database may hold both', async () => {
    for (const cost of [STRONG_HASHING, TEST_HASHING]) {
      const passwordHash = await hashPassword('correct horse battery', cost);
      expect(passwordHash).toContain(`$argon2id$v=19$m=${cost.memoryCost},t=${cost.timeCost},p=${cost.parallelism}$`);
      expect(await verifyPassword(passwordHash, 'correct horse battery')).toBe(true);
      expect(await verifyPassword(passwordHash, 'correct horse battery!')).toBe(false);
    }
  });

  it('make the decoy at the cost real accounts are hashed at', async () => {
    expect(await decoyPasswordHash(STRONG_HASHING)).toContain(`$m=${STRONG_HASHING.memoryCost},t=${STRONG_HASHING.timeCost},`);
    expect(await decoyPasswordHash(TEST_HASHING)).toContain(`$m=${TEST_HASHING.memoryCost},t=${TEST_HASHING.timeCost},`);
  });

  it('never verify what is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
