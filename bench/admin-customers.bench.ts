/**
 * The admin's customer list at 100,000 customers, over real HTTP on loopback:
 * p95 of a search and of a page of the list (goal at most 50 ms each). The
 * baseline, measured in the same run on the same data, is what the dashboard
 * did before: the whole list in one answer, and a search that reads every row.
 */
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { createUser, startSession } from '../api/auth/auth-service';
import { users } from '../api/db/schema';
import { startBenchServer } from './bench-server';

const CUSTOMERS = 100_000;
const SAMPLES = 200;
const BASELINE_SAMPLES = 5;
const PAGE_SIZE = 25;
const INSERT_CHUNK = 500;

const FIRST = ['Maya', 'Jordan', 'Alex', 'Sam', 'Riley', 'Casey', 'Taylor', 'Morgan', 'Avery', 'Quinn', 'Harper', 'Rowan'];
const LAST = ['Greene', 'Reyes', 'Okafor', 'Lindqvist', 'Nakamura', 'Fitzgerald', 'Abernathy', 'Castellano', 'Haddad', 'Kowalski'];
const BUSINESS = ['Cultivation', 'Farms', 'Extracts', 'Provisions', 'Gardens', 'Labs', 'Collective', 'Dispensary'];

function get(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - started, bytes, status: response.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function timeAll(urls: string[], token: string): Promise<number> {
  const times: number[] = [];
  for (const url of urls) {
    const { ms, status } = await get(url, token);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    times.push(ms);
  }
  return p95(times);
}

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length]!;

export async function benchAdminCustomers(): Promise<void> {
  const bench = await startBenchServer();
  try {
    const { services } = bench;
    const seededAt = Date.now() - CUSTOMERS * 60_000;
    for (let start = 0; start < CUSTOMERS; start += INSERT_CHUNK) {
      await services.db.transaction(async (tx) => {
        const rows = Array.from({ length: Math.min(INSERT_CHUNK, CUSTOMERS - start) }, (_, offset) => {
          const n = start + offset;
          const seller = n % 3 !== 0;
          return {
            id: crypto.randomUUID(),
            email: `customer${n}@bench.example`,
            passwordHash: 'not-used',
            firstName: pick(FIRST, n),
            lastName: `${pick(LAST, Math.floor(n / 7))}${n % 97}`,
            role: seller ? ('seller' as const) : ('buyer' as const),
            businessName: seller ? `${pick(LAST, n)} ${pick(BUSINESS, n)} ${n}` : null,
            companyName: seller ? null : `${pick(LAST, n + 3)} ${pick(BUSINESS, n + 1)} ${n}`,
            trialEndsAt: seller ? new Date(seededAt + n * 60_000 + 14 * 86_400_000) : null,
            version: tx.version,
            createdAt: new Date(seededAt + n * 60_000),
            updatedAt: new Date(seededAt + n * 60_000),
          };
        });
        await tx.db.insert(users).values(rows).run();
      });
    }
    const admin = await createUser(services, { id: crypto.randomUUID(), email: 'admin@bench.example', passwordHash: 'not-used', firstName: 'Bench', role: 'admin' });
    const { token } = await startSession(services, admin);
    const base = `${bench.url}/api/admin/customers`;

    const searchTerms = Array.from({ length: SAMPLES }, (_, i) => {
      // Parts of names, emails and business names, as an admin types them.
      const kinds = [pick(LAST, i).slice(1, 6), `customer${(i * 7919) % CUSTOMERS}@`, `${pick(BUSINESS, i).toLowerCase()} ${(i * 31) % CUSTOMERS}`, pick(FIRST, i)];
      return pick(kinds, i);
    });
    const searchUrls = searchTerms.map((term, i) => `${base}?search=${encodeURIComponent(term)}&role=${pick(['', 'seller', 'buyer'], i)}&page=1&pageSize=${PAGE_SIZE}`);
    const lastPage = Math.ceil(CUSTOMERS / PAGE_SIZE);
    const pageUrls = Array.from({ length: SAMPLES }, (_, i) => {
      // Mostly the first pages, as people read them, and now and then one deep in the list.
      const page = i % 10 === 0 ? 1 + ((i * 7919) % lastPage) : 1 + (i % 20);
      return `${base}?page=${page}&pageSize=${PAGE_SIZE}${i % 2 ? '&role=seller' : ''}`;
    });

    // Warm the connection and the page cache once.
    await get(pageUrls[0]!, token);
    const searchP95 = await timeAll(searchUrls, token);
    const pageP95 = await timeAll(pageUrls, token);

    const whole = await get(base, token);
    const baselineListP95 = await timeAll(
      Array.from({ length: BASELINE_SAMPLES }, () => base),
      token,
    );
    // The old search: every row read with LIKE, the whole match list sent back.
    const baselineSearchTimes: number[] = [];
    for (const term of searchTerms.slice(0, BASELINE_SAMPLES * 4)) {
      const started = performance.now();
      const pattern = `%${term}%`;
      services.db.read.all(
        sql`SELECT * FROM users WHERE role <> 'admin' AND (first_name LIKE ${pattern} OR last_name LIKE ${pattern} OR email LIKE ${pattern} OR business_name LIKE ${pattern} OR company_name LIKE ${pattern}) ORDER BY created_at DESC`,
      );
      baselineSearchTimes.push(performance.now() - started);
    }
    const baselineSearchP95 = p95(baselineSearchTimes);

    console.info(`admin customer list (${CUSTOMERS.toLocaleString('en-US')} customers, pages of ${PAGE_SIZE}, ${SAMPLES} requests each, goal p95 at most 50 ms)`);
    console.info(`  search, first page          p95 ${searchP95.toFixed(1).padStart(8)} ms`);
    console.info(`  a page of the list          p95 ${pageP95.toFixed(1).padStart(8)} ms`);
    console.info(`  baseline: whole list        p95 ${baselineListP95.toFixed(1).padStart(8)} ms  (${(whole.bytes / 1024 / 1024).toFixed(1)} MB per answer)`);
    console.info(`  baseline: search every row  p95 ${baselineSearchP95.toFixed(1).padStart(8)} ms  (in-process query only, no HTTP)`);
    console.info(`  page vs whole list          ${(baselineListP95 / pageP95).toFixed(0)}x faster`);
    console.info(`  indexed vs full-scan search ${(baselineSearchP95 / searchP95).toFixed(1)}x faster`);
  } finally {
    await bench.close();
  }
}
