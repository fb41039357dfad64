/**
 * The public menu answer for a menu of 500 products, under 50 connections on
 * loopback, against two references measured in the same run: the same
 * server's trivial health route, and a bare Node server handing out the same
 * body prebuilt and gzip-compressed once. Then the same menu for a signed-in
 * buyer with a 500-entry price list of their own, against a bare server
 * handing out that buyer's own answer the same way.
 * On SQLite (the embedded default) and, when one answers, on PostgreSQL.
 */
import { menuCreateSchema } from '../sync/entities/menu';
import { productCreateSchema } from '../sync/entities/product';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createUser, startSession } from '../api/auth/auth-service';
import { customers, priceLists } from '../api/db/schema';
import { createMenu } from '../api/menus/menu-service';
import { createProducts } from '../api/products/product-service';
import { PRODUCT_CATEGORIES } from '../sync/contract/constants';
import type { PriceListEntry } from '../sync/entities/price-list';
import { benchPostgresDatabase } from './bench-postgres';
import { medianFigures, type Figures } from './median-of';
import { startBenchServer } from './bench-server';

const PRODUCTS = 500;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** A bare Node server handing out one gzip-compressed body, prebuilt: the limit an answer of those bytes is measured against. */
function bareServer(gzipped: Buffer): Server {
  return createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': gzipped.length });
    response.end(gzipped);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

export async function benchPublicMenuApi(): Promise<void> {
  const sqlite = await measureEngine('SQLite', {});
  const postgres = await benchPostgresDatabase();
  if (!postgres) return;
  try {
    const figures = await measureEngine('PostgreSQL (same machine, over TCP)', { DATABASE_URL: postgres.url });
    console.info(
      `  PostgreSQL / SQLite, each against its own run's bare server: public menu ${(figures.publicMenu / sqlite.publicMenu).toFixed(2)}x, buyer's menu ${(figures.buyerMenu / sqlite.buyerMenu).toFixed(2)}x`,
    );
  } finally {
    await postgres.drop();
  }
}

/** The public menu's and a buyer's menu's requests per second as shares of the bare server's, on the engine `env` names. */
async function measureEngine(engine: string, env: Record<string, string>): Promise<{ publicMenu: number; buyerMenu: number }> {
  const server = await startBenchServer({ env });
  const { services, seller } = server;
  try {
    const owner = { userId: seller.id, role: 'owner' as const };
    const created = await createProducts(
      services,
      seller,
      Array.from({ length: PRODUCTS }, (_, i) =>
        productCreateSchema.parse({
          strainName: `Strain ${i}`,
          description: 'Indoor, hand-trimmed, slow cured. Dense buds with a sweet, earthy nose and a long finish.',
          category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length],
          thcPercentage: String(15 + (i % 20)),
          pricePerUnit: String(500 + i),
          unitType: 'lb',
          availableQuantity: String(i),
        }),
      ),
      owner,
    );
    const productIds = created.map((outcome) => {
      if ('refused' in outcome) throw outcome.refused;
      return outcome.product.id;
    });
    const menu = await createMenu(services, seller, menuCreateSchema.parse({ name: 'Bench menu', isPublic: true, productIds }), owner);

    const menuUrl = `${server.url}/api/public/menu/${menu.publicLinkId}`;
    const first = await fetch(menuUrl, { headers: { 'accept-encoding': 'gzip' } });
    const body = await first.text();
    const etag = first.headers.get('etag');
    const repeat = await fetch(menuUrl, { headers: { 'if-none-match': etag ?? '' } });
    const gzipped = gzipSync(body);
    const bare = bareServer(gzipped);
    const barePort = await listen(bare);

    const acceptGzip = { 'accept-encoding': 'gzip' };
    const health = await load(`${server.url}/api/health`);
    const buyerToken = await buyerWithList(server, productIds);
    // The same answer as a guest's, through the sign-in every buyer request pays for: what the list itself adds shows against it.
    const signedIn = await load(menuUrl, { ...acceptGzip, authorization: `Bearer ${await buyer(server, 'bench@no-list.test')}` });
    const asBuyer = { ...acceptGzip, authorization: `Bearer ${buyerToken}` };
    const buyerBody = await (await fetch(menuUrl, { headers: { authorization: `Bearer ${buyerToken}` } })).text();
    // The buyer's answer is other bytes (their prices): its limit is a bare server handing out those, prebuilt.
    const bareBuyer = bareServer(gzipSync(buyerBody));
    const bareBuyerPort = await listen(bareBuyer);
    // Rounds taken in turn, the median of each kept: a shared machine's slow moment then falls on all of them alike.
    const rounds: { reference: Figures; publicMenu: Figures; buyerReference: Figures; buyerMenu: Figures }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        reference: await load(`http://127.0.0.1:${barePort}/`, acceptGzip),
        publicMenu: await load(menuUrl, acceptGzip),
        buyerReference: await load(`http://127.0.0.1:${bareBuyerPort}/`, acceptGzip),
        buyerMenu: await load(menuUrl, asBuyer),
      });
    }
    bare.close();
    bareBuyer.close();
    const reference = medianFigures(rounds.map((one) => one.reference));
    const publicMenu = medianFigures(rounds.map((one) => one.publicMenu));
    const buyerReference = medianFigures(rounds.map((one) => one.buyerReference));
    const buyerMenu = medianFigures(rounds.map((one) => one.buyerMenu));

    const ratio = publicMenu.requestsPerSecond / reference.requestsPerSecond;
    const buyerRatio = buyerMenu.requestsPerSecond / buyerReference.requestsPerSecond;
    console.info(
      `public menu API on ${engine} (${PRODUCTS} products, ${(body.length / 1024).toFixed(0)} KB JSON, ${(gzipped.length / 1024).toFixed(0)} KB gzip; ${CONNECTIONS} connections, ${SECONDS} s each; bare server, public menu and buyer's menu: median of ${ROUNDS} rounds taken in turn)`,
    );
    console.info(`  bare prebuilt gzip server  ${reference.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${reference.p99Ms} ms`);
    console.info(`  health route               ${health.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${health.p99Ms} ms`);
    console.info(`  public menu                ${publicMenu.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${publicMenu.p99Ms} ms`);
    console.info(`  public menu / bare server  ${(ratio * 100).toFixed(1)}% (target at least 70%, p99 at most 50 ms)`);
    console.info(`  signed-in buyer, no list    ${signedIn.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${signedIn.p99Ms} ms`);
    console.info(
      `  a menu of ${PRODUCTS} products for a buyer with a ${PRODUCTS}-entry list (${(buyerBody.length / 1024).toFixed(0)} KB JSON)  ${buyerMenu.requestsPerSecond.toFixed(0)} req/s  p99 ${buyerMenu.p99Ms} ms`,
    );
    console.info(`  bare server, the buyer's body ${buyerReference.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${buyerReference.p99Ms} ms`);
    console.info(`  buyer's menu / its bare server ${(buyerRatio * 100).toFixed(1)}% (target at least 70%, p99 at most 50 ms)`);
    console.info(`  answered ${first.headers.get('content-encoding') ?? 'uncompressed'}, ETag ${etag ?? 'missing'}, repeat visit ${repeat.status}`);
    return { publicMenu: ratio, buyerMenu: buyerRatio };
  } finally {
    await server.close();
  }
}

/** A buyer in the seller's customer book with a list pricing every product: a price, a discount, breaks, a few hidden. */
async function buyerWithList(server: Awaited<ReturnType<typeof startBenchServer>>, productIds: string[]): Promise<string> {
  const { services, seller } = server;
  const token = await buyer(server, 'bench@buyer.test');
  const buyerTeamId = (await services.tokens.verify(token))!.userId;
  const entries: PriceListEntry[] = productIds.map((productId, i) => ({
    productId,
    price: i % 2 === 0 ? `${450 + i}.00` : null,
    percentOff: i % 2 === 1 ? '7.50' : null,
    hidden: i % 50 === 0,
    minQuantity: i % 3 === 0 ? '2' : null,
    increment: i % 5 === 0 ? '0.5' : null,
    breaks: i % 4 === 0 ? [{ minQuantity: '10', price: `${400 + i}.00` }] : [],
  }));
  const listId = crypto.randomUUID();
  await services.db.transaction(async (tx) => {
    const now = services.now();
    const stamps = { version: tx.version, createdAt: now, updatedAt: now };
    await tx.db
      .insert(priceLists)
      .values({ id: listId, userId: seller.id, name: 'Bench list', entries, ...stamps })
      .run();
    await tx.db
      .insert(customers)
      .values({ id: crypto.randomUUID(), userId: seller.id, name: 'Bench Dispensary', buyerTeamId, priceListId: listId, ...stamps })
      .run();
  });
  return token;
}

/** A buyer account of its own team, signed in: its token. */
async function buyer({ services }: Awaited<ReturnType<typeof startBenchServer>>, email: string): Promise<string> {
  const account = await createUser(services, { id: crypto.randomUUID(), email, passwordHash: 'not-used', firstName: 'Bench', role: 'buyer' });
  return (await startSession(services, account)).token;
}
