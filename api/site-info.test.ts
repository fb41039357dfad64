import { afterEach, describe, expect, it } from 'vitest';
import { siteInfoSchema } from '../sync/entities/site-info';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('GET /api/site', () => {
  it("names the operator's support address to anyone", async () => {
    t = createTestApp({ env: { SUPPORT_EMAIL: 'help@menus.example' } });
    const response = await t.request('GET', '/api/site');
    expect(response.status).toBe(200);
    expect(siteInfoSchema.parse(response.body)).toEqual({ supportEmail: 'help@menus.example' });
  });

  it('says there is none when the operator set none, rather than a made-up address', async () => {
    t = createTestApp();
    expect((await t.request('GET', '/api/site')).body).toEqual({ supportEmail: null });
  });

  it('refuses to start with a malformed address, naming the variable', () => {
    expect(() => createTestApp({ env: { SUPPORT_EMAIL: 'not an address' } })).toThrow(/SUPPORT_EMAIL: must be an email address/);
  });
});
