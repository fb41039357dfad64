import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('names the page before the product', () => {
    expect(documentTitle('Products')).toBe('Products · Wholesale Menus');
  });

  it('is the product alone when the page has no title yet', () => {
    expect(documentTitle(null)).toBe('Wholesale Menus');
  });
});
