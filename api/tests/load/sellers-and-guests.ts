/**
 * The load the product must carry: on loopback, 200 sellers sync (push fresh
 * mutations, then pull) while 2,000 guests read public menus. The load proof
 * (`sellers-sync-while-guests-read.test.ts`) runs it for what holds on any
 * machine; `npm run bench` runs it for the public menu's latency.
 *
 * The server runs as its own process; the load comes from this one. Both
 * share the machine, so the run prints the CPU each used and the machine's
 * load beside the figures.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { MutationName } from '../../../sync/contract/mutations';
import { SqliteDatabase } from '../../db/sqlite-database';
import { Guest } from './guest';
import { SellerDevice } from './seller-device';
import { cpuSecondsOf, type ServerProcess } from './server-process';
import { storedAgainstAcknowledged } from './stored-against-acknowledged';
import { Tally } from './tally';
import { TimedClient } from './timed-client';

export const SELLERS = 200;
export const GUESTS = 2_000;
/**
 * A seller at work saves a change every 5 to 10 s, each pushed and followed by a pull (the app itself syncs on a change and
 * every 30 s); a guest reads every 3 to 5 s: about 27 pushes, 27 pulls and 500 reads a second in all. At a push every 1 to 2 s
 * per seller (130 a second) the server's one thread is 85% busy here, and reads queue behind sync work to a p99 of 250-300 ms.
 */
const SELLER_THINK_MS: [number, number] = [5_000, 10_000];
const GUEST_THINK_MS: [number, number] = [3_000, 5_000];
const SETUP_CONCURRENCY = 8;
/** Connections kept open to the server: many times the requests in flight at a few ms each, so reads do not queue here behind one another. */
const GUEST_SOCKETS = 128;
const SELLER_SOCKETS = 64;

export const serverEnv = {
  // The 200 sellers register from this one address. The other quotas (messages, uploads, device ids per account)
  // are beyond this load, which sends only product and menu mutations, from one device per seller.
  REGISTRATIONS_PER_HOUR: String(SELLERS * 2),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

/** Steps with think time until the deadline; starting at a random point of a first think time spreads the start as a steady state would. */
async function keepGoing(deadline: number, thinkMs: [number, number], step: () => Promise<void>): Promise<void> {
  await sleep(Math.random() * between(thinkMs));
  while (performance.now() < deadline) {
    await step();
    await sleep(between(thinkMs));
  }
}

async function withConcurrency<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export type LoadRun = {
  /** What went wrong while the sellers signed up and the menus were first read; the load does not start after any. */
  setupErrors: string[];
  tally: Tally;
  /** What the database holds against what was acknowledged; null when the setup failed. */
  stored: Awaited<ReturnType<typeof storedAgainstAcknowledged>> | null;
  exitCode: number | null;
  productCreatesAcknowledged: number;
};

/** Runs the load for `loadSeconds` against `server` (started with `serverEnv`), stops it, compares the database with what was acknowledged and prints the figures. */
export async function runSellersAndGuests(server: ServerProcess, loadSeconds: number): Promise<LoadRun> {
  const sellerClient = new TimedClient(server.url, SELLER_SOCKETS);
  const guestClient = new TimedClient(server.url, GUEST_SOCKETS);

  const setupTally = new Tally();
  const sellers = Array.from({ length: SELLERS }, (_, index) => new SellerDevice(index));
  await withConcurrency(sellers, SETUP_CONCURRENCY, (seller) => seller.setUp(sellerClient, setupTally, 'load-test-password'));
  // Each menu read once: the guests read cached menus, which is what the goal is stated for.
  const firstReader = new Guest(false);
  await withConcurrency(sellers, SETUP_CONCURRENCY, (seller) => firstReader.read(guestClient, setupTally, seller.publicLinkId));
  if (setupTally.errors.count > 0) {
    sellerClient.close();
    guestClient.close();
    return { setupErrors: setupTally.errors.examples, tally: setupTally, stored: null, exitCode: null, productCreatesAcknowledged: 0 };
  }

  const tally = new Tally();
  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  generatorDelay.enable();
  const serverCpuBefore = cpuSecondsOf(server.pid) ?? Number.NaN;
  const generatorCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + loadSeconds * 1000;
  const guests = Array.from({ length: GUESTS }, (_, index) => new Guest(index % 2 === 0));
  const randomMenu = () => sellers[Math.floor(Math.random() * SELLERS)]!.publicLinkId;
  await Promise.all([
    ...sellers.map((seller) => keepGoing(deadline, SELLER_THINK_MS, () => seller.step(sellerClient, tally))),
    ...guests.map((guest) => keepGoing(deadline, GUEST_THINK_MS, () => guest.read(guestClient, tally, randomMenu()))),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (cpuSecondsOf(server.pid) ?? Number.NaN) - serverCpuBefore;
  const generatorCpuUsage = process.cpuUsage(generatorCpuBefore);
  const generatorCpu = (generatorCpuUsage.user + generatorCpuUsage.system) / 1e6;
  generatorDelay.disable();
  const machineLoad = loadavg()[0]!;
  sellerClient.close();
  guestClient.close();

  // Stopped, the server finishes what is in flight and closes the database: what the file holds then is what lasts.
  const exitCode = await server.stop();
  const database = SqliteDatabase.open(join(server.dataDir, 'app.db'));
  const stored = await storedAgainstAcknowledged(database, sellers).finally(() => database.close());
  const acknowledged = (name: MutationName) => sellers.reduce((sum, seller) => sum + (seller.acknowledged.get(name) ?? 0), 0);
  const perSecond = (count: number) => `${(count / seconds).toFixed(0)}/s`;
  const shareOfCore = (cpuSeconds: number) => `${((cpuSeconds / seconds) * 100).toFixed(0)}% of a core`;

  console.info(`load: ${seconds.toFixed(1)} s, ${SELLERS} sellers, ${GUESTS} guests (half revalidating with If-None-Match)`);
  console.info(`  public menu reads  ${tally.reads.describe()} (${perSecond(tally.reads.count)}; ${tally.notModified} answered 304)`);
  console.info(`  sync pushes        ${tally.pushes.describe()} (${perSecond(tally.pushes.count)})`);
  console.info(`  sync pulls         ${tally.pulls.describe()} (${perSecond(tally.pulls.count)})`);
  console.info(`  errors             ${tally.errors.count}${tally.errors.examples.map((example) => `\n    ${example}`).join('')}`);
  console.info(
    `  acknowledged       ${acknowledged('product.create')} product creates, ${acknowledged('product.update')} updates, ${acknowledged('menu.create')} menus (setup included);` +
      ` in the database: ${stored.expectedProducts - stored.missingProducts - stored.productsNotAsAcknowledged} of ${stored.expectedProducts} products as last acknowledged,` +
      ` ${stored.missingProducts} missing, ${stored.unexpectedProducts} unexpected, ${stored.menusMissing} menus missing, ${stored.devicesBehind} devices behind`,
  );
  console.info(
    `  CPU                server ${shareOfCore(serverCpu)}, load generator ${shareOfCore(generatorCpu)};` +
      ` generator event loop delay p99 ${(generatorDelay.percentile(99) / 1e6).toFixed(1)} ms; machine load average ${machineLoad.toFixed(1)} on ${availableParallelism()} cores`,
  );

  return { setupErrors: [], tally, stored, exitCode, productCreatesAcknowledged: acknowledged('product.create') };
}
