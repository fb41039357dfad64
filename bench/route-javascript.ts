/**
 * The JavaScript a route downloads, gzip-compressed, read from the build's
 * manifest: the entry chunk, what it always loads (it starts React and the
 * app in stages, by dynamic imports), the route's lazily loaded page, and
 * every chunk they import statically.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

export function routeJavaScriptBytes(buildDir: string, pageSource: string): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(join(buildDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[pageSource]) throw new Error(`The build has no entry or no chunk for ${pageSource}: run npm run build`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const stage of manifest[entry]!.dynamicImports ?? []) visit(stage);
  visit(pageSource);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(buildDir, file))).length, 0);
  return { files, gzipBytes };
}

/** The shared menu's JavaScript budget, gzip-compressed: a guest on a phone opens it first. */
const PUBLIC_MENU_BUDGET_KB = 100;

export function benchRouteJavaScript(): void {
  const { files, gzipBytes } = routeJavaScriptBytes('dist/app', 'features/public-menu/public-menu-page.tsx');
  const kilobytes = gzipBytes / 1024;
  const percentOfBudget = Math.round((kilobytes / PUBLIC_MENU_BUDGET_KB) * 100);
  console.info('public menu page JavaScript');
  console.info(`  ${kilobytes.toFixed(1)} KB gzip in ${files.length} files: ${percentOfBudget}% of the budget (at most ${PUBLIC_MENU_BUDGET_KB} KB)`);
}
