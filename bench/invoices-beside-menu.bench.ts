/**
 * The public menu's latency while invoices are drawn beside it: guests fetching a menu of 200 products, alone, then
 * while four loops draw a 30-page invoice on the worker pool (as a download does whenever it finds no kept copy),
 * then, for comparison, while the same four loops draw it on the request thread, as every download did before.
 * Goal (performance notes): while invoices render, the public menu's p95 stays within 1.5x of its p95 alone.
 * The three loads are taken in turn, three rounds, the median p95 of each kept; the server, the guests and the
 * loops share this process, as in the other benchmarks, and the machine's cores with whatever else runs.
 */
import { menuCreateSchema } from '../sync/entities/menu';
import { productCreateSchema } from '../sync/entities/product';
import { renderInvoicePdf, type InvoiceData } from '../api/orders/invoice-pdf';
import { RENDER_INVOICE } from '../api/orders/invoice-pdfs';
import { createMenu } from '../api/menus/menu-service';
import { createProducts } from '../api/products/product-service';
import { SAMPLE_BUYER, SAMPLE_SELLER } from '../api/testing/sample-invoice-parties';
import { sampleOrder } from '../sync/testing/sample-order';
import { PRODUCT_CATEGORIES } from '../sync/contract/constants';
import { startBenchServer, type BenchServer } from './bench-server';

const PRODUCTS = 200;
/** Lines of the sample order that fill 30 pages. */
const INVOICE_LINES = 1180;
const INVOICE_LOOPS = 4;
const GUESTS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const GOAL_RATIO = 1.5;

type Latencies = { p50: number; p95: number; requests: number; invoices: number };

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

/**
 * One guest's fetch of the menu. A connection the server closed as idle while its thread was held (drawing on the
 * request thread) resets the request sent on it: the guest, like a browser, sends it again, and waits the while.
 */
async function fetchMenu(url: string, tries = 3): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
  } catch (error) {
    if (tries <= 1) throw error;
    return fetchMenu(url, tries - 1);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/** Guests fetching `url` one request after another for SECONDS, while `draw` runs in INVOICE_LOOPS loops. */
async function measure(url: string, draw: (() => Promise<unknown>) | null): Promise<Latencies> {
  const end = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let invoices = 0;
  const guest = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      await fetchMenu(url);
      latencies.push(performance.now() - started);
    }
  };
  const drawing = async () => {
    while (draw && performance.now() < end) {
      await draw();
      invoices += 1;
    }
  };
  await Promise.all([...Array.from({ length: GUESTS }, guest), ...Array.from({ length: INVOICE_LOOPS }, drawing)]);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), requests: latencies.length, invoices };
}

async function publicMenu(server: BenchServer): Promise<string> {
  const { services, seller } = server;
  const owner = { userId: seller.id, role: 'owner' as const };
  const created = await createProducts(
    services,
    seller,
    Array.from({ length: PRODUCTS }, (_, i) =>
      productCreateSchema.parse({
        strainName: `Strain ${i}`,
        description: 'Indoor, hand-trimmed, slow cured. Dense buds with a sweet, earthy nose and a long finish.',
        category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length],
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
  return `${server.url}/api/public/menu/${menu.publicLinkId}`;
}

export async function benchInvoicesBesideMenu(): Promise<void> {
  const server = await startBenchServer();
  try {
    const url = await publicMenu(server);
    const invoice: InvoiceData = {
      order: sampleOrder({ note: 'Deliver to the loading dock before noon.' }, INVOICE_LINES),
      seller: SAMPLE_SELLER,
      buyer: SAMPLE_BUYER,
      issuedAt: '2026-03-05T09:00:00.000Z',
    };
    const onPool = () => server.services.workers.run(RENDER_INVOICE, invoice);
    const onRequestThread = () => renderInvoicePdf(invoice);
    // Warm-up: the menu's kept answer, the worker thread started and its modules loaded, this thread's renderer.
    await (await fetch(url, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
    await onPool();
    await onRequestThread();

    const rounds: Array<{ alone: Latencies; pool: Latencies; thread: Latencies }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({ alone: await measure(url, null), pool: await measure(url, onPool), thread: await measure(url, onRequestThread) });
    }
    const figures = (pick: (round: (typeof rounds)[number]) => Latencies) => ({
      p50: middle(rounds.map((round) => pick(round).p50)),
      p95: middle(rounds.map((round) => pick(round).p95)),
      requests: middle(rounds.map((round) => pick(round).requests)),
      invoices: middle(rounds.map((round) => pick(round).invoices)),
    });
    const alone = figures((round) => round.alone);
    const pool = figures((round) => round.pool);
    const thread = figures((round) => round.thread);
    const row = (label: string, latencies: Latencies) =>
      `  ${label.padEnd(34)} p50 ${ms(latencies.p50)}  p95 ${ms(latencies.p95)}  ${String(latencies.requests).padStart(6)} requests, ${latencies.invoices} invoices drawn`;
    const ratio = pool.p95 / alone.p95;
    console.info(
      `Public menu beside invoices (${PRODUCTS} products, ${GUESTS} guests; ${INVOICE_LOOPS} loops of a 30-page invoice of ${INVOICE_LINES} lines; ${SECONDS} s each, median of ${ROUNDS} rounds taken in turn)`,
    );
    console.info(row('alone', alone));
    console.info(row('invoices on the worker pool', pool));
    console.info(row('invoices on the request thread', thread));
    console.info(
      `  p95 beside invoices on the pool / alone ${ratio.toFixed(2)}x (goal at most ${GOAL_RATIO}x): ${ratio <= GOAL_RATIO ? 'ok' : 'OVER GOAL'}; on the request thread, as before, ${(thread.p95 / alone.p95).toFixed(1)}x`,
    );
  } finally {
    await server.close();
  }
}
