import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret';

const KEY = Buffer.alloc(32, 1);

describe('sealed secrets', () => {
  it('open with the key and the context they were sealed for, and show nothing of the secret', () => {
    const sealed = sealSecret(KEY, 'user-key-abc', 'metrc:team-1');
    expect(sealed).not.toContain('user-key-abc');
    expect(sealed).not.toBe(sealSecret(KEY, 'user-key-abc', 'metrc:team-1'));
    expect(openSecret(KEY, sealed, 'metrc:team-1')).toBe('user-key-abc');
  });

  it('do not open with another key, for another context, or once altered', () => {
    const sealed = sealSecret(KEY, 'user-key-abc', 'metrc:team-1');
    expect(openSecret(Buffer.alloc(32, 2), sealed, 'metrc:team-1')).toBeNull();
    expect(openSecret(KEY, sealed, 'metrc:team-2')).toBeNull();
    const [version, iv, tag, data] = sealed.split(':');
    const altered = Buffer.from(data!, 'base64');
    altered[0]! ^= 1;
    expect(openSecret(KEY, [version, iv, tag, altered.toString('base64')].join(':'), 'metrc:team-1')).toBeNull();
    expect(openSecret(KEY, 'not sealed', 'metrc:team-1')).toBeNull();
  });
});
