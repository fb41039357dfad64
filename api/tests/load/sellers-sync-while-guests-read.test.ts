/**
 * The load proof: for a minute on loopback, 200 sellers sync while 2,000
 * guests read public menus (`sellers-and-guests.ts`). It asserts what holds on
 * any machine, however busy: no error, and every acknowledged mutation in the
 * database afterwards, once, as last acknowledged. The latencies are printed;
 * their goal (public menu p99 at most 50 ms) is `npm run bench`'s to report,
 * on a machine no test shares.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GUESTS, SELLERS, runSellersAndGuests, serverEnv } from './sellers-and-guests';
import { startServerProcess, type ServerProcess } from './server-process';

/** A local run may set LOAD_SECONDS shorter; the suite runs the full minute. */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

let server: ServerProcess | undefined;
afterEach(() => {
  server?.dispose();
  server = undefined;
});

describe(`load: ${SELLERS} sellers syncing while ${GUESTS} guests read public menus`, () => {
  it(`for ${LOAD_SECONDS} s: no error, and every acknowledged mutation in the database once`, { timeout: (LOAD_SECONDS + 120) * 1000 }, async () => {
    server = await startServerProcess(serverEnv);
    const run = await runSellersAndGuests(server, LOAD_SECONDS);

    expect(run.setupErrors).toEqual([]);
    expect(run.exitCode, server.output()).toBe(0);
    expect(run.tally.errors.examples).toEqual([]);
    expect(run.tally.errors.count).toBe(0);
    expect(run.stored).toEqual({
      integrity: 'ok',
      expectedProducts: run.productCreatesAcknowledged,
      missingProducts: 0,
      productsNotAsAcknowledged: 0,
      unexpectedProducts: 0,
      devicesBehind: 0,
      menusMissing: 0,
    });
    expect(run.tally.reads.count).toBeGreaterThan(0);
  });
});
