/**
 * A connected team's Metrc packages, read from a stand-in for Metrc: every page at most 20 rows with a 429 waited out
 * in the middle, nothing doubled when read again, Metrc's changes followed in windows of at most a day, a finished
 * package gone from the list, and a Metrc that is down leaving the copy there with the reason.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MetrcConnection, MetrcPackageList } from '../../sync/entities/metrc';
import type { AuthResponse } from '../../sync/entities/user';
import { metrcPackages } from '../db/schema';
import { MetrcStandIn, STAND_IN_VENDOR_KEY, type StandInPackage } from '../testing/metrc-stand-in';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { LONGEST_WINDOW_MS, REREAD_MARGIN_MS } from './metrc-package-refresh';
import { runMetrcRefresh } from './metrc-refresh-schedule';

const START = Date.parse('2026-12-01T15:00:00.000Z');
const LICENCE = 'PR-000123';
const KEY = 'user-key-full';

let metrc: MetrcStandIn;
let t: TestApp;
let owner: AuthResponse;

function standInPackage(index: number, at: Date, values: Partial<StandInPackage> = {}): StandInPackage {
  const number = String(index).padStart(3, '0');
  return metrc.putSamplePackage(LICENCE, `1A4FF0100000022000000${number}`, at, {
    itemName: `Gelato Flower ${number.slice(1)}`,
    productionBatchNumber: `B-${index}`,
    expirationDate: '2027-11-02',
    ...values,
  });
}

beforeAll(async () => {
  metrc = new MetrcStandIn('mi');
  const base = await metrc.start();
  metrc.addUser(KEY, { facilities: [{ licenseNumber: LICENCE, name: 'North Star Farms Grow' }], permissions: ['viewPackages', 'viewLabResults', 'manageTransferTemplates'] });
  for (let index = 1; index <= 45; index++) standInPackage(index, new Date(START - DAY_MS));
  t = createTestApp({ now: () => new Date(START), env: { METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${base}/<state>` } });
  owner = await t.registerUser('seller');
  expect((await t.request('PUT', '/api/integrations/metrc', { token: owner.token, body: { state: 'MI', licenseNumber: LICENCE, userKey: KEY } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await metrc.stop();
});

const packages = (token = owner.token) => t.request<MetrcPackageList & ErrorBody>('GET', '/api/metrc/packages', { token });
const refresh = (token = owner.token) => t.request<MetrcPackageList & ErrorBody>('POST', '/api/metrc/refresh', { token });
const packageReads = () => metrc.requests.filter((request) => request.path.startsWith('/packages/v2/'));

describe("a team's Metrc packages", () => {
  it('are read on first look, every page of at most 20, a 429 waited out, each package once with exact quantities', async () => {
    metrc.requests.length = 0;
    metrc.limitNextReads(1, '0');
    const first = await packages();
    expect(first.status).toBe(200);
    expect(first.body.packages).toHaveLength(45);
    expect(new Set(first.body.packages.map((item) => item.label)).size).toBe(45);
    expect(first.body.packages[0]).toEqual({
      label: '1A4FF0100000022000000001',
      itemName: 'Gelato Flower 01',
      category: 'Buds',
      strainName: 'Gelato',
      quantity: '453.590',
      unitOfMeasure: 'Grams',
      labTestingState: 'TestPassed',
      productionBatchNumber: 'B-1',
      packagedDate: '2026-11-02',
      expirationDate: '2027-11-02',
      sellByDate: null,
      onHold: false,
      productId: null,
    });
    expect(first.body).toMatchObject({ packagesReadAt: new Date(START).toISOString(), readFailure: null });
    // Three pages, the first asked twice (the 429), each naming the facility and at most 20 rows.
    expect(packageReads().map((request) => request.query.pageNumber)).toEqual(['1', '1', '2', '3']);
    expect(packageReads().every((request) => request.query.licenseNumber === LICENCE && Number(request.query.pageSize) <= 20)).toBe(true);

    // Read again, nothing is doubled.
    expect((await refresh()).body.packages).toHaveLength(45);
    expect((await t.services.db.read.select().from(metrcPackages).where(eq(metrcPackages.teamId, owner.user.id)).all()).length).toBe(45);
  });

  it("follow Metrc's changes: a new quantity, a hold, a finished package, asked in windows of at most a day from a little before the last read", async () => {
    const lastRead = (await packages()).body.packagesReadAt!;
    t.clock.advance(3 * DAY_MS);
    const changedAt = new Date(START + 2 * DAY_MS);
    standInPackage(3, changedAt, { quantity: 120.5 });
    standInPackage(4, changedAt, { onHold: true, labTestingState: 'TestFailed' });
    standInPackage(5, changedAt, { finished: true, quantity: 0 });
    standInPackage(46, changedAt, { itemName: 'Tangie Pre-Roll', unitOfMeasure: 'Each', quantity: 200 });
    metrc.requests.length = 0;

    const after = await refresh();
    expect(after.status).toBe(200);
    const byLabel = new Map(after.body.packages.map((item) => [item.label.slice(-3), item]));
    expect(byLabel.get('003')?.quantity).toBe('120.500');
    expect(byLabel.get('004')).toMatchObject({ onHold: true, labTestingState: 'TestFailed' });
    expect(byLabel.has('005')).toBe(false);
    expect(byLabel.get('046')).toMatchObject({ itemName: 'Tangie Pre-Roll', unitOfMeasure: 'Each', quantity: '200.000' });
    expect(after.body.packages).toHaveLength(45);

    const windows = packageReads().map((request) => ({ start: Date.parse(request.query.lastModifiedStart!), end: Date.parse(request.query.lastModifiedEnd!) }));
    expect(windows.every((window) => window.end - window.start <= LONGEST_WINDOW_MS)).toBe(true);
    expect(Math.min(...windows.map((window) => window.start))).toBe(Date.parse(lastRead) - REREAD_MARGIN_MS);
    expect(Math.max(...windows.map((window) => window.end))).toBe(START + 3 * DAY_MS);
    expect(new Set(packageReads().map((request) => request.path))).toEqual(new Set(['/packages/v2/active', '/packages/v2/inactive']));
  });

  it('stay listed while Metrc is down, with when they were last read and why the read failed; the next read catches up', async () => {
    const before = (await packages()).body;
    t.clock.advance(DAY_MS);
    metrc.down = true;
    try {
      const refused = await refresh();
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('Metrc cannot be reached right now: try again in a few minutes.');
      const copy = await packages();
      expect(copy.body.packages).toEqual(before.packages);
      expect(copy.body).toMatchObject({ packagesReadAt: before.packagesReadAt, readFailure: 'Metrc cannot be reached right now: try again in a few minutes.' });
      const settings = await t.request<MetrcConnection>('GET', '/api/integrations/metrc', { token: owner.token });
      expect(settings.body).toMatchObject({ packagesReadAt: before.packagesReadAt, readFailure: 'Metrc cannot be reached right now: try again in a few minutes.' });
    } finally {
      metrc.down = false;
    }
    standInPackage(6, new Date(START + 4 * DAY_MS - 1000), { quantity: 1 });
    const caughtUp = await refresh();
    expect(caughtUp.body.readFailure).toBeNull();
    expect(caughtUp.body.packages.find((item) => item.label.endsWith('006'))?.quantity).toBe('1.000');
  });

  it('are read again on the schedule once older than the interval', async () => {
    const lastRead = (await packages()).body.packagesReadAt!;
    await runMetrcRefresh(t.services);
    expect((await packages()).body.packagesReadAt).toBe(lastRead);
    t.clock.advance(t.services.env.METRC_REFRESH_MINUTES * 60 * 1000 + 1);
    standInPackage(7, new Date(t.services.now().getTime() - 1000), { quantity: 7 });
    const logged = vi.spyOn(console, 'error');
    await runMetrcRefresh(t.services);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    const after = (await packages()).body;
    expect(after.packagesReadAt).toBe(t.services.now().toISOString());
    expect(after.packages.find((item) => item.label.endsWith('007'))?.quantity).toBe('7.000');
  });

  it('are read by every member of the team and nobody else; a team not connected is told to connect', async () => {
    const rep = await t.joinTeam(owner, 'rep');
    expect((await packages(rep.token)).body.packages.length).toBeGreaterThan(0);
    expect((await packages((await t.registerUser('buyer')).token)).status).toBe(403);
    const stranger = await t.registerUser('seller');
    const notConnected = await packages(stranger.token);
    expect(notConnected.status).toBe(409);
    expect(notConnected.body.message).toBe('Connect the team to Metrc first: Settings, then Metrc.');
  });

  it('go with the connection, and with a closed account', async () => {
    const closing = await t.registerUser('seller');
    expect((await t.request('PUT', '/api/integrations/metrc', { token: closing.token, body: { state: 'MI', licenseNumber: LICENCE, userKey: KEY } })).status).toBe(200);
    expect((await packages(closing.token)).body.packages.length).toBeGreaterThan(0);
    expect((await t.request('POST', '/api/account/delete', { token: closing.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
    expect(await t.services.db.read.select().from(metrcPackages).where(eq(metrcPackages.teamId, closing.user.id)).all()).toEqual([]);

    expect((await t.request('DELETE', '/api/integrations/metrc', { token: owner.token })).status).toBe(200);
    expect(await t.services.db.read.select().from(metrcPackages).where(eq(metrcPackages.teamId, owner.user.id)).all()).toEqual([]);
  });
});
