import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../platform/limits/rate-limited-error';
import { MENU_FULL, SERVER_FULL, StreamSlots } from './stream-slots';

describe('StreamSlots', () => {
  it('gives back a place once however often its stream closes', () => {
    const slots = new StreamSlots({ perProcess: 2 });
    const release = slots.take('198.51.100.1', 'menu-a');
    slots.take('198.51.100.2', 'menu-b');
    release();
    release();
    slots.take('198.51.100.3', 'menu-c');
    expect(() => slots.take('198.51.100.4', 'menu-d')).toThrow(SERVER_FULL);
  });

  it('refuses a full menu or process as unavailable, and an address holding its share as rate limited', () => {
    const slots = new StreamSlots({ perClient: 1, perMenu: 1 });
    slots.take('2001:db8::1', 'menu-a');
    expect(() => slots.take('198.51.100.9', 'menu-a')).toThrow(expect.objectContaining({ reason: 'unavailable', message: MENU_FULL, retryAfterSeconds: 30 }));
    expect(() => slots.take('2001:db8::2', 'menu-b')).toThrow(RateLimitedError);
    expect(() => slots.take('2001:db9::1', 'menu-b')).not.toThrow();
  });
});
