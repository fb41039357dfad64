import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { NO_LONGER_AVAILABLE, savedMenuTitle } from './saved-menu-availability';

const NOW = new Date('2031-06-02T09:00:00.000Z');
const copyOf = (linkExpiresAt: string | null) => ({ snapshot: { menu: { linkExpiresAt } } as PublicMenu });

describe('savedMenuAvailable', () => {
  it('shows a copy whose link never expires or has not expired yet', () => {
    expect(savedMenuAvailable(copyOf(null), NOW)).toBe(true);
    expect(savedMenuAvailable(copyOf('2031-06-02T09:00:01.000Z'), NOW)).toBe(true);
  });

  it('takes off the air a copy whose link expired since the last pull, and one the server sent no menu for', () => {
    expect(savedMenuAvailable(copyOf('2031-06-02T09:00:00.000Z'), NOW)).toBe(false);
    expect(savedMenuAvailable({ snapshot: null }, NOW)).toBe(false);
  });
});

describe('savedMenuTitle', () => {
  const menu = { name: 'Autumn Flower' } as SavedMenuListItem['menu'];

  it("keeps the name of a closed seller's menu, and shows none for a dead link's copy", () => {
    expect(savedMenuTitle({ ...copyOf(null), withdrawnAt: null, menu }, NOW)).toBe('Autumn Flower');
    expect(savedMenuTitle({ snapshot: null, withdrawnAt: '2031-06-01T00:00:00.000Z', menu }, NOW)).toBe('Autumn Flower');
    expect(savedMenuTitle({ snapshot: null, withdrawnAt: '2031-06-01T00:00:00.000Z', menu: { ...menu, name: '' } }, NOW)).toBe(NO_LONGER_AVAILABLE);
    expect(savedMenuTitle({ snapshot: null, withdrawnAt: null, menu: { ...menu, name: '' } }, NOW)).toBe(NO_LONGER_AVAILABLE);
  });
});
