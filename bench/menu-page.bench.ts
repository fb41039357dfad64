/**
 * The server-drawn public menu page (/menu/:publicLinkId) of the demo's
 * sample menu, under 50 connections on loopback, against a bare Node server
 * handing out the same page prebuilt and gzip-compressed once, measured in
 * the same run.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const BUILD_DIR = 'dist/app';

async function load(url: string): Promise<{ requestsPerSecond: number; p99Ms: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** The real server with the built app and the demo data (the sample menu at /menu/sample). */
export function startDemoSite() {
  if (!existsSync(join(BUILD_DIR, 'index.html'))) throw new Error('Build the app first: npm run build');
  return startBenchServer({ staticRoot: BUILD_DIR, demo: true });
}

export async function benchMenuPage(): Promise<void> {
  const server = await startDemoSite();
  try {
    const pageUrl = `${server.url}/menu/sample`;
    const first = await fetch(pageUrl);
    const html = await first.text();
    if (!html.includes('Fall Wholesale Menu</h1>')) throw new Error('The menu page did not come drawn by the server');
    const gzipped = gzipSync(html);
    const bare = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'content-encoding': 'gzip', 'content-length': gzipped.length });
      response.end(gzipped);
    });
    const barePort = await listen(bare);
    const reference = await load(`http://127.0.0.1:${barePort}/`);
    const page = await load(pageUrl);
    bare.close();

    const ratio = page.requestsPerSecond / reference.requestsPerSecond;
    console.info(`server-drawn menu page (/menu/sample, ${(html.length / 1024).toFixed(0)} KB HTML, ${(gzipped.length / 1024).toFixed(1)} KB gzip; ${CONNECTIONS} connections, ${SECONDS} s each)`);
    console.info(`  bare prebuilt gzip server  ${reference.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${reference.p99Ms} ms`);
    console.info(`  menu page                  ${page.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${page.p99Ms} ms`);
    console.info(`  menu page / bare server    ${(ratio * 100).toFixed(1)}% (target at least 70%)`);
  } finally {
    await server.close();
  }
}
