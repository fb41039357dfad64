import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, requestPersistentStorage, shouldAskToKeepStorage, storageText } from './persistent-storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('when to ask the browser to keep the data', () => {
  it('asks when a menu is saved or the app installed', () => {
    expect(shouldAskToKeepStorage({ kind: 'menu-saved' }, false)).toBe(true);
    expect(shouldAskToKeepStorage({ kind: 'app-installed' }, false)).toBe(true);
  });

  it('asks on opening only when the app runs installed, as Home Screen apps on iOS never fire an install event', () => {
    expect(shouldAskToKeepStorage({ kind: 'app-opened', installed: true }, false)).toBe(true);
    expect(shouldAskToKeepStorage({ kind: 'app-opened', installed: false }, false)).toBe(false);
  });

  it('asks when a change is queued with no signal (unsent work only this device holds), not when it goes at once', () => {
    expect(shouldAskToKeepStorage({ kind: 'change-queued', online: false }, false)).toBe(true);
    expect(shouldAskToKeepStorage({ kind: 'change-queued', online: true }, false)).toBe(false);
  });

  it('asks at most once a session', () => {
    expect(shouldAskToKeepStorage({ kind: 'menu-saved' }, true)).toBe(false);
    expect(shouldAskToKeepStorage({ kind: 'change-queued', online: false }, true)).toBe(false);
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persist } });
    requestPersistentStorage({ kind: 'change-queued', online: true });
    requestPersistentStorage({ kind: 'app-opened', installed: true });
    requestPersistentStorage({ kind: 'change-queued', online: false });
    requestPersistentStorage({ kind: 'menu-saved' });
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('formatBytes', () => {
  it('counts small amounts in bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(820)).toBe('820 bytes');
  });

  it('gives one decimal below ten and whole numbers above', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024 + 300_000)).toBe('12 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('moves to the next unit rather than showing 1024 of one', () => {
    expect(formatBytes(1024 * 1024 - 10)).toBe('1 MB');
    expect(formatBytes(1024)).toBe('1 KB');
  });
});

describe('storageText', () => {
  it('says whether the browser keeps the data and how much there is', () => {
    expect(storageText({ kept: true, usedBytes: 5 * 1024 * 1024 })).toBe('Storage: kept · this device holds 5 MB');
    expect(storageText({ kept: false, usedBytes: 2048 })).toBe('Storage: may be cleared by the browser · this device holds 2 KB');
    expect(storageText({ kept: false, usedBytes: null })).toBe('Storage: may be cleared by the browser');
  });
});
