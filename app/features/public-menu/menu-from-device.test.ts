import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { FIXTURE_TIME, productFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { menuFromDevice, photoIdsOf, type DeviceReplica } from './menu-from-device';

const seller = userFixture({ businessName: 'Great Lakes Cultivation', accentColor: '#336699', menuCoverUrl: `/uploads/${'c'.repeat(64)}.jpg`, licenseNumber: 'LIC-1' });
const LINK = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2025-03-02T12:00:00.000Z');

function menuFixture(overrides: Partial<Menu> = {}): Menu {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    userId: seller.id,
    name: 'Booth Menu',
    description: 'For the show',
    publicLinkId: LINK,
    isPublic: false,
    linkExpiresAt: null,
    productIds: [],
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

const kush = productFixture({ id: 'aaaaaaaa-0000-4000-8000-000000000001', strainName: 'Kush', pricePerUnit: '1200.00', photoIds: ['p-1', 'p-2'], labResultId: 'lab-1' });
const haze = productFixture({ id: 'aaaaaaaa-0000-4000-8000-000000000002', strainName: 'Haze', photoUrl: `/uploads/${'a'.repeat(64)}.jpg` });

function replicaWith(menus: Menu[], products: Product[] = [kush, haze], user = seller): DeviceReplica {
  return { user, menus: new Map(menus.map((menu) => [menu.id, menu])), products: new Map(products.map((product) => [product.id, product])) };
}

const devicePhotos: Record<string, string> = { 'p-1': 'blob:local-photo-1', 'lab-1': `/uploads/${'b'.repeat(64)}.png` };
const photoAddress = (id: string) => devicePhotos[id] ?? null;

describe("a seller's own menu drawn from the device", () => {
  it("shows the menu's products in its order with the photos the device has, and the seller's brand", () => {
    const menu = menuFixture({ productIds: [haze.id, kush.id] });
    const drawn = menuFromDevice(replicaWith([menu]), LINK, photoAddress, NOW);

    const { userId: _owner, ...withoutOwner } = menu;
    expect(drawn?.menu).toEqual(withoutOwner);
    expect(drawn?.products.map((product) => product.strainName)).toEqual(['Haze', 'Kush']);
    const [drawnHaze, drawnKush] = drawn!.products;
    expect(drawnHaze).toMatchObject({ photoUrl: haze.photoUrl, photos: [], labResultUrl: null });
    // A photo the device knows nothing of is left out rather than drawn broken.
    expect(drawnKush).toMatchObject({ pricePerUnit: '1200.00', photos: [{ id: 'p-1', url: 'blob:local-photo-1' }], labResultUrl: devicePhotos['lab-1'] });
    expect(drawnKush).not.toHaveProperty('userId');
    expect(drawn?.seller).toEqual({
      businessName: 'Great Lakes Cultivation',
      logoUrl: null,
      licenseNumber: 'LIC-1',
      contactInfo: null,
      phoneNumber: null,
      menuCoverUrl: seller.menuCoverUrl,
      accentColor: '#336699',
    });
  });

  it('leaves out a product no longer in the catalogue', () => {
    const menu = menuFixture({ productIds: ['aaaaaaaa-0000-4000-8000-00000000dead', kush.id] });
    expect(menuFromDevice(replicaWith([menu]), LINK, photoAddress, NOW)?.products.map((product) => product.id)).toEqual([kush.id]);
  });

  it('finds no menu for a link the replica does not hold, or an old link that was replaced', () => {
    const menu = menuFixture({ publicLinkId: '33333333-3333-4333-8333-333333333333' });
    expect(menuFromDevice(replicaWith([menu]), LINK, photoAddress, NOW)).toBeNull();
  });

  it('shows nothing a buyer could not open: an expired link, or a disabled account', () => {
    const expired = menuFixture({ linkExpiresAt: '2025-03-01T00:00:00.000Z' });
    expect(menuFromDevice(replicaWith([expired]), LINK, photoAddress, NOW)).toBeNull();
    expect(menuFromDevice(replicaWith([menuFixture()], [], { ...seller, disabled: true }), LINK, photoAddress, NOW)).toBeNull();
    const notYetExpired = menuFixture({ linkExpiresAt: '2025-03-03T00:00:00.000Z' });
    expect(menuFromDevice(replicaWith([notYetExpired]), LINK, photoAddress, NOW)?.menu.name).toBe('Booth Menu');
  });

  it('is only for the seller whose menu it is', () => {
    const signedOut: DeviceReplica = { ...replicaWith([menuFixture()]), user: null };
    expect(menuFromDevice(signedOut, LINK, photoAddress, NOW)).toBeNull();
    const buyer = userFixture({ role: 'buyer' });
    expect(menuFromDevice(replicaWith([menuFixture({ userId: buyer.id })], [], buyer), LINK, photoAddress, NOW)).toBeNull();
    const someoneElses = menuFixture({ userId: '99999999-9999-4999-8999-999999999999' });
    expect(menuFromDevice(replicaWith([someoneElses]), LINK, photoAddress, NOW)).toBeNull();
  });
});

describe('the photos a menu needs from the device', () => {
  it("lists each product's gallery and lab result, in the menu's order", () => {
    const menu = menuFixture({ productIds: [kush.id, haze.id, 'aaaaaaaa-0000-4000-8000-00000000dead'] });
    expect(photoIdsOf(menu, new Map([kush, haze].map((product) => [product.id, product])))).toEqual(['p-1', 'p-2', 'lab-1']);
  });
});
