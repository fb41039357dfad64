/**
 * Renders the app icons (app/public/icons/*.png) from the favicon's mark with
 * the system Chromium, so no image library is needed. Run after changing the
 * mark: `node scripts/generate-icons.mjs` (CHROMIUM_PATH overrides the browser).
 *
 * The icons are full-bleed squares, not the favicon's rounded tile: iOS uses
 * icon-192 as the apple-touch-icon and paints transparent corners black, and
 * every platform applies its own corner mask anyway.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const GREEN = '#166534';
const WHITE = '#f8faf7';
// Same leaf-and-stem path as app/public/favicon.svg, in its 64x64 viewBox.
const MARK = 'M32 10c3 9 3 17 0 26-3-9-3-17 0-26Zm0 26c6-7 13-11 22-12-5 8-12 12-22 12Zm0 0c-6-7-13-11-22-12 5 8 12 12 22 12Zm-2 2h4v16h-4z';

const ICONS = [
  { file: 'icon-192.png', size: 192, markScale: 1 },
  { file: 'icon-512.png', size: 512, markScale: 1 },
  // Maskable icons may be cropped to a circle of 80% of the width, so the mark
  // is shrunk well inside it (its farthest point then sits at ~29% from the centre).
  { file: 'icon-maskable-512.png', size: 512, markScale: 0.8 },
];

function iconSvg(size, markScale) {
  const offset = 32 * (1 - markScale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${GREEN}"/>
  <path transform="translate(${offset} ${offset}) scale(${markScale})" d="${MARK}" fill="${WHITE}"/>
</svg>`;
}

const outDir = fileURLToPath(new URL('../app/public/icons/', import.meta.url));
await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, markScale } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:${GREEN}">${iconSvg(size, markScale).replace('<svg ', '<svg style="display:block" ')}</body></html>`,
    );
    await page.screenshot({ path: `${outDir}${file}`, omitBackground: false, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.info(`wrote app/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
