import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { waitsInVain } from './subscription-status';

describe('waitsInVain', () => {
  it('says the server cannot be reached for a read that got no answer, whatever the connection now', () => {
    expect(waitsInVain({ kind: 'error', error: new NetworkError(true) }, 'online')).toBe(true);
    expect(waitsInVain({ kind: 'error', error: new NetworkError() }, 'unreachable')).toBe(true);
  });

  it('says so at once for a read still out while the app knows no answer comes', () => {
    expect(waitsInVain({ kind: 'loading' }, 'unreachable')).toBe(true);
    expect(waitsInVain({ kind: 'loading' }, 'offline')).toBe(true);
    expect(waitsInVain({ kind: 'loading' }, 'online')).toBe(false);
  });

  it("leaves the server's own refusals and answers to the screen", () => {
    expect(waitsInVain({ kind: 'error', error: new ApiError(500, '', 'Internal Server Error') }, 'online')).toBe(false);
    expect(waitsInVain({ kind: 'ready', value: {} }, 'unreachable')).toBe(false);
  });
});
