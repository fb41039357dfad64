/**
 * Every read of the app's read table (sync/contract/api-reads.ts), asked of the real
 * server by the person the screen belongs to, answers with what the read's
 * schema describes: the app parses each answer with that schema, so a server
 * that drifted from it would leave a screen showing a failure.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiReads, type ApiReadName, type ServerReadRequest } from '../../sync/contract/api-reads';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { MetrcStandIn, STAND_IN_VENDOR_KEY } from '../testing/metrc-stand-in';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

type World = { seller: AuthResponse; buyer: AuthResponse; admin: AuthResponse; menu: Menu; order: { id: string }; inviteToken: string; customerInviteLink: string };
type Party = 'seller' | 'buyer' | 'admin' | 'guest';

/** Each read as its screen asks it: with which parameters, and as whom. A read missing here does not compile. */
const ASKED: { [Name in ApiReadName]: (world: World) => { params: Parameters<(typeof apiReads)[Name]>; as: Party } } = {
  signedInUser: () => ({ params: [], as: 'seller' }),
  team: () => ({ params: [], as: 'seller' }),
  invitationPreview: ({ inviteToken }) => ({ params: [inviteToken], as: 'guest' }),
  customerInvitationPreview: ({ customerInviteLink }) => ({ params: [new URL(customerInviteLink).searchParams.get('token')!], as: 'guest' }),
  siteInfo: () => ({ params: [], as: 'guest' }),
  paymentConfig: () => ({ params: [], as: 'guest' }),
  subscriptionStatus: () => ({ params: [], as: 'seller' }),
  emailPreferences: () => ({ params: [], as: 'buyer' }),
  pushPreferences: () => ({ params: [], as: 'seller' }),
  pushKey: () => ({ params: [], as: 'guest' }),
  pendingEmailChange: () => ({ params: [], as: 'seller' }),
  accountExport: () => ({ params: [], as: 'seller' }),
  adminStats: () => ({ params: [], as: 'admin' }),
  adminGrowth: () => ({ params: [], as: 'admin' }),
  adminAccounts: () => ({ params: [{ role: 'seller' }], as: 'admin' }),
  adminAccountPage: () => ({ params: [{ search: 'North', sort: 'name', dir: 'asc', page: 1, pageSize: 25 }], as: 'admin' }),
  adminAccount: ({ seller }) => ({ params: [seller.user.id], as: 'admin' }),
  adminAudit: () => ({ params: [1], as: 'admin' }),
  browse: () => ({ params: [{ q: 'Gelato' }], as: 'buyer' }),
  browseSellers: () => ({ params: [], as: 'buyer' }),
  sellerDashboard: () => ({ params: [], as: 'seller' }),
  menuActivity: () => ({ params: [], as: 'seller' }),
  menuInsights: ({ menu }) => ({ params: [menu.id, 30], as: 'seller' }),
  order: ({ order }) => ({ params: [order.id], as: 'buyer' }),
  archivedOrders: () => ({ params: [{ status: 'cancelled', q: 'SO', keepClosedDays: 30, offset: 0, limit: 25 }], as: 'seller' }),
  metrcConnection: () => ({ params: [], as: 'seller' }),
  metrcPackages: () => ({ params: [], as: 'seller' }),
  publicMenu: ({ menu }) => ({ params: [menu.publicLinkId], as: 'guest' }),
};

let t: TestApp;
let world: World;

// The seller's team is connected to Metrc (a stand-in holding one package), so its reads answer as a connected team's.
const metrc = new MetrcStandIn('mi');
const METRC_KEY = 'user-key-reads';

beforeAll(async () => {
  const metrcBase = await metrc.start();
  metrc.addUser(METRC_KEY, { facilities: [{ licenseNumber: 'C11-0000001-LIC', name: 'North Star Farms' }], permissions: ['viewPackages'] });
  metrc.putSamplePackage('C11-0000001-LIC', '1A4FF0100000022000000001', new Date());
  t = createTestApp({ env: { METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${metrcBase}/<state>` } });
  const seller = await t.registerUser('seller', { businessName: 'North Star Farms', licenseNumber: 'C11-0000001-LIC' });
  const connected = await t.request('PUT', '/api/integrations/metrc', { token: seller.token, body: { state: 'MI', licenseNumber: 'C11-0000001-LIC', userKey: METRC_KEY } });
  expect(connected.status).toBe(200);
  const buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  const admin = await t.makeAdmin();
  const product = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10.50', availableQuantity: '50' } });
  expect(product.status).toBe(201);
  const menu = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Spring List', isPublic: true, productIds: [product.body.id] } });
  expect(menu.status).toBe(201);
  // A buyer's first look at the menu, so the seller's activity and figures have something in them.
  const opened = await t.request('GET', `/api/public/menu/${menu.body.publicLinkId}`, { token: buyer.token, headers: { 'user-agent': BROWSER }, remoteAddress: '203.0.113.9' });
  expect(opened.status).toBe(200);
  const emailChange = await t.request('POST', '/api/account/email', { token: seller.token, body: { email: 'north-star@growers.example', currentPassword: TEST_PASSWORD } });
  expect(emailChange.status).toBe(200);
  const invited = 'new-rep@growers.example';
  expect((await t.request('POST', '/api/team/invitations', { token: seller.token, body: { email: invited, role: 'rep' } })).status).toBe(201);
  const inviteToken = (await linkInMailTo(t.services, invited, '/join')).searchParams.get('token')!;
  const customer = await t.request<{ id: string }>('POST', '/api/customers', { token: seller.token, body: { name: 'Corner Dispensary' } });
  const shared = await t.request<{ link: string }>('POST', `/api/customers/${customer.body.id}/invitations`, { token: seller.token, body: { delivery: 'link' } });
  expect(shared.status).toBe(201);
  const order = await t.request<{ id: string }>('POST', '/api/orders', {
    token: buyer.token,
    body: { id: randomUUID(), menuId: menu.body.id, lines: [{ productId: product.body.id, quantity: '1' }] },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  world = { seller, buyer, admin, menu: menu.body, order: order.body, inviteToken, customerInviteLink: shared.body.link };
});
afterAll(async () => {
  await t.close();
  await metrc.stop();
});

describe('each read the app makes is answered as its schema says', () => {
  it.each(Object.keys(ASKED) as ApiReadName[])('%s', async (name) => {
    const { params, as } = ASKED[name](world);
    const read = apiReads[name] as (...params: unknown[]) => ServerReadRequest<unknown>;
    const { path, schema } = read(...params);
    const res = await t.request('GET', path, { token: as === 'guest' ? undefined : world[as].token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    const parsed = schema.safeParse(res.body);
    expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
  });
});
