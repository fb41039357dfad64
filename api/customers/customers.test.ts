/** The customer book: its routes and sync, a rep's part of it, buyers added by themselves and linked by a confirmed email. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { customers, savedMenus } from '../db/schema';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { everyRow } from '../testing/database-tables';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
});
afterEach(() => t.close());

const member = (role: 'manager' | 'rep') => t.joinTeam(owner, role);

async function addCustomer(body: Record<string, unknown>, by = owner): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/customers', { token: by.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const book = async (by: AuthResponse) => (await t.request<Customer[]>('GET', '/api/customers', { token: by.token })).body;

describe('the customer book', () => {
  it('adds, lists, edits and deletes a customer, with the fields of the contract', async () => {
    const list = (await t.request<{ id: string }>('POST', '/api/price-lists', { token: owner.token, body: { name: 'Tier A' } })).body;
    const added = await addCustomer({
      name: ' Green Door ',
      email: 'Buying@GreenDoor.example',
      licenseNumber: 'C10-0000123',
      paymentTerms: 'net30',
      priceListId: list.id,
      tags: ['vip', 'vip', 'north'],
    });
    expect(added).toMatchObject({
      name: 'Green Door',
      email: 'buying@greendoor.example',
      buyerTeamId: null,
      link: 'unlinked',
      invitedAt: null,
      licenseNumber: 'C10-0000123',
      paymentTerms: 'net30',
      priceListId: list.id,
      repUserId: null,
      holdWhenOverdue: false,
      tags: ['vip', 'north'],
    });
    expect(await book(owner)).toEqual([added]);

    const edited = await t.request<Customer>('PATCH', `/api/customers/${added.id}`, { token: owner.token, body: { holdWhenOverdue: true, priceListId: null } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Green Door', paymentTerms: 'net30', holdWhenOverdue: true, priceListId: null });

    expect((await t.request('DELETE', `/api/customers/${added.id}`, { token: owner.token })).status).toBe(204);
    expect(await book(owner)).toEqual([]);
  });

  it("answers not found for another team's customer and refuses buyers", async () => {
    const added = await addCustomer({ name: 'Green Door' });
    const other = await t.registerUser('seller');
    expect((await t.request('PATCH', `/api/customers/${added.id}`, { token: other.token, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/customers/${added.id}`, { token: other.token })).status).toBe(404);
    expect(await book(other)).toEqual([]);
    const buyer = await t.registerUser('buyer');
    expect((await t.request('GET', '/api/customers', { token: buyer.token })).status).toBe(403);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const otherList = (await t.request<{ id: string }>('POST', '/api/price-lists', { token: (await t.registerUser('seller')).token, body: { name: 'Theirs' } })).body;
    const stranger = await t.registerUser('seller');
    const before = await everyRow(t.services.db.read);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'Green Door', email: 'not an email' }, 'email'],
      [{ name: 'Green Door', paymentTerms: 'net60' }, 'paymentTerms'],
      [{ name: 'Green Door', priceListId: otherList.id }, 'priceListId'],
      [{ name: 'Green Door', repUserId: stranger.user.id }, 'repUserId'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request<ErrorBody>('POST', '/api/customers', { token: owner.token, body });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
    }
    expect(await everyRow(t.services.db.read)).toEqual(before);
  });
});

describe('a rep', () => {
  it('sees only the customers assigned to them, over REST and in their pull, and loses one reassigned away', async () => {
    const rep = await member('rep');
    const theirs = await addCustomer({ name: 'Assigned', repUserId: rep.user.id });
    const others = await addCustomer({ name: 'Unassigned' });
    expect((await book(rep)).map((customer) => customer.name)).toEqual(['Assigned']);
    const device = syncDevice(t, rep.token);
    const first = await device.pull();
    expect(first.customers.map((customer) => customer.id)).toEqual([theirs.id]);
    expect((await t.request('PATCH', `/api/customers/${others.id}`, { token: rep.token, body: { name: 'Peek' } })).status).toBe(404);

    expect((await t.request('PATCH', `/api/customers/${theirs.id}`, { token: owner.token, body: { repUserId: null } })).status).toBe(200);
    const next = await device.pull(first.cursor);
    expect(next.customers).toEqual([]);
    expect(next.deleted).toContainEqual({ entity: 'customer', id: theirs.id });
    expect(await book(rep)).toEqual([]);
  });

  it('made a manager, pulls the whole book again; made a rep again and left their customers, their device keeps only those', async () => {
    const rep = await member('rep');
    await addCustomer({ name: 'Assigned', repUserId: rep.user.id });
    await addCustomer({ name: 'Unassigned' });
    const device = syncDevice(t, rep.token);
    const first = await device.pull();
    expect((await t.request('PATCH', `/api/team/members/${rep.user.id}`, { token: owner.token, body: { role: 'manager' } })).status).toBe(200);
    const promoted = await device.pull(first.cursor);
    expect([promoted.full, promoted.customers.map((customer) => customer.name).sort()]).toEqual([true, ['Assigned', 'Unassigned']]);
    expect((await t.request('PATCH', `/api/team/members/${rep.user.id}`, { token: owner.token, body: { role: 'rep', reassignTo: rep.user.id } })).status).toBe(200);
    const demoted = await device.pull(promoted.cursor);
    expect([demoted.full, demoted.customers.map((customer) => customer.name)]).toEqual([true, ['Assigned']]);
  });

  it('adds customers for themselves and edits their details, but not their terms, and deletes none', async () => {
    const rep = await member('rep');
    const added = await addCustomer({ name: 'Corner Shop' }, rep);
    expect(added.repUserId).toBe(rep.user.id);
    const renamed = await t.request<Customer>('PATCH', `/api/customers/${added.id}`, { token: rep.token, body: { name: 'Corner Shop East', tags: ['new'], paymentTerms: 'cod' } });
    expect(renamed.status).toBe(200);

    const terms = "A rep cannot change a customer's terms, price list, rep or hold: ask an owner or a manager";
    const rest = await t.request<ErrorBody>('PATCH', `/api/customers/${added.id}`, { token: rep.token, body: { paymentTerms: 'net30' } });
    expect([rest.status, rest.body.message]).toEqual([403, terms]);
    const device = syncDevice(t, rep.token);
    expect(await device.push('customer.update', { id: added.id, changes: { holdWhenOverdue: true } })).toMatchObject({ outcome: 'refused', reason: 'forbidden', message: terms });
    expect(await device.push('customer.create', { id: randomUUID(), name: 'On terms', paymentTerms: 'net15' })).toMatchObject({ outcome: 'refused', message: terms });
    expect((await t.request('DELETE', `/api/customers/${added.id}`, { token: rep.token })).status).toBe(403);
    expect(await device.push('customer.delete', { id: added.id })).toMatchObject({ outcome: 'refused', message: 'A rep cannot delete customers: ask an owner or a manager' });
    expect((await book(owner)).map((customer) => [customer.name, customer.paymentTerms, customer.holdWhenOverdue])).toEqual([['Corner Shop East', 'cod', false]]);
  });
});

describe('customers over sync', () => {
  it('creates, edits and deletes through push, and the pull carries each change', async () => {
    const device = syncDevice(t, owner.token);
    const id = randomUUID();
    expect(await device.push('customer.create', { id, name: 'Green Door', paymentTerms: 'net7' })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('customer.update', { id, changes: { licenseNumber: 'C10-1' } })).toMatchObject({ outcome: 'applied' });
    const pulled = await device.pull();
    expect(pulled.customers).toMatchObject([{ id, name: 'Green Door', paymentTerms: 'net7', licenseNumber: 'C10-1' }]);
    expect(await device.push('customer.delete', { id })).toMatchObject({ outcome: 'applied' });
    expect((await device.pull(pulled.cursor)).deleted).toContainEqual({ entity: 'customer', id });
  });
});

describe('buyers in the book by themselves', () => {
  async function publicMenu(): Promise<{ menuId: string; productId: string }> {
    const product = (
      await t.request<{ id: string }>('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream', pricePerUnit: '10.00', availableQuantity: '100' } })
    ).body;
    const menu = (await t.request<{ id: string }>('POST', '/api/menus', { token: owner.token, body: { name: 'Fall', productIds: [product.id], isPublic: true } })).body;
    return { menuId: menu.id, productId: product.id };
  }

  it('a buyer who saves a menu or writes to the seller is added once, linked to their team', async () => {
    const { menuId, productId } = await publicMenu();
    const saver = await t.registerUser('buyer', { businessName: 'Green Door Dispensary' });
    expect((await t.request('POST', '/api/saved-menus', { token: saver.token, body: { menuId } })).status).toBeLessThan(300);
    const writer = await t.registerUser('buyer', { businessName: 'Corner Shop' });
    const order = { menuId, kind: 'order', items: [{ productId, quantity: '2' }] };
    for (let i = 0; i < 2; i += 1) expect((await t.request('POST', '/api/inquiries', { token: writer.token, body: { ...order, id: randomUUID() } })).status).toBe(201);
    const customers = await book(owner);
    expect(customers.map((customer) => [customer.name, customer.email, customer.buyerTeamId]).sort()).toEqual(
      [
        ['Corner Shop', writer.user.email.toLowerCase(), writer.user.id],
        ['Green Door Dispensary', saver.user.email.toLowerCase(), saver.user.id],
      ].sort(),
    );
  });

  /** The version of the buyer team's saved copy of the menu: it moves when the copy is marked changed. */
  const copyVersion = async (buyerTeamId: string, menuId: string) =>
    (await t.services.db.read.select().from(savedMenus).all()).find((row) => row.buyerUserId === buyerTeamId && row.menuId === menuId)!.version;
  const priceList = async () => (await t.request<{ id: string }>('POST', '/api/price-lists', { token: owner.token, body: { name: 'Tier A' } })).body.id;
  /** The buyer team an entry prices, as only the server knows it. */
  const linkedTeamOf = async (id: string) => (await t.services.db.read.select().from(customers).all()).find((row) => row.id === id)!.buyerTeamId;

  it("a buyer who confirms the address of an entry with a price list has their saved copies of the seller's menus priced anew", async () => {
    const first = await publicMenu();
    const second = await publicMenu();
    const buyer = await t.registerUser('buyer');
    expect((await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: first.menuId } })).status).toBe(201);
    const added = (await book(owner)).find((customer) => customer.buyerTeamId === buyer.user.id)!;
    // The seller keeps the entry they wrote, with a list, in place of the one saving made: it waits for the buyer.
    const written = await addCustomer({ name: 'Green Door', email: buyer.user.email, priceListId: await priceList() });
    expect(written.buyerTeamId).toBeNull();
    expect((await t.request('DELETE', `/api/customers/${added.id}`, { token: owner.token })).status).toBe(204);

    // Saving again with the address unconfirmed adds the buyer anew; the entry the seller wrote stays unlinked.
    const before = await copyVersion(buyer.user.id, first.menuId);
    expect((await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: second.menuId } })).status).toBe(201);
    const again = (await book(owner)).find((customer) => customer.buyerTeamId === buyer.user.id)!;
    expect(again.id).not.toBe(written.id);
    expect(await linkedTeamOf(written.id)).toBeNull();
    expect((await t.request('DELETE', `/api/customers/${again.id}`, { token: owner.token })).status).toBe(204);

    // Confirming the address prices the buyer by the entry, and tells the seller nothing.
    await t.confirmEmail(buyer);
    expect(await linkedTeamOf(written.id)).toBe(buyer.user.id);
    expect((await book(owner)).find((customer) => customer.id === written.id)).toMatchObject({ buyerTeamId: null, link: 'unlinked', updatedAt: written.updatedAt });
    expect(await copyVersion(buyer.user.id, first.menuId)).toBeGreaterThan(before);
  });

  it("a person joining a buyer team brings an entry with a price list to it, and the team's saved copies are priced anew", async () => {
    const { menuId } = await publicMenu();
    const team = await t.registerUser('buyer');
    expect((await t.request('POST', '/api/saved-menus', { token: team.token, body: { menuId } })).status).toBe(201);
    const added = (await book(owner)).find((customer) => customer.buyerTeamId === team.user.id)!;
    expect((await t.request('DELETE', `/api/customers/${added.id}`, { token: owner.token })).status).toBe(204);
    const person = await t.registerUser('buyer');
    await t.confirmEmail(person);
    const entry = await addCustomer({ name: 'Green Door', email: person.user.email, priceListId: await priceList() });
    expect(entry).toMatchObject({ buyerTeamId: null, link: 'unlinked' });
    expect(await linkedTeamOf(entry.id)).toBe(person.user.id);

    const before = await copyVersion(team.user.id, menuId);
    expect((await t.request('POST', '/api/team/invitations', { token: team.token, body: { email: person.user.email, role: 'manager' } })).status).toBe(201);
    const token = (await linkInMailTo(t.services, person.user.email, '/join')).searchParams.get('token');
    expect((await t.request('POST', '/api/team/join', { token: person.token, body: { token } })).status).toBe(200);
    expect(await linkedTeamOf(entry.id)).toBe(team.user.id);
    expect(await copyVersion(team.user.id, menuId)).toBeGreaterThan(before);
  });

  it('a customer added by email prices that buyer once they confirm the address, and shows linked once they deal with the seller', async () => {
    const email = `later-${randomUUID()}@test.example`;
    const early = await addCustomer({ name: 'Later Buyer', email });
    expect(early).toMatchObject({ buyerTeamId: null, link: 'unlinked' });
    const buyer = await t.registerUser('buyer', { email });
    expect(await linkedTeamOf(early.id)).toBeNull();
    await t.confirmEmail(buyer);
    expect(await linkedTeamOf(early.id)).toBe(buyer.user.id);
    expect((await book(owner)).find((customer) => customer.id === early.id)).toMatchObject({ buyerTeamId: null, link: 'unlinked' });

    const existing = await t.registerUser('buyer');
    await t.confirmEmail(existing);
    const added = await addCustomer({ name: 'Known Buyer', email: existing.user.email });
    expect(added).toMatchObject({ buyerTeamId: null, link: 'unlinked' });
    expect(await linkedTeamOf(added.id)).toBe(existing.user.id);
    // A buyer saving a menu later finds their entry rather than a second one, and the seller sees it linked.
    const { menuId } = await publicMenu();
    await t.request('POST', '/api/saved-menus', { token: existing.token, body: { menuId } });
    expect((await book(owner)).filter((customer) => customer.buyerTeamId === existing.user.id)).toEqual([expect.objectContaining({ id: added.id, link: 'linked' })]);
  });
});
