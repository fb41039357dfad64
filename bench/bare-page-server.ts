/** The reference page of the browser benches: a bare React page of 12 cards (bench/bare-page), built and served statically, compressed. */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'vite';

export async function buildBarePage(outDir: string): Promise<void> {
  await build({ root: join(import.meta.dirname, 'bare-page'), configFile: false, logLevel: 'error', plugins: [react()], build: { outDir, emptyOutDir: true } });
}

export async function serveBarePage(root: string): Promise<{ url: string; close(): void }> {
  const app = new Hono().use(compress()).use(serveStatic({ root }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() };
}
