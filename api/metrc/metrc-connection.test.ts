/**
 * A seller team connects to Metrc with a user key, against a local stand-in for Metrc: the keys are proved before
 * anything is kept, the key is never answered and is kept sealed, what the key may do is Metrc's word, and a refusal
 * or an outage is told in a seller's words.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MetrcConnection } from '../../sync/entities/metrc';
import type { AuthResponse } from '../../sync/entities/user';
import { metrcConnections } from '../db/schema';
import { MetrcStandIn, STAND_IN_VENDOR_KEY } from '../testing/metrc-stand-in';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const LICENCE = 'PR-000123';
const FULL_KEY = 'user-key-full-access';

let metrc: MetrcStandIn;
let t: TestApp;
let owner: AuthResponse;

beforeAll(async () => {
  metrc = new MetrcStandIn('mi');
  const base = await metrc.start();
  metrc.addUser(FULL_KEY, { facilities: [{ licenseNumber: LICENCE, name: 'North Star Farms Grow' }], permissions: ['viewPackages', 'viewLabResults', 'manageTransferTemplates'] });
  metrc.addUser('user-key-packages-only', { facilities: [{ licenseNumber: LICENCE, name: 'North Star Farms Grow' }], permissions: ['viewPackages'] });
  // Metrc's address is per state: the stand-in answers for Michigan only.
  t = createTestApp({ env: { METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${base}/<state>` } });
  owner = await t.registerUser('seller', { businessName: 'North Star Farms' });
});
afterAll(async () => {
  await t.close();
  await metrc.stop();
});

const connect = (token: string, body: unknown) => t.request<MetrcConnection & ErrorBody>('PUT', '/api/integrations/metrc', { token, body });
const connection = (token: string) => t.request<MetrcConnection & ErrorBody>('GET', '/api/integrations/metrc', { token });

describe('connecting a team to Metrc', () => {
  it('proves the keys with Metrc, keeps the user key sealed, and never answers it', async () => {
    expect((await connection(owner.token)).body).toEqual({ available: true, connected: false });
    const connected = await connect(owner.token, { state: 'mi', licenseNumber: LICENCE, userKey: FULL_KEY });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      available: true,
      connected: true,
      state: 'MI',
      licenseNumber: LICENCE,
      facilityName: 'North Star Farms Grow',
      permissions: { viewPackages: true, viewLabResults: true, manageTransferTemplates: true },
    });
    expect(JSON.stringify(connected.body)).not.toContain(FULL_KEY);
    expect((await connection(owner.token)).body).toEqual(connected.body);

    // Basic auth: the vendor key as the user name, the seller's key as the password; every call names the facility.
    const facilities = metrc.requests.find((request) => request.path === '/facilities/v2');
    expect(facilities?.authorization).toBe(`Basic ${Buffer.from(`${STAND_IN_VENDOR_KEY}:${FULL_KEY}`).toString('base64')}`);
    expect(metrc.requests.filter((request) => request.path !== '/facilities/v2').every((request) => request.query.licenseNumber === LICENCE)).toBe(true);

    const stored = await t.services.db.read.select().from(metrcConnections).where(eq(metrcConnections.teamId, owner.user.id)).get();
    expect(stored?.userKeySealed).toBeDefined();
    expect(stored?.userKeySealed).not.toContain(FULL_KEY);
  });

  it('says what the key may not do at the facility, as Metrc answers it', async () => {
    const connected = await connect(owner.token, { state: 'MI', licenseNumber: LICENCE, userKey: 'user-key-packages-only' });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ permissions: { viewPackages: true, viewLabResults: false, manageTransferTemplates: false } });
  });

  it("refuses a key Metrc does not know, or one that cannot act for the licence, in a seller's words, keeping the connection it had", async () => {
    const before = (await connection(owner.token)).body;
    const wrongKey = await connect(owner.token, { state: 'MI', licenseNumber: LICENCE, userKey: 'not-a-metrc-key' });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body).toMatchObject({ reason: 'validation', message: 'Metrc did not accept this key: check it in Metrc under your name, then API Keys.' });
    const otherLicence = await connect(owner.token, { state: 'MI', licenseNumber: 'PR-999999', userKey: FULL_KEY });
    expect(otherLicence.status).toBe(400);
    expect(otherLicence.body.message).toBe('This key cannot act for licence PR-999999: check the number, or use the key of a Metrc user of that facility.');
    expect(otherLicence.body.errors).toHaveProperty('licenseNumber');
    expect((await connection(owner.token)).body).toEqual(before);
  });

  it('waits as Metrc asks when over its rate limit, and says so plainly when Metrc is down', async () => {
    metrc.limitNextReads(2, '0');
    const afterWaiting = await connect(owner.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY });
    expect(afterWaiting.status).toBe(200);
    expect(afterWaiting.body).toMatchObject({ permissions: { viewPackages: true, viewLabResults: true, manageTransferTemplates: true } });

    metrc.down = true;
    try {
      const down = await connect(owner.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ reason: 'unavailable', message: 'Metrc cannot be reached right now: try again in a few minutes.' });
    } finally {
      metrc.down = false;
    }
  });

  it('refuses a state Metrc does not serve and missing fields, naming each', async () => {
    const refused = await connect(owner.token, { state: 'WA', licenseNumber: ' ', userKey: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('validation');
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['licenseNumber', 'state', 'userKey']);
  });

  it('lets owners and managers connect, and no rep or buyer', async () => {
    const manager = await t.joinTeam(owner, 'manager');
    const rep = await t.joinTeam(owner, 'rep');
    const buyer = await t.registerUser('buyer');
    expect((await connection(manager.token)).body).toMatchObject({ connected: true, licenseNumber: LICENCE });
    for (const who of [rep, buyer]) {
      expect((await connection(who.token)).status).toBe(403);
      expect((await connect(who.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY })).status).toBe(403);
      expect((await t.request('DELETE', '/api/integrations/metrc', { token: who.token })).status).toBe(403);
    }
    expect((await connection(rep.token)).body.message).toBe("Only an owner or a manager can connect the team's other systems");
  });

  it('counts a key sealed for another team as no connection, so the team connects again', async () => {
    const other = await t.registerUser('seller');
    expect((await connect(other.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY })).status).toBe(200);
    const theirs = await t.services.db.read.select().from(metrcConnections).where(eq(metrcConnections.teamId, other.user.id)).get();
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(metrcConnections).set({ userKeySealed: theirs!.userKeySealed }).where(eq(metrcConnections.teamId, owner.user.id)).run();
    });
    expect((await connection(owner.token)).body).toEqual({ available: true, connected: false });
    expect((await connect(owner.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY })).status).toBe(200);
    expect((await connection(owner.token)).body).toMatchObject({ connected: true });
  });

  it('disconnects, and a closed account leaves no key behind', async () => {
    expect((await t.request('DELETE', '/api/integrations/metrc', { token: owner.token })).status).toBe(200);
    expect((await connection(owner.token)).body).toEqual({ available: true, connected: false });

    const closing = await t.registerUser('seller');
    expect((await connect(closing.token, { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY })).status).toBe(200);
    expect((await t.request('POST', '/api/account/delete', { token: closing.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
    expect(await t.services.db.read.select().from(metrcConnections).where(eq(metrcConnections.teamId, closing.user.id)).get()).toBeUndefined();
  });
});

describe('a server with no Metrc vendor key', () => {
  it('says Metrc is not set up on this server', async () => {
    const bare = createTestApp();
    try {
      const seller = await bare.registerUser('seller');
      expect((await bare.request('GET', '/api/integrations/metrc', { token: seller.token })).body).toEqual({ available: false, connected: false });
      const refused = await bare.request<ErrorBody>('PUT', '/api/integrations/metrc', { token: seller.token, body: { state: 'MI', licenseNumber: LICENCE, userKey: FULL_KEY } });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('Metrc is not set up on this server: the operator adds a Metrc vendor key first.');
      const packages = await bare.request<ErrorBody>('GET', '/api/metrc/packages', { token: seller.token });
      expect(packages.status).toBe(409);
      expect(packages.body.message).toBe('Metrc is not set up on this server: the operator adds a Metrc vendor key first.');
    } finally {
      await bare.close();
    }
  });
});
