/** The device checks sync's answers as it checks every other read: what it cannot read is a server failure, never stored. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncTransportError } from '../../../sync/device/engine/sync-engine';
import { userFixture } from '../../../sync/testing/entity-fixtures';
import { reportServerAnswered } from '../connectivity';
import { httpSyncTransport } from './http-sync-transport';

afterEach(() => {
  vi.unstubAllGlobals();
  reportServerAnswered();
});

function serverAnswering(body: string) {
  vi.stubGlobal('localStorage', { getItem: () => 'the-token' });
  vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
}

const emptyPull = {
  cursor: 7,
  lastProcessedSeq: 0,
  user: userFixture(),
  products: [],
  menus: [],
  savedMenus: [],
  inquiries: [],
  customers: [],
  priceLists: [],
  orders: [],
  photos: [],
  deleted: [],
};

describe('the sync transport', () => {
  it('answers a pull the protocol reads', async () => {
    serverAnswering(JSON.stringify(emptyPull));
    expect(await httpSyncTransport.pull(0, 'device-1')).toMatchObject({ cursor: 7, products: [] });
  });

  it('fails as the server does, naming what did not fit, when a pull answer is not what the protocol says', async () => {
    serverAnswering(JSON.stringify({ ...emptyPull, products: [{ id: 'p1' }] }));
    const failure = await httpSyncTransport.pull(0, 'device-1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncTransportError);
    expect(failure).toMatchObject({ kind: 'server', message: expect.stringMatching(/^The server's answer could not be read \(products\.0\./) });
  });

  it('fails as the server does when a push answer is not JSON at all', async () => {
    serverAnswering('<html>Captive portal</html>');
    const failure = await httpSyncTransport.push({ clientId: 'device-1', mutations: [] }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'server', message: "The server's answer could not be read (not JSON)" });
  });
});
