import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens';

const SECRET = 'a-secret-for-token-tests-0123456789abcdef';
const claims = { userId: 'user-1', sid: 'session-1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenSigner.verify', () => {
  it('gives the claims of a token it signed, the second time too', async () => {
    const signer = new TokenSigner(SECRET);
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('refuses a token once it has expired, though it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = new TokenSigner(SECRET);
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered', async () => {
    const signer = new TokenSigner(SECRET);
    const other = await new TokenSigner(`${SECRET}-other`).sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(other)).toBeNull();
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});
