/** A throw-away server for benchmarks: a fresh database, the real app on a loopback port, and a seller. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../api/app';
import { serveApp } from '../api/http/serve-app';
import { createUser, startSession } from '../api/auth/auth-service';
import type { Services } from '../api/context';
import { readEnv } from '../api/env';
import { seedDemoData } from '../api/seed/seed';
import { createServices } from '../api/services';
import type { User } from '../sync/entities/user';

export type BenchServer = { url: string; services: Services; seller: User; token: string; close(): Promise<void> };

/**
 * `staticRoot`: a built front end to serve (and its server-drawn menu pages) beside the API; `demo`: the demo data
 * first (the sample menu); `env`: configuration (TRUST_PROXY, or DATABASE_URL for PostgreSQL, say) added to the defaults.
 */
export async function startBenchServer(options: { staticRoot?: string; demo?: boolean; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-bench-'));
  // Orders by the hundred from one seller within a minute: what the bench measures is their cost, not the order quota.
  const quotas = { ORDERS_PER_MINUTE: '1000000', ORDERS_PER_DAY: '1000000', ORDERS_PER_PAIR_PER_HOUR: '1000000' };
  const services = createServices(readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...quotas, ...options.env }));
  await services.db.opened();
  if (options.demo) await seedDemoData(services);
  const seller = await createUser(services, {
    id: crypto.randomUUID(),
    email: 'bench@seller.test',
    passwordHash: 'not-used',
    firstName: 'Bench',
    role: 'seller',
    businessName: 'Bench Farms',
    subscriptionStatus: 'active',
  });
  const { token } = await startSession(services, seller);
  const server = serveApp(createApp(services, { staticRoot: options.staticRoot }), { port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    services,
    seller,
    token,
    async close() {
      // Load generators leave keep-alive sockets open; close them so the database closes after the last request.
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await services.workers.close();
      await services.db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
