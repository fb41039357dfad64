import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { savedMenuAvailable } from './saved-menu-availability';

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
