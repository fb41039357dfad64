import { describe, expect, it } from 'vitest';
import { isIosSafari, isStandalone } from './install-platform';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_OLD = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
const IPADOS_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPOD = 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('isIosSafari', () => {
  it('recognises iPhone, iPod and older iPad user agents', () => {
    expect(isIosSafari(IPHONE_SAFARI, 'iPhone', 5)).toBe(true);
    expect(isIosSafari(IPOD, 'iPod', 5)).toBe(true);
    expect(isIosSafari(IPAD_OLD, 'iPad', 5)).toBe(true);
  });

  it('recognises an iPad that reports itself as a Mac by its touch points', () => {
    expect(isIosSafari(IPADOS_DESKTOP_MODE, 'MacIntel', 5)).toBe(true);
  });

  it('does not take a Mac without touch for an iPad', () => {
    expect(isIosSafari(IPADOS_DESKTOP_MODE, 'MacIntel', 0)).toBe(false);
    expect(isIosSafari(IPADOS_DESKTOP_MODE, 'MacIntel', 1)).toBe(false);
  });

  it('rejects Android and desktop browsers', () => {
    expect(isIosSafari(ANDROID_CHROME, 'Linux armv8l', 5)).toBe(false);
    expect(isIosSafari(WINDOWS_CHROME, 'Win32', 10)).toBe(false);
    expect(isIosSafari('', '', 0)).toBe(false);
  });
});

describe('isStandalone', () => {
  it('is true when the display mode is standalone', () => {
    expect(isStandalone(true, undefined)).toBe(true);
    expect(isStandalone(true, false)).toBe(true);
  });

  it('is true when iOS reports navigator.standalone', () => {
    expect(isStandalone(false, true)).toBe(true);
  });

  it('is false in a browser tab', () => {
    expect(isStandalone(false, undefined)).toBe(false);
    expect(isStandalone(false, false)).toBe(false);
  });
});
