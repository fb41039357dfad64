/**
 * Orders over real HTTP on loopback, on SQLite and on PostgreSQL. A seller team with 10,000 orders: p95 of the
 * first page of `GET /api/orders`, of a status filter and of a search (goal at most 50 ms each), beside the same
 * page's rows read straight from the orders table in one query on the same engine. Then 100 buyers submit an order
 * to that seller at once: every one must be taken, and the numbers must follow on with no gap and no repeat.
 */
import { menuCreateSchema } from '../sync/entities/menu';
import { productCreateSchema } from '../sync/entities/product';
import { and, desc, eq, like } from 'drizzle-orm';
import { createUser, startSession } from '../api/auth/auth-service';
import type { Db } from '../api/db/database';
import { customers, orderCounters, orders } from '../api/db/schema';
import { createMenu } from '../api/menus/menu-service';
import { createProduct } from '../api/products/product-service';
import type { Order, OrderLine, OrderList, OrderStatus } from '../sync/entities/order';
import type { Product } from '../sync/entities/product';
import { benchPostgresDatabase } from './bench-postgres';
import { startBenchServer, type BenchServer } from './bench-server';

const ORDERS = 10_000;
const CUSTOMERS = 200;
const PRODUCTS = 20;
const BUYERS = 100;
const SAMPLES = 100;
const PAGE = 50;
const CHUNK = 500;
/** The seller's numbers before the bench's buyers order: the seeded orders are SO-1001 to SO-11000. */
const FIRST_NUMBER = 1001;

const LAST = ['Greene', 'Reyes', 'Okafor', 'Lindqvist', 'Nakamura', 'Fitzgerald', 'Abernathy', 'Castellano', 'Haddad', 'Kowalski'];
const BUSINESS = ['Dispensary', 'Provisions', 'Wellness', 'Collective', 'Apothecary'];
const STATUSES: OrderStatus[] = ['submitted', 'accepted', 'fulfilled', 'delivered', 'delivered', 'delivered', 'cancelled', 'rejected'];

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function timed<T>(read: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await read();
  return { ms: performance.now() - started, value };
}

/** A catalogue with plenty in stock, a public menu of it, a customer book, and 10,000 orders written straight. */
async function seed(server: BenchServer): Promise<{ menuId: string; productIds: string[] }> {
  const { services, seller } = server;
  const owner = { userId: seller.id, role: 'owner' as const };
  const products: Product[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const fields = { strainName: `Strain ${i}`, category: 'flower' as const, pricePerUnit: String(500 + i), unitType: 'lb', availableQuantity: '100000' };
    products.push(await createProduct(services, seller, productCreateSchema.parse(fields), owner));
  }
  const productIds = products.map((product) => product.id);
  const menu = await createMenu(services, seller, menuCreateSchema.parse({ name: 'Orders bench', isPublic: true, productIds }), owner);

  const customerIds: string[] = [];
  const seededAt = Date.now() - ORDERS * 60_000;
  await services.db.transaction(async (tx) => {
    const now = services.now();
    const rows = Array.from({ length: CUSTOMERS }, (_, n) => ({
      id: crypto.randomUUID(),
      userId: seller.id,
      name: `${LAST[n % LAST.length]} ${BUSINESS[n % BUSINESS.length]} ${n}`,
      version: tx.version,
      createdAt: now,
      updatedAt: now,
    }));
    customerIds.push(...rows.map((row) => row.id));
    await tx.db.insert(customers).values(rows).run();
    await tx.db
      .insert(orderCounters)
      .values({ sellerId: seller.id, lastNumber: FIRST_NUMBER + ORDERS - 1 })
      .run();
  });
  for (let start = 0; start < ORDERS; start += CHUNK) {
    await services.db.transaction(async (tx) => {
      const rows = Array.from({ length: Math.min(CHUNK, ORDERS - start) }, (_, offset) => {
        const n = start + offset;
        const at = new Date(seededAt + n * 60_000);
        const lines: OrderLine[] = [0, 1, 2].map((k) => {
          const product = products[(n + k * 7) % PRODUCTS]!;
          return {
            productId: product.id,
            strainName: product.strainName,
            unitType: 'lb',
            quantity: '2',
            unitPrice: product.pricePerUnit ?? '0.00',
            listPrice: null,
            lineTotal: '0.00',
            deliveredQuantity: null,
          };
        });
        const status = STATUSES[n % STATUSES.length]!;
        return {
          id: crypto.randomUUID(),
          sellerId: seller.id,
          customerId: customerIds[n % CUSTOMERS]!,
          menuId: menu.id,
          number: FIRST_NUMBER + n,
          status,
          lines,
          subtotalCents: 300_000 + n,
          totalCents: 300_000 + n,
          note: n % 10 === 0 ? 'Deliver to the back door' : '',
          history: [{ status, at: at.toISOString(), byName: 'Bench' }],
          version: tx.version,
          createdAt: at,
          updatedAt: at,
        };
      });
      await tx.db.insert(orders).values(rows).run();
    });
  }
  return { menuId: menu.id, productIds };
}

async function getList(url: string, token: string): Promise<{ ms: number; list: OrderList }> {
  const { ms, value } = await timed(async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as OrderList;
  });
  return { ms, list: value };
}

type ListCase = { label: string; query: (i: number) => string; straight: (db: Db, sellerId: string, i: number) => unknown };

const statusOf = (i: number) => STATUSES[i % STATUSES.length]!;
const termOf = (i: number) => (i % 2 === 0 ? LAST[i % LAST.length]!.slice(1, 5) : `SO-${FIRST_NUMBER + ((i * 7919) % ORDERS)}`);

const newestFirst = [desc(orders.createdAt), desc(orders.number)];
const CASES: ListCase[] = [
  {
    label: 'first page',
    query: () => '',
    straight: (db, sellerId) =>
      db
        .select()
        .from(orders)
        .where(eq(orders.sellerId, sellerId))
        .orderBy(...newestFirst)
        .limit(PAGE)
        .all(),
  },
  {
    label: 'a status filter',
    query: (i) => `status=${statusOf(i)}`,
    straight: (db, sellerId, i) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.sellerId, sellerId), eq(orders.status, statusOf(i))))
        .orderBy(...newestFirst)
        .limit(PAGE)
        .all(),
  },
  {
    label: 'a search (customer or number)',
    query: (i) => `q=${encodeURIComponent(termOf(i))}`,
    straight: (db, sellerId, i) => {
      const term = termOf(i);
      const number = /^SO-(\d+)$/.exec(term);
      const matches = number ? eq(orders.number, Number(number[1])) : like(customers.name, `%${term}%`);
      return db
        .select()
        .from(orders)
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.sellerId, sellerId), matches))
        .orderBy(...newestFirst)
        .limit(PAGE)
        .all();
    },
  },
];

type ListFigures = { label: string; p95: number; straightP95: number; total: number };

async function measureLists(server: BenchServer): Promise<ListFigures[]> {
  const figures: ListFigures[] = [];
  await getList(`${server.url}/api/orders`, server.token);
  for (const listCase of CASES) {
    const times: number[] = [];
    const straightTimes: number[] = [];
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const { ms, list } = await getList(`${server.url}/api/orders?limit=${PAGE}&${listCase.query(i)}`, server.token);
      times.push(ms);
      total = Math.max(total, list.total);
      straightTimes.push((await timed(async () => listCase.straight(server.services.db.read, server.seller.id, i))).ms);
    }
    figures.push({ label: listCase.label, p95: p95(times), straightP95: p95(straightTimes), total });
  }
  return figures;
}

type SubmitFigures = { ms: number; p95: number; refused: string[]; numbersCheck: string };

/** 100 buyers, each signed in, submit one order each to the seller at the same moment. */
async function measureSubmissions(server: BenchServer, menuId: string, productIds: string[]): Promise<SubmitFigures> {
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = await createUser(server.services, { id: crypto.randomUUID(), email: `buyer${i}@orders.bench`, passwordHash: 'not-used', firstName: `Buyer ${i}`, role: 'buyer' });
    tokens.push((await startSession(server.services, buyer)).token);
  }
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map((token, i) =>
      timed(async () => {
        const body = { id: crypto.randomUUID(), menuId, lines: [{ productId: productIds[i % productIds.length]!, quantity: '1' }] };
        const response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, text: await response.text() };
      }),
    ),
  );
  const ms = performance.now() - started;
  const refused = answers.filter(({ value }) => value.status !== 201).map(({ value }) => `${value.status} ${value.text.slice(0, 120)}`);
  const numbers = answers
    .filter(({ value }) => value.status === 201)
    .map(({ value }) => Number((JSON.parse(value.text) as Order).number.replace('SO-', '')))
    .sort((a, b) => a - b);
  const expected = Array.from({ length: BUYERS }, (_, i) => FIRST_NUMBER + ORDERS + i);
  const repeats = numbers.length - new Set(numbers).size;
  const missing = expected.filter((n) => !numbers.includes(n));
  const numbersCheck =
    repeats === 0 && missing.length === 0 && numbers.length === BUYERS
      ? `SO-${expected[0]} to SO-${expected.at(-1)}, no gap, no repeat`
      : `FAILED: ${numbers.length} numbered, ${repeats} repeated, missing ${missing.map((n) => `SO-${n}`).join(', ') || 'none'}`;
  return { ms, p95: p95(answers.map((answer) => answer.ms)), refused, numbersCheck };
}

async function measureOrders(engine: string, env: Record<string, string> = {}): Promise<void> {
  const server = await startBenchServer({ env });
  try {
    const { menuId, productIds } = await seed(server);
    const lists = await measureLists(server);
    const submissions = await measureSubmissions(server, menuId, productIds);
    console.info(`  ${engine}`);
    for (const figure of lists) {
      console.info(
        `    ${`GET /api/orders, ${figure.label}`.padEnd(48)} p95 ${figure.p95.toFixed(1).padStart(7)} ms   straight query p95 ${figure.straightP95.toFixed(1).padStart(6)} ms   ` +
          `${(figure.p95 / figure.straightP95).toFixed(1)}x   (of up to ${figure.total} orders; target at most 50 ms)`,
      );
    }
    console.info(
      `    ${BUYERS} orders submitted at once${' '.repeat(22)} all in ${submissions.ms.toFixed(0)} ms, p95 ${submissions.p95.toFixed(0)} ms each, ` +
        `${submissions.refused.length === 0 ? 'no errors' : `${submissions.refused.length} ERRORS: ${submissions.refused.slice(0, 3).join('; ')}`}`,
    );
    console.info(`    order numbers: ${submissions.numbersCheck}`);
  } finally {
    await server.close();
  }
}

export async function benchOrders(): Promise<void> {
  console.info(`orders (a seller with ${ORDERS.toLocaleString('en-US')} orders, pages of ${PAGE}, ${SAMPLES} requests each; HTTP on loopback)`);
  await measureOrders('SQLite');
  const postgres = await benchPostgresDatabase();
  if (!postgres) return;
  try {
    await measureOrders('PostgreSQL (same machine, over TCP)', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.drop();
  }
}
