import { describe, expect, it } from 'vitest';
import { formatBytes, storageText } from './persistent-storage';

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
