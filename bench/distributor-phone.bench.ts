/**
 * A seller's phone with a distributor's business on it (bench/README.md), beside a small seller's in the same run:
 * Chromium at a phone's size with its CPU slowed 4x, the built app served by the real server, each seller's team built
 * through the product's own code paths (seller-team-data.ts). For each, on a device that has nothing yet: the first
 * rows on the Orders board, the first sync (until the board counts every order; the pull answers' bytes on the wire),
 * the board opened again once synced (a reload), each key of a four-letter search, one order opened, the device's
 * storage and the JavaScript heap, and long tasks while the board is left open. Each step has a limit: a step that
 * passes it is printed as such and the steps after it are not taken (the tab may be gone). DISTRIBUTOR_ORDERS scales
 * the distributor down for a quick look; BOARD_IDLE_MS sets the minute left open.
 */
import { chromium, type Browser } from '@playwright/test';
import { ordersChangedSince } from '../api/orders/order-service';
import { ORDER_WORKING_SET_DAYS } from '../sync/rules/order-working-set';
import { startBenchServer, type BenchServer } from './bench-server';
import { buildSellerTeam, DISTRIBUTOR, SMALL_SELLER, type TeamSize } from './seller-team-data';

const CPU_SLOWDOWN = 4;
const STEP_LIMIT_MS = Number(process.env.STEP_LIMIT_MS ?? 300_000);
const BOARD_IDLE_MS = Number(process.env.BOARD_IDLE_MS ?? 60_000);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SEARCH = 'Gree';

/** The distributor's goals, as bench/README.md's tables give them. */
const GOALS = { usableMs: 15_000, firstSyncMs: 60_000, wireBytes: 5 * 1024 * 1024, boardMs: 1_000, keyMs: 100, orderMs: 300, heapBytes: 300 * 1024 * 1024 };

type Figures = {
  firstSyncMs?: number;
  wireBytes?: number;
  pulls?: number;
  firstRowsMs?: number;
  boardMs?: number;
  keyMs?: number[];
  orderMs?: number;
  storageBytes?: number;
  heapBytes?: number;
  idleLongTasks?: number;
  idleBlockedMs?: number;
  stoppedAt?: string;
};

/** Long tasks and the slowest input events (keys), recorded from the page's start. */
const RECORD_TASKS_AND_KEYS = () => {
  const seen: { tasks: Array<{ start: number; duration: number }>; keys: number[] } = { tasks: [], keys: [] };
  (window as unknown as { __phone: typeof seen }).__phone = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // An input event's duration runs from the key to the next paint after its handlers: what a person waits for.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'keydown') seen.keys.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** `orders`: how many the device keeps (sync/rules/order-working-set.ts), which the board counts once synced. */
type Site = BenchServer & { orders: number };

/** In the page: whether the board's columns count at least `expected` orders together. */
const boardCounts = (expected: number) => {
  const headings = [...document.querySelectorAll('main section[aria-label] > h2')].map((heading) => heading.textContent ?? '');
  return headings.reduce((sum, text) => sum + Number(/\((\d+)\)/.exec(text)?.[1] ?? 0), 0) >= expected;
};

/** The real server with the built app, and a seller team of `size` on it. */
async function startSite(size: TeamSize): Promise<Site> {
  const server = await startBenchServer({ staticRoot: 'dist/app' });
  await buildSellerTeam(server.services, server.seller, size);
  const owner = { account: server.seller, member: { userId: server.seller.id, role: 'owner' as const }, name: '' };
  return { ...server, orders: (await ordersChangedSince(server.services, owner, 0, ORDER_WORKING_SET_DAYS)).length };
}

async function step<T>(figures: Figures, name: string, run: () => Promise<T>): Promise<T | undefined> {
  if (figures.stoppedAt) return undefined;
  try {
    return await run();
  } catch (error) {
    figures.stoppedAt = `${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    return undefined;
  }
}

async function measure(browser: Browser, site: Site): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const figures: Figures = { wireBytes: 0, pulls: 0 };
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(RECORD_TASKS_AND_KEYS);
    // Signed in as the app keeps a session: the token and the cached person, so the first sync starts at once.
    await page.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('auth_user', user);
      },
      { token: site.token, user: JSON.stringify(site.seller) },
    );
    page.on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/api/sync/pull')) return;
      void request
        .sizes()
        .then((sizes) => {
          figures.wireBytes! += sizes.responseBodySize + sizes.responseHeadersSize;
          figures.pulls! += 1;
        })
        .catch(() => undefined);
    });

    const started = Date.now();
    await page.goto(`${site.url}/seller/orders`);
    await step(figures, 'first rows', async () => {
      await page.locator('main ul[aria-label="Orders"] li').first().waitFor({ timeout: STEP_LIMIT_MS });
      figures.firstRowsMs = Date.now() - started;
    });
    await step(figures, 'first sync', async () => {
      await page.waitForFunction(boardCounts, site.orders, { timeout: STEP_LIMIT_MS, polling: 1_000 });
      figures.firstSyncMs = Date.now() - started;
    });
    await step(figures, 'board opened', async () => {
      const opened = Date.now();
      await page.reload();
      await page.locator('main ul[aria-label="Orders"] li').first().waitFor({ timeout: STEP_LIMIT_MS });
      figures.boardMs = Date.now() - opened;
    });
    await step(figures, 'search', async () => {
      const search = page.getByRole('searchbox', { name: 'Search orders' }).or(page.getByRole('textbox', { name: 'Search orders' }));
      await search.click({ timeout: STEP_LIMIT_MS });
      for (const key of SEARCH) await search.press(key, { timeout: STEP_LIMIT_MS });
      await page.waitForTimeout(1_000);
      figures.keyMs = await page.evaluate(() => (window as unknown as { __phone: { keys: number[] } }).__phone.keys.slice(-4));
      await search.fill('', { timeout: STEP_LIMIT_MS });
      // The lists follow the search box a moment later: wait for the whole board again before taking its first order.
      await page.waitForFunction(boardCounts, site.orders, { timeout: STEP_LIMIT_MS, polling: 250 });
    });
    await step(figures, 'one order', async () => {
      const first = page.locator('main ul[aria-label="Orders"] li a').first();
      const number = ((await first.textContent({ timeout: STEP_LIMIT_MS })) ?? '').split(' · ')[0]!.trim();
      const opened = Date.now();
      await first.click({ timeout: STEP_LIMIT_MS });
      await page.getByRole('heading', { level: 1 }).filter({ hasText: number }).waitFor({ timeout: STEP_LIMIT_MS });
      figures.orderMs = Date.now() - opened;
      await page.goBack({ timeout: STEP_LIMIT_MS });
      await page.locator('main ul[aria-label="Orders"] li').first().waitFor({ timeout: STEP_LIMIT_MS });
    });
    await step(figures, 'storage and heap', async () => {
      figures.storageBytes = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      figures.heapBytes = heap.usedSize;
    });
    await step(figures, 'left open', async () => {
      const from = await page.evaluate(() => performance.now());
      await page.waitForTimeout(BOARD_IDLE_MS);
      const tasks = await page.evaluate(
        (since) => (window as unknown as { __phone: { tasks: Array<{ start: number; duration: number }> } }).__phone.tasks.filter((task) => task.start >= since),
        from,
      );
      figures.idleLongTasks = tasks.length;
      figures.idleBlockedMs = tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    });
  } finally {
    await context.close().catch(() => undefined);
  }
  return figures;
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
const megabytes = (bytes: number | undefined) => (bytes === undefined ? '-' : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const ratio = (distributor: number | undefined, small: number | undefined) =>
  distributor === undefined || small === undefined ? '' : ` (${(distributor / Math.max(small, 1)).toFixed(1)}x the small seller's)`;

function report(small: Figures, distributor: Figures, size: TeamSize): void {
  const row = (label: string, pick: (figures: Figures) => string, goal: string) =>
    console.info(`  ${label.padEnd(30)} ${pick(small).padEnd(22)} ${pick(distributor).padEnd(22)} ${goal}`);
  console.info(
    `distributor's phone: 390 px, CPU ${CPU_SLOWDOWN}x slower; the distributor has ${size.products} products, ${size.customers} customers, ${size.priceLists} price lists, ${size.orders} orders (${size.openOrders} open)`,
  );
  console.info(`  ${''.padEnd(30)} ${'small seller'.padEnd(22)} ${'distributor'.padEnd(22)} goal for the distributor`);
  row('first sync', (f) => seconds(f.firstSyncMs), `at most ${seconds(GOALS.firstSyncMs)}${ratio(distributor.firstSyncMs, small.firstSyncMs)}`);
  row('pull answers on the wire', (f) => `${megabytes(f.wireBytes)} in ${f.pulls ?? 0}`, `at most ${megabytes(GOALS.wireBytes)}${ratio(distributor.wireBytes, small.wireBytes)}`);
  row('first rows on a new device', (f) => seconds(f.firstRowsMs), `usable within ${seconds(GOALS.usableMs)}${ratio(distributor.firstRowsMs, small.firstRowsMs)}`);
  row('Orders board opened again', (f) => seconds(f.boardMs), `at most ${seconds(GOALS.boardMs)}${ratio(distributor.boardMs, small.boardMs)}`);
  row('each search key', (f) => (f.keyMs ? `${Math.max(0, ...f.keyMs).toFixed(0)} ms at worst` : '-'), `at most ${GOALS.keyMs} ms`);
  row('one order opened', (f) => seconds(f.orderMs), `at most ${seconds(GOALS.orderMs)}${ratio(distributor.orderMs, small.orderMs)}`);
  row('device storage', (f) => megabytes(f.storageBytes), '');
  row('JavaScript heap', (f) => megabytes(f.heapBytes), `at most ${megabytes(GOALS.heapBytes)}`);
  row(`board left open ${seconds(BOARD_IDLE_MS)}`, (f) => (f.idleLongTasks === undefined ? '-' : `${f.idleLongTasks} long tasks, ${seconds(f.idleBlockedMs)}`), 'no long task');
  for (const [label, figures] of [
    ['small seller', small],
    ['distributor', distributor],
  ] as const) {
    if (figures.stoppedAt) console.info(`  ${label} stopped at ${figures.stoppedAt} (limit ${seconds(STEP_LIMIT_MS)} a step)`);
  }
}

export async function benchDistributorPhone(): Promise<void> {
  const distributorSize = { ...DISTRIBUTOR, orders: Number(process.env.DISTRIBUTOR_ORDERS ?? DISTRIBUTOR.orders) };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const smallSite = await startSite(SMALL_SELLER);
    const small = await measure(browser, smallSite).finally(() => smallSite.close());
    const distributorSite = await startSite(distributorSize);
    const distributor = await measure(browser, distributorSite).finally(() => distributorSite.close());
    report(small, distributor, distributorSize);
  } finally {
    await browser.close();
  }
}
