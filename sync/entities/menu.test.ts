import { describe, expect, it } from 'vitest';
import { menuReachable } from './menu';

const NOW = new Date('2031-06-02T09:00:00.000Z');
const LINK = '5a3b1e00-0000-4000-8000-000000000042';
const OLD_LINK = '5a3b1e00-0000-4000-8000-000000000041';
const live = { disabled: false };
const privateMenu = { isPublic: false, publicLinkId: LINK, linkExpiresAt: null };
const publicMenu = { ...privateMenu, isPublic: true };

describe('whether a buyer reaches a menu', () => {
  it('through its current link, until the moment the link expires', () => {
    expect(menuReachable(privateMenu, live, { link: LINK }, NOW)).toBe(true);
    expect(menuReachable({ ...privateMenu, linkExpiresAt: '2031-06-02T09:00:00.001Z' }, live, { link: LINK }, NOW)).toBe(true);
    expect(menuReachable({ ...privateMenu, linkExpiresAt: NOW.toISOString() }, live, { link: LINK }, NOW)).toBe(false);
    expect(menuReachable({ ...publicMenu, linkExpiresAt: '2031-06-01T09:00:00.000Z' }, live, { link: undefined }, NOW)).toBe(false);
  });

  it('never through a link it no longer has, nor an unknown one, even when it is public-listing', () => {
    for (const menu of [privateMenu, publicMenu]) {
      expect(menuReachable(menu, live, { link: OLD_LINK }, NOW)).toBe(false);
      expect(menuReachable(menu, live, { link: 'sample' }, NOW)).toBe(false);
    }
  });

  it('with no link only when it is public-listing', () => {
    expect(menuReachable(publicMenu, live, { link: undefined }, NOW)).toBe(true);
    expect(menuReachable(privateMenu, live, { link: undefined }, NOW)).toBe(false);
  });

  it('from a saved copy or a conversation while its link is the one recorded, or it is public-listing', () => {
    expect(menuReachable(privateMenu, live, { recordedLink: LINK }, NOW)).toBe(true);
    expect(menuReachable(privateMenu, live, { recordedLink: OLD_LINK }, NOW)).toBe(false);
    expect(menuReachable(privateMenu, live, { recordedLink: null }, NOW)).toBe(false);
    expect(menuReachable(publicMenu, live, { recordedLink: OLD_LINK }, NOW)).toBe(true);
    expect(menuReachable({ ...publicMenu, linkExpiresAt: NOW.toISOString() }, live, { recordedLink: LINK }, NOW)).toBe(false);
  });

  it('never once its seller is disabled or gone', () => {
    expect(menuReachable(publicMenu, { disabled: true }, { link: LINK }, NOW)).toBe(false);
    expect(menuReachable(publicMenu, null, { recordedLink: LINK }, NOW)).toBe(false);
  });
});
