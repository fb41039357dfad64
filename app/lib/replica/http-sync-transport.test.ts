/** The device checks sync's answers as it checks every other read: what it cannot read is a server failure, never stored. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncTransportError } from '../../../sync/device/engine/sync-engine';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import { pullFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { reportServerAnswered } from '../connectivity';
import { httpSyncTransport } from './http-sync-transport';

afterEach(() => {
  vi.unstubAllGlobals();
  reportServerAnswered();
});

/** The addresses the device asked for, in order. */
const asked: string[] = [];

function serverAnswering(body: string) {
  vi.stubGlobal('localStorage', { getItem: () => 'the-token' });
  vi.stubGlobal('fetch', async (address: string) => {
    asked.push(address);
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

const emptyPull = pullFixture(userFixture(), { cursor: 7 });
const usualWindow = { keepClosedDays: ORDER_WORKING_SET_DAYS };

describe('the sync transport', () => {
  it('answers a pull the protocol reads', async () => {
    serverAnswering(JSON.stringify(emptyPull));
    expect(await httpSyncTransport.pull(0, 'device-1', usualWindow, null)).toMatchObject({ cursor: 7, products: [] });
  });

  it('asks for what changed since the cursor that a device keeping closed orders for its window holds', async () => {
    serverAnswering(JSON.stringify(emptyPull));
    await httpSyncTransport.pull(42, 'device-1', { keepClosedDays: 365 }, null);
    expect(new URL(asked.at(-1)!, 'http://device.test').search).toBe('?cursor=42&clientId=device-1&keepClosedDays=365');
  });

  it('asks for the next page of a pull from nothing by the token the last answer named', async () => {
    serverAnswering(JSON.stringify(emptyPull));
    await httpSyncTransport.pull(0, 'device-1', usualWindow, 'eyJuZXh0IjoxfQ');
    expect(new URL(asked.at(-1)!, 'http://device.test').searchParams.get('page')).toBe('eyJuZXh0IjoxfQ');
  });

  it('fails as the server does, naming what did not fit, when a pull answer is not what the protocol says', async () => {
    serverAnswering(JSON.stringify({ ...emptyPull, products: [{ id: 'p1' }] }));
    const failure = await httpSyncTransport.pull(0, 'device-1', usualWindow, null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncTransportError);
    expect(failure).toMatchObject({ kind: 'server', message: expect.stringMatching(/^The server's answer could not be read \(products\.0\./) });
  });

  it('fails as the server does when a push answer is not JSON at all', async () => {
    serverAnswering('<html>Captive portal</html>');
    const failure = await httpSyncTransport.push({ clientId: 'device-1', mutations: [] }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'server', message: "The server's answer could not be read (not JSON)" });
  });
});
