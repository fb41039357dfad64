/**
 * A seller's menus carry their business name and a way to reach them: sign-up
 * takes both, and neither the REST profile call nor the sync mutation lets a
 * seller blank the name again (their menus would turn anonymous).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown>) => ({
  email: `grower-${Math.random().toString(36).slice(2)}@test.example`,
  password: 'secret-pass',
  firstName: 'Rosa',
  role: 'seller',
  ...overrides,
});

async function publicSellerOf(token: string) {
  const menu = await t.request<{ publicLinkId: string }>('POST', '/api/menus', { token, body: { name: 'First list', isPublic: false, productIds: [] } });
  expect(menu.status).toBe(201);
  const shared = await t.request<{ seller: { businessName: string | null; phoneNumber: string | null; contactInfo: string | null } }>(
    'GET',
    `/api/public/menu/${menu.body.publicLinkId}`,
  );
  return shared.body.seller;
}

describe('POST /api/auth/register with a business name and contact', () => {
  it('keeps them on the profile, and the shared menu shows them', async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', {
      body: registration({ businessName: '  Riverbend Growers ', phoneNumber: '(734) 555-0142', contactInfo: 'orders@riverbend.example' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ businessName: 'Riverbend Growers', phoneNumber: '(734) 555-0142', contactInfo: 'orders@riverbend.example' });
    expect(await publicSellerOf(res.body.token)).toMatchObject({
      businessName: 'Riverbend Growers',
      phoneNumber: '(734) 555-0142',
      contactInfo: 'orders@riverbend.example',
    });
  });

  it('still takes the five fields of the spec alone', async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', { body: registration({}) });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ businessName: null, phoneNumber: null, contactInfo: null });
  });

  it("takes a seller's sign-up form with the optional business fields left empty, and the account has no business name yet", async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', { body: registration({ lastName: '', businessName: '', phoneNumber: '', contactInfo: '' }) });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'seller', businessName: null, phoneNumber: null, contactInfo: null });
  });

  it('refuses a contact that is not a phone number or an email with 400 and the field named, and creates no account', async () => {
    const email = `refused-${Math.random().toString(36).slice(2)}@test.example`;
    const phone = await t.request<ErrorBody>('POST', '/api/auth/register', { body: registration({ email, businessName: 'Acme', phoneNumber: 'call me' }) });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toEqual({ phoneNumber: 'Phone number must be a phone number, like (734) 555-0142' });

    const contact = await t.request<ErrorBody>('POST', '/api/auth/register', { body: registration({ email, businessName: 'Acme', contactInfo: 'orders at acme' }) });
    expect(contact.status).toBe(400);
    expect(contact.body.errors).toEqual({ contactInfo: 'Contact email must be a valid email address' });

    const name = await t.request<ErrorBody>('POST', '/api/auth/register', { body: registration({ email, businessName: 'x'.repeat(201) }) });
    expect(name.status).toBe(400);
    expect(name.body.errors).toEqual({ businessName: 'Business name must be at most 200 characters' });

    const login = await t.request('POST', '/api/auth/login', { body: { email, password: 'secret-pass' } });
    expect(login.status).toBe(401);
  });
});

describe("a seller's business name cannot be blanked", () => {
  it("is the team's: a rep who joined saves their own details with the business as their form shows it", async () => {
    const owner = await t.registerUser('seller', { businessName: 'North Star Farms' });
    const email = `rep-${Math.random().toString(36).slice(2)}@test.example`;
    expect((await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'rep' } })).status).toBe(201);
    const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
    const rep = await t.request<AuthResponse>('POST', '/api/auth/register', { body: registration({ email, inviteToken }) });
    expect(rep.status).toBe(201);
    const saved = await t.request<User>('PUT', '/api/auth/user', { token: rep.body.token, body: { businessName: 'North Star Farms', firstName: 'Rosa' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ businessName: 'North Star Farms', firstName: 'Rosa' });
  });

  it('PUT /api/auth/user answers 400 with the field error and saves nothing of the call', async () => {
    const { token } = await t.registerUser('seller', { businessName: 'North Star Farms' });
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { businessName: '  ', city: 'Lansing' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Business name is required', errors: { businessName: 'Business name is required' } });
    const me = await t.request<User>('GET', '/api/auth/me', { token });
    expect(me.body).toMatchObject({ businessName: 'North Star Farms', city: null });
  });

  it('the sync mutation profile.update is refused with the same reason', async () => {
    const { token } = await t.registerUser('seller', { businessName: 'North Star Farms' });
    const device = syncDevice(t, token);
    expect(await device.push('profile.update', { businessName: '' })).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'Business name is required',
    });
    expect(await device.push('profile.update', { businessName: 'North Star Farms & Co.' })).toMatchObject({ outcome: 'applied' });
    const me = await t.request<User>('GET', '/api/auth/me', { token });
    expect(me.body.businessName).toBe('North Star Farms & Co.');
  });

  it('a buyer who becomes a seller may do so before naming the business, which is asked before the first menu is shared', async () => {
    const { token } = await t.registerUser('buyer');
    expect((await t.request('PUT', '/api/auth/user', { token, body: { businessName: '', companyName: 'Corner Shop' } })).status).toBe(200);
    const res = await t.request<User>('PUT', '/api/auth/user', { token, body: { role: 'seller', businessName: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'seller', businessName: null });
  });

  it('a phone number that is not one is refused on the profile too', async () => {
    const { token } = await t.registerUser('seller', { businessName: 'North Star Farms' });
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { phoneNumber: '12' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ phoneNumber: 'Phone number must be a phone number, like (734) 555-0142' });
  });
});

describe('a seller who has no business name yet', () => {
  it('saves the rest of the profile form, the empty business name with it, over REST and sync', async () => {
    const { token } = await t.registerUser('seller');
    const saved = await t.request<User>('PUT', '/api/auth/user', { token, body: { firstName: 'Rosa', businessName: '', city: 'Lansing' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ firstName: 'Rosa', businessName: null, city: 'Lansing' });
    const device = syncDevice(t, token);
    expect(await device.push('profile.update', { businessName: '', state: 'MI' })).toMatchObject({ outcome: 'applied' });
    expect((await t.request<User>('GET', '/api/auth/me', { token })).body).toMatchObject({ businessName: null, city: 'Lansing', state: 'MI' });
  });
});
