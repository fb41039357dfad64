/**
 * Insights and live menus under load: 100,000 view events recorded, then the
 * insights query for one menu timed (goal: at most 50 ms); 1,000 event
 * streams open on one process, then the time for one change to reach the
 * last of them (goal: at most 2 s), with the memory each open stream costs.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { menuInsights } from '../api/analytics/insights-service';
import { startBenchServer } from './bench-server';

const VIEWS = 100_000;
const VISITORS = 20_000;
const STREAMS = 1_000;
const QUERY_RUNS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

// A collection before each memory reading, so the figure is what the streams hold, not garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchInsights(): Promise<void> {
  const server = await startBenchServer({ env: { TRUST_PROXY: '1' } });
  try {
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const product = await api<{ id: string }>('POST', '/api/products', { strainName: 'Bench Kush', pricePerUnit: '10', availableQuantity: '1000' });
    const menu = await api<{ id: string; publicLinkId: string }>('POST', '/api/menus', { name: 'Bench Menu', isPublic: true, productIds: [product.id] });

    // Views: spread over the last 30 days, each visitor returning after the dedup window, so every one counts.
    const now = Date.now();
    let started = performance.now();
    for (let i = 0; i < VIEWS; i++) {
      server.services.views.record({
        menuId: menu.id,
        visitorKey: `a:visitor-${i % VISITORS}`,
        userId: null,
        userRole: null,
        addressKey: `address-${i % VISITORS}`,
        at: new Date(now - 30 * DAY_MS + Math.floor((i / VIEWS) * 30 * DAY_MS)),
      });
    }
    await server.services.views.flush();
    const recordMs = performance.now() - started;

    const times: number[] = [];
    const asker = { user: server.seller, team: { id: server.seller.id, role: 'owner' as const, account: server.seller, sinceVersion: 0 } };
    let insights = await menuInsights(server.services, asker, menu.id, { days: 30 });
    for (let i = 0; i < QUERY_RUNS; i++) {
      started = performance.now();
      insights = await menuInsights(server.services, asker, menu.id, { days: 30 });
      times.push(performance.now() - started);
    }
    console.info('Insights');
    console.info(`  recorded ${VIEWS.toLocaleString()} views (${VISITORS.toLocaleString()} visitors) in ${ms(recordMs)}`);
    console.info(`  counted ${insights.totalViews.toLocaleString()} views, ${insights.uniqueVisitors.toLocaleString()} unique visitors in 30 days`);
    console.info(`  insights query for one menu (30 days): median ${ms(median(times))}, worst ${ms(Math.max(...times))} (goal ≤ 50 ms)`);

    // Streams: each from its own address (behind the trusted proxy), as many buyers would be.
    const url = new URL(server.url);
    collect();
    const before = process.memoryUsage();
    const responses: IncomingMessage[] = [];
    const arrived: Array<Promise<number>> = [];
    for (let i = 0; i < STREAMS; i++) {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest({
          host: url.hostname,
          port: url.port,
          path: `/api/public/menu/${menu.publicLinkId}/events`,
          agent: false,
          headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 'last-event-id': String(server.services.db.committedVersion) },
        });
        req.on('response', resolve).on('error', reject).end();
      });
      response.setEncoding('utf8');
      responses.push(response);
      arrived.push(
        new Promise<number>((resolve) => {
          let buffer = '';
          const onData = (chunk: string) => {
            buffer += chunk;
            if (buffer.includes('event: menu')) {
              response.off('data', onData);
              resolve(performance.now());
            }
          };
          response.on('data', onData);
        }),
      );
    }
    collect();
    const opened = process.memoryUsage();
    const changeAt = performance.now();
    await api('PUT', `/api/products/${product.id}`, { availableQuantity: '999' });
    const last = Math.max(...(await Promise.all(arrived)));
    console.info('Live menus');
    console.info(`  ${STREAMS.toLocaleString()} open event streams on one process`);
    console.info(`  a change reached the last stream in ${ms(last - changeAt)} (goal ≤ 2,000 ms)`);
    console.info(`  memory per open stream: ${((opened.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} KiB of heap (both ends: the bench holds the client sockets too)`);
    for (const response of responses) response.destroy();
  } finally {
    await server.close();
  }
}
