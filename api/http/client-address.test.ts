import { describe, expect, it } from 'vitest';
import { clientAddressBehind } from './authenticate';

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
