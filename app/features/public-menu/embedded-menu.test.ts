import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { embeddedMenuJson } from './embedded-menu';

const menu = { menu: { name: 'Harvest </script><script>alert(1)</script>' }, products: [], seller: { businessName: 'Line\u2028break' } } as unknown as PublicMenu;

describe('the menu written into a page', () => {
  it('cannot close its script element, and reads back as it was', () => {
    const json = embeddedMenuJson({ publicLinkId: 'sample', menu });
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ publicLinkId: 'sample', menu });
  });
});
