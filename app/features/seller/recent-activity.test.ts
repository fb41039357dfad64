import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { recentActivity } from './recent-activity';

const product = (id: string, strainName: string, createdAt: string, updatedAt = createdAt) =>
  ({ id, strainName, createdAt, updatedAt }) as Product;
const menu = (id: string, name: string, createdAt: string, updatedAt = createdAt) => ({ id, name, createdAt, updatedAt }) as Menu;

describe('recentActivity', () => {
  it('lists products and menus together, newest change first, saying whether each was added or updated', () => {
    const entries = recentActivity(
      [product('p1', 'Blue Dream', '2026-01-01T10:00:00Z'), product('p2', 'Gelato', '2026-01-01T09:00:00Z', '2026-01-03T09:00:00Z')],
      [menu('m1', 'Fall Menu', '2026-01-02T12:00:00Z')],
    );
    expect(entries.map((entry) => entry.text)).toEqual(['Updated product Gelato', 'Created menu Fall Menu', 'Added product Blue Dream']);
    expect(entries[1]!.href).toBe('/menu-builder/m1');
  });

  it('keeps only the latest few', () => {
    const products = Array.from({ length: 8 }, (_, i) => product(`p${i}`, `Strain ${i}`, `2026-01-0${i + 1}T00:00:00Z`));
    expect(recentActivity(products, [], 3).map((entry) => entry.text)).toEqual(['Added product Strain 7', 'Added product Strain 6', 'Added product Strain 5']);
  });

  it('is empty for a new seller', () => {
    expect(recentActivity([], [])).toEqual([]);
  });
});
