/** Complete entities for tests, with every field filled; a test names only the fields it cares about. */
import { COLLECTION_NAMES } from '../contract/collections';
import type { PullResponse } from '../contract/protocol';
import { ORDER_WORKING_SET_DAYS } from '../rules/order-working-set';
import type { Menu } from '../entities/menu';
import type { Order } from '../entities/order';
import type { Product } from '../entities/product';
import type { User } from '../entities/user';

export const FIXTURE_TIME = '2025-03-01T12:00:00.000Z';

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'seller@test.example',
    firstName: 'Sally',
    lastName: null,
    profileImageUrl: null,
    role: 'seller',
    businessName: null,
    businessType: null,
    licenseNumber: null,
    contactInfo: null,
    companyName: null,
    address: null,
    city: null,
    state: null,
    zipCode: null,
    phoneNumber: null,
    menuCoverUrl: null,
    accentColor: null,
    subscriptionStatus: 'trial',
    trialEndsAt: null,
    pastDueSince: null,
    emailConfirmedAt: null,
    disabled: false,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    userId: '00000000-0000-4000-8000-000000000001',
    strainName: 'Blue Dream',
    description: null,
    category: 'flower',
    thcPercentage: null,
    cbdPercentage: null,
    thcBelowDetection: false,
    cbdBelowDetection: false,
    pricePerUnit: null,
    unitType: 'oz',
    availableQuantity: '0.000',
    lotSize: 1,
    photoUrl: null,
    photoIds: [],
    labResultId: null,
    sku: null,
    metrcPackageLabel: null,
    batchNumber: null,
    labTestingState: null,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

export function menuFixture(overrides: Partial<Menu> = {}): Menu {
  return {
    id: '00000000-0000-4000-8000-000000000005',
    userId: '00000000-0000-4000-8000-000000000001',
    name: 'Fall menu',
    description: 'Fresh',
    publicLinkId: '00000000-0000-4000-8000-000000000006',
    isPublic: true,
    linkExpiresAt: null,
    productIds: [],
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: '00000000-0000-4000-8000-000000000003',
    number: 'SO-1001',
    sellerTeamId: '00000000-0000-4000-8000-000000000001',
    sellerName: 'Green Acres',
    buyerTeamId: null,
    customerId: '00000000-0000-4000-8000-000000000004',
    customerName: 'Corner Dispensary',
    menuId: null,
    status: 'submitted',
    resumeStatus: null,
    paymentStatus: 'unpaid',
    lines: [],
    subtotal: '100.00',
    total: '100.00',
    amountPaid: '0.00',
    credit: '0.00',
    paymentTerms: 'cod',
    deliveredAt: null,
    dueAt: null,
    overdue: false,
    note: '',
    history: [],
    payments: [],
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

/** A pull answer for `user` that brings nothing but `changes`. */
export function pullFixture(user: User, changes: Partial<PullResponse> = {}): PullResponse {
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []]));
  return { cursor: 1, lastProcessedSeq: 0, user, ...collections, photos: [], deleted: [], keepClosedDays: ORDER_WORKING_SET_DAYS, ...changes } as PullResponse;
}
