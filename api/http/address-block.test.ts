import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('keeps an IPv4 address as it is, and one written as IPv6 as the IPv4 address', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same block, however it is written', () => {
    const block = addressBlock('2001:db8:1:2::9');
    expect(block).toBe('2001:db8:1:2::/64');
    for (const address of ['2001:db8:1:2:3:4:5:6', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::', '2001:db8:1:2:0:0:1.2.3.4']) {
      expect(addressBlock(address)).toBe(block);
    }
  });

  it('gives neighbouring /64s blocks of their own', () => {
    expect(addressBlock('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
  });

  it("drops a link-local address's interface, and passes on what is no address at all", () => {
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
