/**
 * The app reads from the server only through the read table
 * (sync/contract/api-reads.ts): no screen asks for a GET by hand, where its answer
 * would go unchecked and the server test of the table would not see it. The
 * few places that still do are named here with why, and each must still do
 * so, so this list cannot outlive them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const APP = join(import.meta.dirname, '..', '..');

const ALLOWED: Record<string, string> = {
  'lib/api-client.ts': 'the fetch wrapper every request goes through',
  'lib/server-read/read-from-server.ts': 'the one reader of the table',
  'lib/replica/http-sync-transport.ts': "sync's pull, whose protocol and schemas are in sync/contract/protocol.ts",
  'lib/replica/prefetch-covers.ts': 'fetches cover photos into the offline cache; no answer is read',
  // The shared menu is what a guest opens first: its JavaScript stays within budget without the schema library, and
  // the server test of the table still checks its answer (the `publicMenu` read). It also reads the answer's Date header.
  'features/public-menu/public-menu-page.tsx': 'the shared menu, kept free of the schema library for its JavaScript budget',
  'features/public-menu/print-menu-page.tsx': "the printable menu, through the shared menu's own loader",
  'features/orders/download-invoice.ts': 'saves the invoice PDF as a file; no answer is read',
};

/** What a read by hand looks like: a GET named outright, a fetch that writes nothing, a hook given its own fetch. */
const READS_BY_HAND = [
  /'GET'/,
  /useServerRead\(\s*[`'"]/,
  /fetchFromServer\((?![^;]*method:\s*'(?:POST|PUT|PATCH|DELETE)')[^;]*;/,
  /apiRequest(?:<[^>]*>)?\(\s*[a-z]/, // a method passed in a variable may be GET
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/test-support\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

function readsByHand(): string[] {
  return sourceFiles(APP)
    .filter((path) => READS_BY_HAND.some((pattern) => pattern.test(readFileSync(path, 'utf8'))))
    .map((path) => relative(APP, path).split('\\').join('/'))
    .sort();
}

it('finds every read from the server in the read table, but for the few named with why', () => {
  expect(readsByHand()).toEqual(Object.keys(ALLOWED).sort());
});

it('sees a read by hand for what it is', () => {
  const source = (text: string) => READS_BY_HAND.some((pattern) => pattern.test(text));
  expect(source("await apiRequest<User[]>('GET', '/api/admin/customers');")).toBe(true);
  expect(source("useServerRead('figures', fetchFigures);")).toBe(true);
  expect(source('const response = await fetchFromServer(`/api/site`, { headers: authHeaders() });')).toBe(true);
  expect(source("await fetchFromServer('/api/upload', { method: 'POST', body });")).toBe(false);
  expect(source("await apiRequest('DELETE', '/api/account/email-change');")).toBe(false);
  expect(source('useServerRead(apiReads.adminStats());')).toBe(false);
});
