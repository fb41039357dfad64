/**
 * Photo compression in headless Chromium through the code the app ships: the
 * built app (dist/app, `npm run build` first) is served on loopback, its
 * landing page is opened, and the built compress-photo chunk (found through
 * the build's manifest) is imported there, so the library runs in its web
 * worker from the app's own files, exactly as on a phone. The page draws a
 * 12-megapixel photo (4000 × 3000: gradients, shapes and sensor-like noise,
 * so the JPEG is as large as a phone's), encodes it as a JPEG at quality
 * 0.92, and compresses it three times (the first run includes starting the
 * worker). Targets: at most 1.5 s, 1 MB and 2048 px.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from '@playwright/test';
import type { compressPhoto as CompressPhoto } from '../app/lib/photos/compress-photo';

const BUILD_DIR = 'dist/app';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_MS = 1500;
const TARGET_BYTES = 1024 * 1024;
const TARGET_EDGE = 2048;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** The built app's files over HTTP, with its index for any other path (client routes); /api answers 404. */
function serveBuild(root: string): Promise<{ url: string; server: Server }> {
  const index = readFileSync(join(root, 'index.html'));
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    const file = normalize(join(root, path));
    const inside = file.startsWith(normalize(root) + sep);
    if (inside && statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! }).end(index);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })));
}

function compressChunk(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest['lib/photos/compress-photo.ts'];
  if (!chunk) throw new Error('The build has no compress-photo chunk: run npm run build');
  return `/${chunk.file}`;
}

export type PhotoCompressionRun = { ms: number; bytes: number; width: number; height: number };
export type PhotoCompressionResult = {
  sourceBytes: number;
  sourceWidth: number;
  sourceHeight: number;
  runs: PhotoCompressionRun[];
  workersStarted: number;
  libraryFetched: boolean;
};

export async function benchPhotoCompression(): Promise<PhotoCompressionResult> {
  const chunk = compressChunk(BUILD_DIR);
  const { url, server } = await serveBuild(BUILD_DIR);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    let libraryFetched = false;
    page.on('request', (request) => {
      if (/\/assets\/browser-image-compression-[^/]+\.js$/.test(request.url())) libraryFetched = true;
    });
    // tsx compiles this file with esbuild's keepNames, whose `__name` helper the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.goto(`${url}/`);
    const result = await page.evaluate(async (chunkUrl) => {
      let workersStarted = 0;
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          workersStarted += 1;
        }
      };
      const { compressPhoto } = (await import(/* @vite-ignore */ chunkUrl)) as { compressPhoto: typeof CompressPhoto };

      const width = 4000;
      const height = 3000;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const sky = context.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, '#7fb2e5');
      sky.addColorStop(0.45, '#e8f0d8');
      sky.addColorStop(1, '#2d5a27');
      context.fillStyle = sky;
      context.fillRect(0, 0, width, height);
      let seed = 7;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      for (let index = 0; index < 2500; index += 1) {
        const x = random() * width;
        const y = random() * height;
        const radius = 8 + random() * 90;
        const leaf = context.createRadialGradient(x, y, 0, x, y, radius);
        leaf.addColorStop(0, `hsl(${70 + random() * 60} ${40 + random() * 40}% ${25 + random() * 40}%)`);
        leaf.addColorStop(1, 'rgba(0, 0, 0, 0)');
        context.fillStyle = leaf;
        context.beginPath();
        context.arc(x, y, radius, 0, Math.PI * 2);
        context.fill();
      }
      // Sensor noise, as in any phone photo: it is what makes a 12 MP JPEG weigh megabytes.
      const pixels = context.getImageData(0, 0, width, height);
      for (let index = 0; index < pixels.data.length; index += 4) {
        const noise = (random() - 0.5) * 28;
        pixels.data[index] = pixels.data[index]! + noise;
        pixels.data[index + 1] = pixels.data[index + 1]! + noise;
        pixels.data[index + 2] = pixels.data[index + 2]! + noise;
      }
      context.putImageData(pixels, 0, 0);
      const source = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.92));
      canvas.width = canvas.height = 0;

      const runs = [];
      for (let run = 0; run < 3; run += 1) {
        const photo = await compressPhoto(new File([source], 'bench.jpg', { type: 'image/jpeg' }));
        runs.push({ ms: Math.round(photo.ms), bytes: photo.bytes, width: photo.width, height: photo.height });
      }
      return { sourceBytes: source.size, sourceWidth: width, sourceHeight: height, runs, workersStarted };
    }, chunk);
    return { ...result, libraryFetched };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function benchPhotoCompressionReport(): Promise<void> {
  const result = await benchPhotoCompression();
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  const within = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
  console.info('photo compression (12 MP JPEG in headless Chromium, through the built app code)');
  console.info(`  source ${result.sourceWidth}×${result.sourceHeight}, ${mb(result.sourceBytes)}`);
  result.runs.forEach((run, index) => {
    console.info(
      `  run ${index + 1}${index === 0 ? ' (cold: worker start)' : ''}: ${run.ms} ms [${within(run.ms <= TARGET_MS)}], ` +
        `${mb(run.bytes)} [${within(run.bytes <= TARGET_BYTES)}], ${run.width}×${run.height} [${within(Math.max(run.width, run.height) <= TARGET_EDGE)}]`,
    );
  });
  console.info(
    `  targets: at most ${TARGET_MS} ms, ${mb(TARGET_BYTES)}, ${TARGET_EDGE} px; web workers started: ${result.workersStarted}, library loaded from the app's build: ${result.libraryFetched ? 'yes' : 'no'}`,
  );
}
