/**
 * The public menu API (500 products, 50 connections) served by one and by
 * two API processes on one PostgreSQL (SQLite's file when none answers) and
 * one Redis, both times through the
 * same round-robin proxy, so the proxy's own cost is in both figures. The
 * processes, the proxy and the load generator share this machine's cores:
 * the ratio says what a second process adds here, not on a machine of its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { PRODUCT_CATEGORIES } from '../sync/contract/constants';
import type { AuthResponse } from '../sync/entities/user';
import { startRoundRobinProxy } from '../api/testing/round-robin-proxy';
import { spawnServer, type ServerProcess } from '../api/testing/server-process';
import { benchPostgresDatabase } from './bench-postgres';

const PRODUCTS = 500;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REDIS_URL = process.env.REDIS_URL_TEST || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PUSH_BATCH = 200;

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A seller and a public menu of PRODUCTS products, made through the sync push as a device would. */
async function menuOfManyProducts(base: string): Promise<string> {
  const seller = await call<AuthResponse>(base, '/api/auth/register', {
    email: `bench-${randomUUID()}@processes.test`,
    password: 'bench-processes-pass',
    firstName: 'Bench',
    role: 'seller',
  });
  const productIds = Array.from({ length: PRODUCTS }, () => randomUUID());
  const publicLinkId = randomUUID();
  const mutations = [
    ...productIds.map((id, i) => ({
      name: 'product.create',
      args: {
        id,
        strainName: `Strain ${i}`,
        category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length],
        pricePerUnit: String(500 + i),
        unitType: 'lb',
        availableQuantity: String(i),
      },
    })),
    { name: 'menu.create', args: { id: randomUUID(), publicLinkId, name: 'Bench menu', isPublic: true, productIds } },
  ].map((mutation, i) => ({ seq: i + 1, ...mutation }));
  const clientId = randomUUID();
  for (let i = 0; i < mutations.length; i += PUSH_BATCH) {
    await call(base, '/api/sync/push', { clientId, mutations: mutations.slice(i, i + PUSH_BATCH) }, seller.token);
  }
  return publicLinkId;
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

export async function benchApiProcesses(): Promise<void> {
  console.info(
    `public menu API with one and two API processes (${PRODUCTS} products, ${CONNECTIONS} connections through a round-robin proxy, ${SECONDS} s each, ${availableParallelism()} cores shared by all)`,
  );
  if (!(await redisAnswers(REDIS_URL))) {
    console.info(`  skipped: no Redis answers at ${REDIS_URL} (set REDIS_URL_TEST)`);
    return;
  }
  const postgres = await benchPostgresDatabase();
  console.info(`  on ${postgres ? 'PostgreSQL' : 'the SQLite file'} and Redis`);
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-bench-processes-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    JWT_SECRET: 'bench-processes-secret-that-is-long-enough',
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_KEY_PREFIX: `bench-${randomUUID()}:`,
    ...(postgres && { DATABASE_URL: postgres.url }),
  };
  const processes: ServerProcess[] = [];
  const start = async () => {
    const server = spawnServer(env);
    processes.push(server);
    return server.listening;
  };
  try {
    const first = await start();
    const second = await start();
    const publicLinkId = await menuOfManyProducts(first);
    const proxy = await startRoundRobinProxy([first]);
    try {
      const path = `/api/public/menu/${publicLinkId}`;
      const one = await load(`${proxy.url}${path}`);
      proxy.setBackends([first, second]);
      const two = await load(`${proxy.url}${path}`);
      console.info(`  one process    ${one.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${one.p99Ms} ms`);
      console.info(`  two processes  ${two.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${two.p99Ms} ms`);
      console.info(`  two / one      ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}x`);
    } finally {
      await proxy.close();
    }
  } finally {
    for (const server of processes) server.child.kill('SIGTERM');
    await Promise.all(processes.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}
