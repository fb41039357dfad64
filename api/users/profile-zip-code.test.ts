/**
 * The business address's ZIP code is a US ZIP code (5 digits, or 9 as ZIP+4) on every path that writes it: PUT
 * /api/auth/user and the sync mutation profile.update. An empty ZIP code stays allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { ZIP_CODE_MESSAGE } from '../../sync/rules/zip-code';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const zipOf = async (token: string) => (await t.request<User>('GET', '/api/auth/me', { token })).body.zipCode;

describe("the profile's ZIP code", () => {
  it('PUT /api/auth/user refuses "abcde" with 400 at its field, and saves nothing of the call', async () => {
    const { token } = await t.registerUser('seller', { businessName: 'North Star Farms' });
    expect((await t.request('PUT', '/api/auth/user', { token, body: { zipCode: '48104' } })).status).toBe(200);
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { zipCode: 'abcde', city: 'Lansing' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'validation', message: ZIP_CODE_MESSAGE, errors: { zipCode: ZIP_CODE_MESSAGE } });
    const me = await t.request<User>('GET', '/api/auth/me', { token });
    expect(me.body).toMatchObject({ zipCode: '48104', city: null });
  });

  it('PUT /api/auth/user keeps a ZIP+4 as 48104-1234 and an empty ZIP code as none', async () => {
    const { token } = await t.registerUser('buyer');
    const nine = await t.request<User>('PUT', '/api/auth/user', { token, body: { zipCode: '481041234' } });
    expect(nine.status).toBe(200);
    expect(nine.body.zipCode).toBe('48104-1234');
    const empty = await t.request<User>('PUT', '/api/auth/user', { token, body: { zipCode: '' } });
    expect(empty.status).toBe(200);
    expect(await zipOf(token)).toBeNull();
  });

  it('the sync mutation profile.update is refused with the same reason, and takes a real ZIP code', async () => {
    const { token } = await t.registerUser('seller', { businessName: 'North Star Farms' });
    const device = syncDevice(t, token);
    expect(await device.push('profile.update', { zipCode: '4810' })).toMatchObject({ outcome: 'refused', reason: 'validation', message: ZIP_CODE_MESSAGE });
    expect(await zipOf(token)).toBeNull();
    expect(await device.push('profile.update', { zipCode: '48104-1234' })).toMatchObject({ outcome: 'applied' });
    expect(await zipOf(token)).toBe('48104-1234');
  });
});
