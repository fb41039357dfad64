/**
 * A link between a seller's customer entry and a buyer needs proof from both sides. A stranger who registers the
 * address a seller keyed in is priced and treated as anyone else, and the address's owner who registers later takes
 * it; a seller learns nothing of whether an address has an account, and nothing it writes (an order, its note, the
 * mail and push that go with it) reaches a buyer who has not consented: by saving, writing or ordering, or by
 * accepting the seller's invitation. Over REST and sync alike, on whichever engine runs the suite.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerInvitationPreview, CustomerInviteAnswer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { customers, pushOutbox, pushSubscriptions, sessions } from '../db/schema';
import { linkInMailTo, mailTo } from '../mail/testing/outbox-reader';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';
import { INVITATION_ACCEPTED, INVITATION_TAKEN } from './customer-invitations';

let t: TestApp;
let seller: AuthResponse;
let gelato: Product;
let tangie: Product;
let menu: Menu;
/** The negotiated list: gelato at 25.00 instead of 30.00, tangie hidden. */
let tierA: string;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Lakeside Farms' });
  gelato = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '30', unitType: 'oz', availableQuantity: '100' }, 201);
  tangie = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Tangie', pricePerUnit: '20', unitType: 'oz', availableQuantity: '100' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale', isPublic: true, productIds: [gelato.id, tangie.id] }, 201);
  const entries = [
    { productId: gelato.id, price: '25.00' },
    { productId: tangie.id, hidden: true },
  ];
  tierA = (await t.ok<{ id: string }>('POST', '/api/price-lists', seller.token, { name: 'Tier A', entries }, 201)).id;
});
afterAll(() => t.close());

const addCustomer = (body: Record<string, unknown>) => t.ok<Customer>('POST', '/api/customers', seller.token, body, 201);
const book = () => t.ok<Customer[]>('GET', '/api/customers', seller.token);
const entryOf = async (id: string) => (await book()).find((customer) => customer.id === id)!;
/** The buyer team an entry prices, as only the server knows it. */
const pricedTeamOf = async (id: string) => (await t.services.db.read.select().from(customers).where(eq(customers.id, id)).get())!.buyerTeamId;

const prices = (shown: PublicMenu) => shown.products.map((product) => [product.strainName, product.pricePerUnit]);
const publicPrices = async (as?: AuthResponse) => prices(await t.ok<PublicMenu>('GET', `/api/public/menu/${menu.publicLinkId}`, as?.token));
const GUEST_PRICES = [
  ['Gelato', '30.00'],
  ['Tangie', '20.00'],
];
const TIER_A_PRICES = [['Gelato', '25.00']];

const buyerOrder = (as: AuthResponse) => t.ok<Order>('POST', '/api/orders', as.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '2' }] }, 201);
const sellerOrder = (customerId: string, note: string) =>
  t.ok<Order>('POST', '/api/orders', seller.token, { id: randomUUID(), customerId, note, lines: [{ productId: gelato.id, quantity: '3' }] }, 201);

const registration = (email: string, password: string) => ({ email, password, firstName: 'Dana', role: 'buyer' });

describe('a stranger who registers the address of an entry the seller keyed in', () => {
  it("is priced and treated as anyone else, and the address's owner who registers later takes it", async () => {
    const address = `buying-${randomUUID()}@greendoor.example`;
    const entry = await addCustomer({ name: 'Green Door', email: address, priceListId: tierA, paymentTerms: 'net30', licenseNumber: 'C10-0000123' });

    const squatter = await t.ok<AuthResponse>('POST', '/api/auth/register', undefined, registration(address, 'squatter-pass-1'), 201);
    expect(await pricedTeamOf(entry.id)).toBeNull();
    expect(await publicPrices(squatter)).toEqual(GUEST_PRICES);
    expect((await t.ok<{ id: string }>('POST', '/api/saved-menus', squatter.token, { menuId: menu.id }, 201)).id).toEqual(expect.any(String));
    const pulled = await syncDevice(t, squatter.token).pull();
    expect(prices(pulled.savedMenus[0]!.snapshot!)).toEqual(GUEST_PRICES);
    const squattersOrder = await buyerOrder(squatter);
    expect(squattersOrder).toMatchObject({ paymentTerms: 'cod', total: '60.00' });
    expect(squattersOrder.customerId).not.toBe(entry.id);
    expect(await entryOf(entry.id)).toMatchObject({ link: 'unlinked', buyerTeamId: null });
    expect(await pricedTeamOf(entry.id)).toBeNull();

    // The dispensary registers: not refused, it is sent a link.
    const pending = await t.request<{ pending: boolean; message: string }>('POST', '/api/auth/register', { body: registration(address.toUpperCase(), 'owner-pass-123') });
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ pending: true, message: `We sent a link to ${address}. Follow it to finish creating your account.` });
    const claim = await linkInMailTo(t.services, address, '/confirm-email');
    await t.ok('POST', '/api/account/confirm-email', undefined, { token: claim.searchParams.get('token') });

    // The squatter is out; the owner signs in, is priced by the entry and orders on its terms.
    expect((await t.request('GET', '/api/auth/me', { token: squatter.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { email: address, password: 'squatter-pass-1' } })).status).toBe(401);
    const owner = await t.ok<AuthResponse>('POST', '/api/auth/login', undefined, { email: address, password: 'owner-pass-123' });
    expect(owner.user.emailConfirmedAt).not.toBeNull();
    expect(await publicPrices(owner)).toEqual(TIER_A_PRICES);
    expect(await buyerOrder(owner)).toMatchObject({ customerId: entry.id, paymentTerms: 'net30', total: '50.00' });
    expect(await entryOf(entry.id)).toMatchObject({ link: 'linked', buyerTeamId: owner.user.id });
  });

  it('links the entry when the address is confirmed, not when it is registered', async () => {
    const address = `orders-${randomUUID()}@northside.example`;
    const entry = await addCustomer({ name: 'Northside', email: address, priceListId: tierA });
    const buyer = await t.registerUser('buyer', { email: address });
    expect(await publicPrices(buyer)).toEqual(GUEST_PRICES);
    await t.confirmEmail(buyer);
    expect(await publicPrices(buyer)).toEqual(TIER_A_PRICES);
    expect(await pricedTeamOf(entry.id)).toBe(buyer.user.id);
  });

  it('lets the owner an invitation to a team was mailed to register at once, taking the address from the squatter', async () => {
    const address = `rep-${randomUUID()}@lakeside.example`;
    const squatter = await t.ok<AuthResponse>('POST', '/api/auth/register', undefined, registration(address, 'squatter-pass-1'), 201);
    await t.ok('POST', '/api/team/invitations', seller.token, { email: address, role: 'rep' }, 201);
    const inviteToken = (await linkInMailTo(t.services, address, '/join')).searchParams.get('token');
    const owner = await t.ok<AuthResponse>('POST', '/api/auth/register', undefined, { ...registration(address, 'owner-pass-123'), role: 'seller', inviteToken }, 201);
    expect(owner.user.email).toBe(address);
    expect((await t.request('GET', '/api/auth/me', { token: squatter.token })).status).toBe(401);
    expect((await t.ok<{ members: Array<{ email: string }> }>('GET', '/api/team', seller.token)).members.map((member) => member.email)).toContain(address);
  });

  it('keeps a confirmed address from anyone who registers it again', async () => {
    const buyer = await t.registerUser('buyer');
    await t.confirmEmail(buyer);
    const again = await t.request<ErrorBody>('POST', '/api/auth/register', { body: registration(buyer.user.email, 'another-pass-1') });
    expect([again.status, again.body.message]).toEqual([409, 'An account with this email already exists']);
  });
});

/** A buyer whose confirmed address a new entry names: priced by it, yet a stranger to the seller. */
async function confirmedBuyer(): Promise<{ buyer: AuthResponse; entry: Customer }> {
  const buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  await t.confirmEmail(buyer);
  const entry = await addCustomer({ name: 'Corner Dispensary', email: buyer.user.email, priceListId: tierA, paymentTerms: 'net15' });
  return { buyer, entry };
}

/** A push subscription of the buyer's current sign-in, as a browser would have made one. */
async function subscribe(buyer: AuthResponse): Promise<string> {
  const id = randomUUID();
  await t.services.db.transaction(async (tx) => {
    const session = (await tx.db.select().from(sessions).where(eq(sessions.userId, buyer.user.id)).get())!;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${id}`;
    await tx.db.insert(pushSubscriptions).values({ id, userId: buyer.user.id, sessionId: session.sid, endpoint, p256dh: 'key', auth: 'secret', createdAt: t.clock.now() }).run();
  });
  return id;
}

const pushesTo = async (subscriptionId: string) => (await t.services.db.read.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscriptionId)).all()).length;
const mailAbout = async (address: string, order: Order) => (await mailTo(t.services, address)).filter((mail) => mail.subject.includes(order.number)).length;
const buyersOrderIds = async (buyer: AuthResponse) => (await t.ok<{ orders: Order[] }>('GET', '/api/orders', buyer.token)).orders.map((order) => order.id);

describe("a seller writing into a buyer's account", () => {
  it('learns nothing of whether an address has an account, over REST or sync', async () => {
    const { buyer, entry: known } = await confirmedBuyer();
    const unknown = await addCustomer({ name: 'Nobody Yet', email: `nobody-${randomUUID()}@nowhere.example`, priceListId: tierA, paymentTerms: 'net15' });
    const seen = (customer: Customer) => ({ buyerTeamId: customer.buyerTeamId, link: customer.link, invitedAt: customer.invitedAt, keys: Object.keys(customer).sort() });
    expect(seen(known)).toEqual(seen(unknown));
    expect(seen(await entryOf(known.id))).toEqual(seen(await entryOf(unknown.id)));
    const device = syncDevice(t, seller.token);
    const pulled = await device.pull();
    const rowOf = (id: string) => pulled.customers.find((customer) => customer.id === id)!;
    expect(seen(rowOf(known.id))).toEqual(seen(rowOf(unknown.id)));
    const edited = await t.ok<Customer>('PATCH', `/api/customers/${unknown.id}`, seller.token, { email: buyer.user.email.toUpperCase() });
    expect(seen(edited)).toEqual(seen(unknown));

    // A buyer confirming an address later changes nothing the seller's devices pull.
    const address = `later-${randomUUID()}@example.com`;
    const waiting = await addCustomer({ name: 'Later', email: address });
    const cursor = (await device.pull()).cursor;
    await t.confirmEmail(await t.registerUser('buyer', { email: address }));
    expect((await device.pull(cursor)).customers).toEqual([]);
    expect(await entryOf(waiting.id)).toEqual(waiting);

    // Inviting answers alike too: a link goes to the address either way.
    const invitedKnown = await t.ok<CustomerInviteAnswer>('POST', `/api/customers/${known.id}/invitations`, seller.token, { delivery: 'email' }, 201);
    const invitedUnknown = await t.ok<CustomerInviteAnswer>('POST', `/api/customers/${waiting.id}/invitations`, seller.token, { delivery: 'email' }, 201);
    expect([seen(invitedKnown.customer), invitedKnown.link]).toEqual([{ ...seen(invitedUnknown.customer), invitedAt: invitedKnown.customer.invitedAt }, null]);
    expect(invitedKnown.customer.link).toBe('invited');
  });

  it("keeps an order it writes without the buyer's consent: not in the buyer's orders, pull, mail or push", async () => {
    const { buyer, entry } = await confirmedBuyer();
    const subscription = await subscribe(buyer);
    const draft = await sellerOrder(entry.id, 'Pay now at http://pay.example, or else');
    expect(draft).toMatchObject({ buyerTeamId: null, paymentTerms: 'net15', total: '75.00' });
    expect(await buyersOrderIds(buyer)).not.toContain(draft.id);
    expect((await t.request('GET', `/api/orders/${draft.id}`, { token: buyer.token })).status).toBe(404);
    expect((await syncDevice(t, buyer.token).pull()).orders.map((order) => order.id)).not.toContain(draft.id);
    // Accepted as the seller wrote it; a later step reaches the buyer no more than the writing did.
    expect(draft.status).toBe('accepted');
    await t.ok('POST', `/api/orders/${draft.id}/fulfil`, seller.token);
    expect(await mailAbout(buyer.user.email, draft)).toBe(0);
    expect(await pushesTo(subscription)).toBe(0);

    // Once the buyer consented (here, by saving a menu), the draft is theirs, and what the seller writes reaches them.
    await t.ok('POST', '/api/saved-menus', buyer.token, { menuId: menu.id }, 201);
    expect(await entryOf(entry.id)).toMatchObject({ link: 'linked', buyerTeamId: buyer.user.id });
    expect(await buyersOrderIds(buyer)).toContain(draft.id);
    const sent = await sellerOrder(entry.id, 'Your usual');
    expect(sent.buyerTeamId).toBe(buyer.user.id);
    expect(await mailAbout(buyer.user.email, sent)).toBe(1);
    expect(await pushesTo(subscription)).toBe(1);
  });

  it('writes orders over sync that stay with the seller just the same', async () => {
    const { buyer, entry } = await confirmedBuyer();
    const id = randomUUID();
    const outcome = await syncDevice(t, seller.token).push('order.create', { id, customerId: entry.id, note: 'Queued offline', lines: [{ productId: gelato.id, quantity: '1' }] });
    expect(outcome).toMatchObject({ outcome: 'applied' });
    expect((await syncDevice(t, buyer.token).pull()).orders.map((order) => order.id)).not.toContain(id);
    expect(await buyersOrderIds(buyer)).not.toContain(id);
  });

  it('invites the customer by email; the buyer who accepts links the entry and takes the orders written for it', async () => {
    const { buyer, entry } = await confirmedBuyer();
    const draft = await sellerOrder(entry.id, 'First delivery');
    const invited = await t.ok<CustomerInviteAnswer>('POST', `/api/customers/${entry.id}/invitations`, seller.token, { delivery: 'email' }, 201);
    expect(invited).toMatchObject({ customer: { link: 'invited', buyerTeamId: null }, link: null });
    const again = await t.request<ErrorBody>('POST', `/api/customers/${entry.id}/invitations`, { token: seller.token, body: { delivery: 'email' } });
    expect(again.status).toBe(429);

    const token = (await linkInMailTo(t.services, buyer.user.email, '/customer-invite')).searchParams.get('token')!;
    const preview = await t.ok<CustomerInvitationPreview>('GET', `/api/customer-invitations/preview?token=${token}`, undefined);
    expect(preview).toEqual({ sellerName: 'Lakeside Farms', customerName: 'Corner Dispensary', order: null });
    expect((await t.request('POST', '/api/customer-invitations/accept', { body: { token } })).status).toBe(401);
    expect((await t.request('POST', '/api/customer-invitations/accept', { token: seller.token, body: { token } })).status).toBe(403);

    await t.ok('POST', '/api/customer-invitations/accept', buyer.token, { token });
    expect(await entryOf(entry.id)).toMatchObject({ link: 'linked', buyerTeamId: buyer.user.id });
    expect(await buyersOrderIds(buyer)).toContain(draft.id);
    expect((await syncDevice(t, buyer.token).pull()).orders.map((order) => order.id)).toContain(draft.id);
    const used = await t.request<ErrorBody>('POST', '/api/customer-invitations/accept', { token: buyer.token, body: { token } });
    expect([used.status, used.body.message]).toEqual([409, INVITATION_ACCEPTED]);
  });

  it('shares a draft as a link that shows it; whoever the seller sends it to and accepts takes it, and no one after', async () => {
    const entry = await addCustomer({ name: 'Walk-in Dispensary', paymentTerms: 'cod' });
    const draft = await sellerOrder(entry.id, 'Pick up Friday');
    const other = await addCustomer({ name: 'Someone Else' });
    const refused = await t.request('POST', `/api/customers/${other.id}/invitations`, { token: seller.token, body: { delivery: 'link', orderId: draft.id } });
    expect(refused.status).toBe(404);
    const noEmail = await t.request<ErrorBody>('POST', `/api/customers/${entry.id}/invitations`, { token: seller.token, body: { delivery: 'email' } });
    expect(noEmail.status).toBe(400);

    const shared = await t.ok<CustomerInviteAnswer>('POST', `/api/customers/${entry.id}/invitations`, seller.token, { delivery: 'link', orderId: draft.id }, 201);
    const token = new URL(shared.link!).searchParams.get('token')!;
    expect(await t.ok<CustomerInvitationPreview>('GET', `/api/customer-invitations/preview?token=${token}`, undefined)).toEqual({
      sellerName: 'Lakeside Farms',
      customerName: 'Walk-in Dispensary',
      order: {
        number: draft.number,
        createdAt: draft.createdAt,
        lines: [{ strainName: 'Gelato', quantity: '3.000', unitType: 'oz', unitPrice: '30.00', lineTotal: '90.00' }],
        total: '90.00',
        paymentTerms: 'cod',
        note: 'Pick up Friday',
      },
    });
    const buyer = await t.registerUser('buyer');
    await t.ok('POST', '/api/customer-invitations/accept', buyer.token, { token });
    expect(await buyersOrderIds(buyer)).toContain(draft.id);

    const second = await t.ok<CustomerInviteAnswer>('POST', `/api/customers/${entry.id}/invitations`, seller.token, { delivery: 'link' }, 201);
    const stranger = await t.registerUser('buyer');
    const taken = await t.request<ErrorBody>('POST', '/api/customer-invitations/accept', {
      token: stranger.token,
      body: { token: new URL(second.link!).searchParams.get('token') },
    });
    expect([taken.status, taken.body.message]).toEqual([409, INVITATION_TAKEN]);
    expect(await buyersOrderIds(stranger)).toEqual([]);
  });

  it("counts the buyer's own order as consent: their entry shows linked, on its terms", async () => {
    const { buyer, entry } = await confirmedBuyer();
    const draft = await sellerOrder(entry.id, 'Written before');
    expect(await publicPrices(buyer)).toEqual(TIER_A_PRICES);
    expect(await buyerOrder(buyer)).toMatchObject({ customerId: entry.id, paymentTerms: 'net15' });
    expect(await entryOf(entry.id)).toMatchObject({ link: 'linked', buyerTeamId: buyer.user.id });
    expect(await buyersOrderIds(buyer)).toContain(draft.id);
    const rows = await t.services.db.read
      .select()
      .from(customers)
      .where(and(eq(customers.userId, seller.user.id), eq(customers.buyerTeamId, buyer.user.id)))
      .all();
    expect(rows.map((row) => row.id)).toEqual([entry.id]);
  });
});
