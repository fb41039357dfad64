/**
 * Two API processes on one PostgreSQL and one Redis, behind a round-robin
 * proxy, as a deployment runs them. 200 seller devices keep pushing and
 * pulling through the proxy while one process is killed with SIGKILL (its
 * pushes in flight cut off, half the requests meeting a dead backend) and
 * started again. The devices keep what was not acknowledged and send it
 * again with the same sequence numbers.
 *
 * Counted end to end afterwards: every acknowledged mutation is in the
 * database once, as last acknowledged, nothing else is, and every device's
 * processed sequence is the last it was told of.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresDatabase } from '../../db/pg/postgres-database';
import { freshPostgresDatabase } from '../../testing/postgres';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../testing/round-robin-proxy';
import { spawnServer, type ServerProcess } from '../../testing/server-process';
import { describeWithRedisAndPostgres, REDIS_URL_TEST, testRedisPrefix } from '../../testing/shared-services';
import { SellerDevice } from './seller-device';
import { storedAgainstAcknowledged } from './stored-against-acknowledged';
import { Tally } from './tally';
import { TimedClient } from './timed-client';

const DEVICES = 200;
const LOAD_MS = 15_000;
const KILL_AT_MS = 5_000;
const RESTART_AT_MS = 8_000;
const THINK_MS: [number, number] = [1_000, 3_000];
const SETUP_CONCURRENCY = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

describeWithRedisAndPostgres('two API processes on PostgreSQL behind a proxy, one killed while devices push', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-kill-behind-proxy-'));
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    JWT_SECRET: 'kill-behind-proxy-secret-that-is-long-enough',
    DATA_DIR: dataDir,
    REDIS_URL: REDIS_URL_TEST,
    REDIS_KEY_PREFIX: testRedisPrefix(),
    REGISTRATIONS_PER_HOUR: String(DEVICES * 2),
  };
  const processes: ServerProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    env.DATABASE_URL = database.url;
  });
  const start = async () => {
    const server = spawnServer(env);
    processes.push(server);
    return { server, url: await server.listening };
  };

  afterAll(async () => {
    await proxy?.close();
    for (const server of processes) server.child.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it(`loses no mutation and applies none twice across ${DEVICES} devices`, { timeout: 240_000 }, async () => {
    // One after the other: the first applies the migrations, the second finds them applied.
    const first = await start();
    let second = await start();
    proxy = await startRoundRobinProxy([first.url, second.url]);
    const client = new TimedClient(proxy.url, 64);
    const setupTally = new Tally();
    const devices = Array.from({ length: DEVICES }, (_, index) => new SellerDevice(index));
    let next = 0;
    await Promise.all(
      Array.from({ length: SETUP_CONCURRENCY }, async () => {
        while (next < devices.length) await devices[next++]!.setUp(client, setupTally, 'kill-behind-proxy-password');
      }),
    );

    const tally = new Tally();
    const startedAt = performance.now();
    const working = devices.map(async (device) => {
      await sleep(Math.random() * between(THINK_MS));
      while (performance.now() - startedAt < LOAD_MS) {
        await device.step(client, tally);
        await sleep(between(THINK_MS));
      }
    });
    await sleep(KILL_AT_MS);
    second.server.child.kill('SIGKILL');
    await second.server.exited;
    const pushesBeforeKill = tally.pushes.count;
    await sleep(RESTART_AT_MS - KILL_AT_MS);
    second = await start();
    proxy.setBackends([first.url, second.url]);
    await Promise.all(working);

    // What failed around the kill waits in the devices' outboxes: sent again until acknowledged.
    const settleTally = new Tally();
    for (let round = 0; round < 20; round += 1) {
      const settled = await Promise.all(devices.map((device) => device.syncWaiting(client, settleTally)));
      if (settled.every(Boolean)) break;
      await sleep(500);
    }
    client.close();
    for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map((server) => server.exited));

    const reader = PostgresDatabase.open(database.url);
    const stored = await storedAgainstAcknowledged(reader, devices).finally(() => reader.close());
    console.info(
      `Pushes: ${tally.pushes.count} (${pushesBeforeKill} before the kill); requests that failed around the kill: ${tally.errors.count}; ` +
        `acknowledged products: ${stored.expectedProducts}`,
    );
    expect(pushesBeforeKill).toBeGreaterThan(0);
    expect(tally.errors.count, 'the kill cut some requests off').toBeGreaterThan(0);
    expect(stored).toEqual({
      integrity: 'ok',
      expectedProducts: stored.expectedProducts,
      missingProducts: 0,
      productsNotAsAcknowledged: 0,
      unexpectedProducts: 0,
      devicesBehind: 0,
      menusMissing: 0,
    });
    expect(stored.expectedProducts).toBeGreaterThan(DEVICES * 21);
  });
});
