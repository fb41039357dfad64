import { describe, expect, it } from 'vitest';
import { backToState, readBackTo } from './back-to';

describe('readBackTo', () => {
  it('reads the place a page was opened from', () => {
    expect(readBackTo(backToState('/browse?q=kush', 'Browse'))).toEqual({ path: '/browse?q=kush', label: 'Browse' });
  });

  it('follows only paths inside the app', () => {
    expect(readBackTo(null)).toBeNull();
    expect(readBackTo({})).toBeNull();
    expect(readBackTo({ backTo: { path: 'https://elsewhere.example/', label: 'Elsewhere' } })).toBeNull();
    expect(readBackTo({ backTo: { path: '//elsewhere.example/', label: 'Elsewhere' } })).toBeNull();
    expect(readBackTo({ backTo: { path: '/browse' } })).toBeNull();
  });
});
