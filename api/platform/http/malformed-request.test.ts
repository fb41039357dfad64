import { describe, expect, it } from 'vitest';
import { isWellFormedHost } from './malformed-request';

describe('isWellFormedHost', () => {
  it('takes the hosts browsers and proxies send: names, IPv4 and bracketed IPv6 addresses, with a port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'menus.example',
      'MENUS.Example.',
      'api-1.menus.example:443',
      'my_host',
      '127.0.0.1:65535',
      '[::1]',
      '[::1]:3000',
      '[2001:db8::1]:8080',
    ]) {
      expect(isWellFormedHost(host), host).toBe(true);
    }
  });

  it('refuses what names no host', () => {
    for (const host of [
      '',
      'evil example',
      'evil.example:99999',
      'evil.example:',
      '[::1',
      '::1',
      'user@evil.example',
      'evil.example/path',
      'evil.example\\path',
      '*',
      '-evil.example',
      'evil..example',
      `${'a'.repeat(64)}.example`,
    ]) {
      expect(isWellFormedHost(host), host).toBe(false);
    }
    expect(isWellFormedHost(undefined)).toBe(false);
  });
});
