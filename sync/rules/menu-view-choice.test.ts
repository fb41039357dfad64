import { describe, expect, it } from 'vitest';
import { menuViewSearch, readMenuView } from './menu-view-choice';

describe('readMenuView and menuViewSearch', () => {
  it('reads a category and a sort from the address', () => {
    expect(readMenuView('?category=edible&sort=price-high')).toEqual({ category: 'edible', sort: 'price-high' });
  });

  it('reads an empty, unknown or missing value as the default', () => {
    expect(readMenuView('?category=&sort=menu')).toEqual({ category: 'all', sort: 'menu' });
    expect(readMenuView('?category=<script>&sort=cheapest')).toEqual({ category: 'all', sort: 'menu' });
    expect(readMenuView('')).toEqual({ category: 'all', sort: 'menu' });
  });

  it('names only what differs from the default, and reads back what it wrote', () => {
    expect(menuViewSearch({ category: 'all', sort: 'menu' })).toBe('');
    expect(menuViewSearch({ category: 'flower', sort: 'menu' })).toBe('?category=flower');
    const choice = { category: 'vape', sort: 'thc' } as const;
    expect(readMenuView(menuViewSearch(choice))).toEqual(choice);
  });
});
