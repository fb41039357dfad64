import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-subscription';
import { blockedText, pushSupport, UNSUPPORTED_TEXT, type PushEnvironment } from './push-support';

const CHROMIUM: PushEnvironment = { serviceWorker: true, pushManager: true, notification: true, ios: false, standalone: false };

describe('pushSupport', () => {
  it('is supported with a service worker, PushManager and notifications', () => {
    expect(pushSupport(CHROMIUM)).toBe('supported');
    expect(pushSupport({ ...CHROMIUM, ios: true, standalone: true })).toBe('supported');
  });

  it('asks iPhone and iPad users to add the app to the Home Screen first', () => {
    const safariTab = { ...CHROMIUM, pushManager: false, ios: true, standalone: false };
    expect(pushSupport(safariTab)).toBe('add-to-home-screen');
    expect(UNSUPPORTED_TEXT[pushSupport(safariTab) as 'add-to-home-screen']).toBe('Add the app to your Home Screen to turn on notifications.');
  });

  it('says plainly when the browser has no push', () => {
    expect(pushSupport({ ...CHROMIUM, pushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...CHROMIUM, serviceWorker: false })).toBe('unsupported');
    expect(pushSupport({ ...CHROMIUM, notification: false })).toBe('unsupported');
    // An installed app on an iOS before 16.4.
    expect(pushSupport({ ...CHROMIUM, pushManager: false, ios: true, standalone: true })).toBe('unsupported');
    expect(UNSUPPORTED_TEXT.unsupported).toBe('This browser cannot show notifications.');
  });
});

describe('blockedText', () => {
  it('says where the refusal is undone', () => {
    expect(blockedText(false)).toMatch(/site settings/);
    expect(blockedText(true)).toMatch(/Settings > Notifications/);
  });
});

describe('base64UrlToBytes', () => {
  it('reads an unpadded base64url key', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQIDBA')]).toEqual([1, 2, 3, 4]);
  });
});
