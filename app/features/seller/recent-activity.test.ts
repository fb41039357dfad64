import { describe, expect, it } from 'vitest';
import type { SellerEvent } from '../../../sync/entities/insights';
import type { Inquiry } from '../../../sync/entities/inquiry';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { recentActivity } from './recent-activity';

const product = (id: string, strainName: string, createdAt: string, updatedAt = createdAt) => ({ id, strainName, createdAt, updatedAt }) as Product;
const menu = (id: string, name: string, createdAt: string, updatedAt = createdAt) => ({ id, name, createdAt, updatedAt }) as Menu;
const event = (id: string, kind: SellerEvent['kind'], createdAt: string): SellerEvent => ({
  id,
  kind,
  menuId: 'm1',
  menuName: 'Fall Menu',
  buyerId: 'b1',
  buyerName: 'Corner Dispensary',
  createdAt,
  readAt: null,
});
const inquiry = (id: string, kind: Inquiry['kind'], createdAt: string) => ({ id, kind, buyerName: 'Leaf Lounge', menuName: 'Fall Menu', createdAt }) as Inquiry;

describe('recentActivity', () => {
  it('lists products and menus together, newest change first, saying whether each was added or updated', () => {
    const entries = recentActivity({
      products: [product('p1', 'Blue Dream', '2026-01-01T10:00:00Z'), product('p2', 'Gelato', '2026-01-01T09:00:00Z', '2026-01-03T09:00:00Z')],
      menus: [menu('m1', 'Fall Menu', '2026-01-02T12:00:00Z')],
    });
    expect(entries.map((entry) => entry.text)).toEqual(['Updated product Gelato', 'Created menu Fall Menu', 'Added product Blue Dream']);
    expect(entries[1]!.href).toBe('/menu-builder/m1');
  });

  it('puts what buyers did among them: openings, saves, messages and order requests', () => {
    const entries = recentActivity({
      products: [product('p1', 'Blue Dream', '2026-01-01T10:00:00Z')],
      menus: [],
      events: [event('e1', 'menu_opened', '2026-01-02T10:00:00.000Z'), event('e2', 'menu_saved', '2026-01-04T10:00:00.000Z')],
      inquiries: [inquiry('i1', 'order', '2026-01-05T10:00:00.000Z'), inquiry('i2', 'message', '2026-01-03T10:00:00.000Z')],
    });
    expect(entries.map((entry) => [entry.text, entry.href])).toEqual([
      ['Order request from Leaf Lounge about Fall Menu', '/inbox?id=i1'],
      ['Corner Dispensary saved Fall Menu', '/menus/m1/insights'],
      ['Message from Leaf Lounge about Fall Menu', '/inbox?id=i2'],
      ['Corner Dispensary opened Fall Menu', '/menus/m1/insights'],
      ['Added product Blue Dream', '/products'],
    ]);
  });

  it('keeps only the latest few', () => {
    const products = Array.from({ length: 8 }, (_, i) => product(`p${i}`, `Strain ${i}`, `2026-01-0${i + 1}T00:00:00Z`));
    expect(recentActivity({ products, menus: [] }, 3).map((entry) => entry.text)).toEqual(['Added product Strain 7', 'Added product Strain 6', 'Added product Strain 5']);
  });

  it('is empty for a new seller', () => {
    expect(recentActivity({ products: [], menus: [] })).toEqual([]);
  });
});
