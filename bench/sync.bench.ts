/**
 * Sync over real HTTP on loopback: a push of 1,000 queued mutations in the
 * engine's batches, a first pull of 10,000 products, and an incremental pull
 * of 10 changes among 10,000 rows. Bytes are counted as they cross the wire
 * (gzip-compressed, as a browser asks for them). Beside the push, its floor:
 * the same 1,000 rows written straight by the repository in one transaction
 * on the same engine, so the cost of sync's own bookkeeping shows apart from
 * the engine's. The machine is shared: each figure is the median of a few
 * runs taken in turn, so one slow moment does not decide a ratio.
 */
import { createUser } from '../api/auth/auth-service';
import type { Services } from '../api/context';
import { insertProducts } from '../api/db/repositories/products';
import { PRODUCT_CATEGORIES } from '../sync/contract/constants';
import { productCreateSchema } from '../sync/entities/product';
import type { PullResponse, PushRequest } from '../sync/contract/protocol';
import { benchPostgresDatabase } from './bench-postgres';
import { startBenchServer, type BenchServer } from './bench-server';
import { buyerPulls, pushWithOrders, type BuyerPulls } from './sync-orders';
import { call } from './wire';

const ENGINE_BATCH = 200;
const RUNS = 3;
const SMALL_PULL_RUNS = 21;

function productCreate(seq: number) {
  return {
    seq,
    name: 'product.create',
    args: {
      id: crypto.randomUUID(),
      strainName: `Strain ${seq}`,
      description: 'Indoor, hand-trimmed, slow cured.',
      category: PRODUCT_CATEGORIES[seq % PRODUCT_CATEGORIES.length],
      thcPercentage: String(15 + (seq % 20)),
      pricePerUnit: `${500 + seq}.00`,
      unitType: 'lb',
      availableQuantity: String(seq % 50),
    },
  };
}

/** Pushes product creations `from`..`from + count - 1` in the engine's batch size. */
async function pushCreations(url: string, token: string, clientId: string, from: number, count: number) {
  let bytes = 0;
  const started = performance.now();
  for (let start = from; start < from + count; start += ENGINE_BATCH) {
    const size = Math.min(ENGINE_BATCH, from + count - start);
    const body: PushRequest = { clientId, mutations: Array.from({ length: size }, (_, i) => productCreate(start + i)) };
    const result = await call(`${url}/api/sync/push`, token, 'POST', body);
    if (result.status !== 200) throw new Error(`push answered ${result.status}: ${result.text}`);
    bytes += result.bytes;
  }
  return { ms: performance.now() - started, bytes };
}

/** The floor: the same creations inserted by the repository in one transaction, for another seller so the pulls below stay the first one's. */
async function insertStraight(services: Services, count: number, run: number): Promise<Timed> {
  const owner = await createUser(services, {
    id: crypto.randomUUID(),
    email: `floor${run}@seller.test`,
    passwordHash: 'not-used',
    firstName: 'Floor',
    role: 'seller',
    businessName: 'Floor Farms',
    subscriptionStatus: 'active',
  });
  const started = performance.now();
  await services.db.transaction(async (tx) => {
    const now = new Date();
    for (let seq = 1; seq <= count; seq++) {
      const { id, selectedMenus: _menus, ...fields } = productCreateSchema.parse(productCreate(seq).args);
      await insertProducts(tx.db, [{ ...fields, photoUrl: null, id: id ?? crypto.randomUUID(), userId: owner.id, createdBy: owner.id }], tx.version, now);
    }
  });
  return { ms: performance.now() - started, bytes: 0 };
}

const line = (label: string, ms: number, bytes: number, rows: number, target: string) =>
  `  ${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${Math.round(rows / (ms / 1000))
    .toString()
    .padStart(8)} rows/s   (${target})`;

type Timed = { ms: number; bytes: number };
type SyncFigures = { push: Timed; floor: Timed; first: Timed; incremental: Timed; withOrders: Timed; buyer: BuyerPulls };

/**
 * Runs `measure` `runs` times on each side, the sides taking turns within each
 * run, and keeps each side's median: a slow moment of a shared machine then
 * falls on both engines alike rather than on whichever ran then.
 */
async function inTurn<T extends { ms: number }>(sides: number, runs: number, measure: (side: number, run: number) => Promise<T>): Promise<T[]> {
  const timed: T[][] = Array.from({ length: sides }, () => []);
  for (let run = 0; run < runs; run++) {
    for (let side = 0; side < sides; side++) timed[side]!.push(await measure(side, run));
  }
  return timed.map((all) => [...all].sort((a, b) => a.ms - b.ms)[Math.floor(all.length / 2)]!);
}

/** The sync figures on each server, measured in turn. */
async function measureSync(servers: BenchServer[]): Promise<SyncFigures[]> {
  const sides = servers.length;
  const clientIds = servers.map(() => crypto.randomUUID());
  const pushed = await inTurn(sides, RUNS, (side, run) => pushCreations(servers[side]!.url, servers[side]!.token, clientIds[side]!, 1 + run * 1_000, 1_000));
  const floor = await inTurn(sides, RUNS, (side, run) => insertStraight(servers[side]!.services, 1_000, run));
  const pulls: PullResponse[] = [];
  const first: Timed[] = [];
  for (const [side, server] of servers.entries()) {
    await pushCreations(server.url, server.token, clientIds[side]!, 1 + RUNS * 1_000, 10_000 - RUNS * 1_000);
    const pulled = await call(`${server.url}/api/sync/pull?cursor=0&clientId=${clientIds[side]}`, server.token, 'GET');
    const firstPull = JSON.parse(pulled.text) as PullResponse;
    if (firstPull.products.length !== 10_000) throw new Error(`first pull held ${firstPull.products.length} products`);
    pulls.push(firstPull);
    first.push(pulled);
    const updates: PushRequest = {
      clientId: clientIds[side]!,
      mutations: firstPull.products.slice(0, 10).map((product, i) => ({
        seq: 20_000 + i,
        name: 'product.update',
        args: { id: product.id, changes: { pricePerUnit: `${i}.99` } },
      })),
    };
    await call(`${server.url}/api/sync/push`, server.token, 'POST', updates);
  }
  const pullChanges = async (side: number) => {
    const server = servers[side]!;
    const pulled = await call(`${server.url}/api/sync/pull?cursor=${pulls[side]!.cursor}&clientId=${clientIds[side]}`, server.token, 'GET');
    const changed = (JSON.parse(pulled.text) as PullResponse).products.length;
    if (changed !== 10) throw new Error(`incremental pull held ${changed} products`);
    return pulled;
  };
  // A few milliseconds each, so one slow moment of a shared machine weighs on few runs: many, after one to warm each
  // engine's connections (a pooled PostgreSQL connection plans each statement the first time it runs it).
  await inTurn(sides, 1, pullChanges);
  const incremental = await inTurn(sides, SMALL_PULL_RUNS, pullChanges);
  const withOrders = await inTurn(sides, RUNS, (side, run) => pushWithOrders(servers[side]!, clientIds[side]!, 30_001 + run * 1_000, productCreate));
  const figures: SyncFigures[] = [];
  for (const [side, server] of servers.entries()) {
    const buyer = await buyerPulls(
      server,
      pulls[side]!.products.map((product) => product.id),
    );
    figures.push({ push: pushed[side]!, floor: floor[side]!, first: first[side]!, incremental: incremental[side]!, withOrders: withOrders[side]!, buyer });
  }
  return figures;
}

function report(engine: string, figures: SyncFigures): void {
  console.info(`  ${engine}`);
  console.info(line('  push of 1,000 queued mutations', figures.push.ms, figures.push.bytes, 1_000, 'target at most 1 s'));
  console.info(line('  floor: same rows, one transaction', figures.floor.ms, 0, 1_000, `push / floor ${(figures.push.ms / figures.floor.ms).toFixed(1)}x, target at most 3x`));
  console.info(line('  first pull of 10,000 products', figures.first.ms, figures.first.bytes, 10_000, 'target at most 2 s and 2 MB'));
  console.info(line('  pull of 10 changes among 10,000', figures.incremental.ms, figures.incremental.bytes, 10, 'target at most 50 ms'));
  console.info(
    line(
      '  push of 1,000 with 100 orders',
      figures.withOrders.ms,
      figures.withOrders.bytes,
      1_000,
      `/ floor ${(figures.withOrders.ms / figures.floor.ms).toFixed(1)}x, / product-only push ${(figures.withOrders.ms / figures.push.ms).toFixed(1)}x`,
    ),
  );
  const { priced, unpriced, products } = figures.buyer;
  console.info(line(`  buyer's pull, ${products}-entry list`, priced.ms, priced.bytes, products, `/ same pull with no list ${(priced.ms / unpriced.ms).toFixed(1)}x`));
  console.info(line("  buyer's pull, no list", unpriced.ms, unpriced.bytes, products, 'a saved menu of 500 at list prices'));
}

/** The same sync figures on SQLite (the embedded default) and on PostgreSQL, both servers up and measured in turn. */
export async function benchSync(): Promise<void> {
  console.info('sync (HTTP on loopback, gzip on the wire; each figure the median of a few runs, the engines taking turns)');
  const postgres = await benchPostgresDatabase();
  const servers = [await startBenchServer()];
  try {
    if (postgres) servers.push(await startBenchServer({ env: { DATABASE_URL: postgres.url } }));
    const [sqlite, figures] = await measureSync(servers);
    report('SQLite', sqlite!);
    if (!figures) return;
    report('PostgreSQL (same machine, over TCP)', figures);
    console.info(
      `  PostgreSQL / SQLite time: push ${(figures.push.ms / sqlite!.push.ms).toFixed(1)}x (target at most 1.5x), ` +
        `floor ${(figures.floor.ms / sqlite!.floor.ms).toFixed(1)}x, first pull ${(figures.first.ms / sqlite!.first.ms).toFixed(1)}x, ` +
        `incremental pull ${(figures.incremental.ms / sqlite!.incremental.ms).toFixed(1)}x (target at most 2x)`,
    );
    console.info(
      `  PostgreSQL / SQLite time: push with orders ${(figures.withOrders.ms / sqlite!.withOrders.ms).toFixed(1)}x, ` +
        `buyer's pull with a list ${(figures.buyer.priced.ms / sqlite!.buyer.priced.ms).toFixed(1)}x, without ${(figures.buyer.unpriced.ms / sqlite!.buyer.unpriced.ms).toFixed(1)}x`,
    );
  } finally {
    for (const server of servers) await server.close();
    await postgres?.drop();
  }
}
