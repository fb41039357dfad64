/**
 * The server-drawn public menu page (/menu/:publicLinkId) of the demo's
 * sample menu, under 50 connections on loopback, against a bare Node server
 * handing out the same answer prebuilt: the page gzip-compressed once, with
 * the headers the app sends (its security policies are part of the answer),
 * measured in the same run. What is left between the two is the app's own
 * work per visit: checking the menu is unchanged, the visitor cookie. On
 * SQLite (the embedded default) and, when one answers, on PostgreSQL.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { OWN_HEADERS } from '../api/public-menu/menu-page-fast-path';
import { benchPostgresDatabase } from './bench-postgres';
import { medianFigures, type Figures } from './median-of';
import { startBenchServer } from './bench-server';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const BUILD_DIR = 'dist/app';

const ROUNDS = 3;

async function load(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** The real server with the built app and the demo data (the sample menu at /menu/sample), on the database `env` names. */
export function startDemoSite(env: Record<string, string> = {}) {
  if (!existsSync(join(BUILD_DIR, 'index.html'))) throw new Error('Build the app first: npm run build');
  return startBenchServer({ staticRoot: BUILD_DIR, demo: true, env });
}

export async function benchMenuPage(): Promise<void> {
  const sqlite = await measureEngine('SQLite', {});
  const postgres = await benchPostgresDatabase();
  if (!postgres) return;
  try {
    const share = await measureEngine('PostgreSQL (same machine, over TCP)', { DATABASE_URL: postgres.url });
    console.info(`  PostgreSQL / SQLite, each against its own run's bare server: ${(share / sqlite).toFixed(2)}x`);
  } finally {
    await postgres.drop();
  }
}

/** The page's requests per second as a share of the bare server's, on the engine `env` names. */
async function measureEngine(engine: string, env: Record<string, string>): Promise<number> {
  const server = await startDemoSite(env);
  try {
    const pageUrl = `${server.url}/menu/sample`;
    const first = await fetch(pageUrl);
    const html = await first.text();
    if (!html.includes('Fall Wholesale Menu</h1>')) throw new Error('The menu page did not come drawn by the server');
    const gzipped = gzipSync(html);
    const pageHeaders: Record<string, string> = {};
    first.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) pageHeaders[name] = value;
    });
    const bare = createServer((_request, response) => {
      response.writeHead(200, { ...pageHeaders, 'content-encoding': 'gzip', 'content-length': gzipped.length });
      response.end(gzipped);
    });
    const barePort = await listen(bare);
    // Rounds taken in turn, the median of each kept: a shared machine's slow moment then falls on both alike.
    const references: Figures[] = [];
    const pages: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      references.push(await load(`http://127.0.0.1:${barePort}/`));
      pages.push(await load(pageUrl));
    }
    bare.close();
    const reference = medianFigures(references);
    const page = medianFigures(pages);

    const ratio = page.requestsPerSecond / reference.requestsPerSecond;
    console.info(
      `server-drawn menu page on ${engine} (/menu/sample, ${(html.length / 1024).toFixed(0)} KB HTML, ${(gzipped.length / 1024).toFixed(1)} KB gzip; ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s, taken in turn)`,
    );
    console.info(`  bare server, same answer   ${reference.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${reference.p99Ms} ms`);
    console.info(`  menu page                  ${page.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${page.p99Ms} ms`);
    console.info(`  menu page / bare server    ${(ratio * 100).toFixed(1)}% (target at least 70%)`);
    return ratio;
  } finally {
    await server.close();
  }
}
