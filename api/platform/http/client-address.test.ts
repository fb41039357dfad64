import { describe, expect, it } from 'vitest';
import { clientAddressBehind } from '../../http/authenticate';
import { quotaKeyOf } from './client-address';

describe('clientAddressBehind', () => {
  it('uses the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressBehind('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9');
  });

  it('takes the right-most entry behind one proxy, so an entry the client wrote itself changes nothing', () => {
    expect(clientAddressBehind('10.0.0.2', '198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddressBehind('10.0.0.2', '6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddressBehind('10.0.0.2', '7.7.7.7, 6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
  });

  it('skips the inner proxies behind two', () => {
    expect(clientAddressBehind('10.0.0.3', '6.6.6.6, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
  });

  it('uses the left-most entry when there are fewer entries than proxies, and the peer when there are none', () => {
    expect(clientAddressBehind('10.0.0.3', '198.51.100.7', 3)).toBe('198.51.100.7');
    expect(clientAddressBehind('10.0.0.3', undefined, 1)).toBe('10.0.0.3');
  });
});

describe('quotaKeyOf', () => {
  it('keeps an IPv4 address as it is, with a port a proxy wrote left off', () => {
    expect(quotaKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(quotaKeyOf('203.0.113.9:8443')).toBe('203.0.113.9');
  });

  it('counts an IPv4 client that reached a dual-stack socket as the IPv4 address', () => {
    expect(quotaKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(quotaKeyOf('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(quotaKeyOf('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(quotaKeyOf('2001:db8:1:2::a')).toBe(key);
    expect(quotaKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(quotaKeyOf('2001:0DB8:0001:0002:0:0:0:1')).toBe(key);
    expect(quotaKeyOf('[2001:db8:1:2::1]:443')).toBe(key);
    expect(quotaKeyOf('2001:db8:1:2:3:4:198.51.100.7')).toBe(key);
    expect(quotaKeyOf('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
  });

  it('writes the /64 in its shortest form', () => {
    expect(quotaKeyOf('2001:db8::1')).toBe('2001:db8::/64');
    expect(quotaKeyOf('0:1::1')).toBe('0:1::/64');
    expect(quotaKeyOf('::1')).toBe('::/64');
    expect(quotaKeyOf('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('leaves what is not an address unchanged', () => {
    expect(quotaKeyOf('unknown')).toBe('unknown');
    expect(quotaKeyOf('2001:db8:::1')).toBe('2001:db8:::1');
  });
});
