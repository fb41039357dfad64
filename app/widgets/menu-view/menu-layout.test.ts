import { describe, expect, it } from 'vitest';
import { readMenuLayout } from './menu-layout';

describe('readMenuLayout', () => {
  it('reads the list only when the device chose it, and cards otherwise (as the server draws the page)', () => {
    expect(readMenuLayout('list')).toBe('list');
    expect(readMenuLayout('cards')).toBe('cards');
    expect(readMenuLayout(null)).toBe('cards');
    expect(readMenuLayout('tiles')).toBe('cards');
  });
});
