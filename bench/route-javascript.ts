/**
 * The JavaScript a shared menu's first page downloads, gzip-compressed, read from the build's manifest: the entry
 * chunk, the stages it loads for a page the server drew (React, its DOM renderer, the first page's app, by dynamic
 * imports), and every chunk they import statically; and what following a link adds (the router and the whole app).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/** The whole app's module: a first page loads it only when a link is followed. */
const WHOLE_APP = 'app.tsx';

type Files = { files: string[]; gzipBytes: number };

export function firstPageJavaScript(buildDir: string): { firstPage: Files; onFirstLink: Files; router: Files } {
  const manifest = JSON.parse(readFileSync(join(buildDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[WHOLE_APP]) throw new Error('The build has no entry or no whole-app chunk: run npm run build');
  const closure = (roots: string[], seen = new Set<string>()) => {
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    roots.forEach(visit);
    return seen;
  };
  const firstPageKeys = closure([entry, ...(manifest[entry]!.dynamicImports ?? []).filter((stage) => stage !== WHOLE_APP)]);
  const appKeys = [...closure([WHOLE_APP], new Set(firstPageKeys))].filter((key) => !firstPageKeys.has(key));
  const files = (keys: Iterable<string>): Files => {
    const names = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    return { files: names, gzipBytes: names.reduce((sum, file) => sum + gzipSync(readFileSync(join(buildDir, file))).length, 0) };
  };
  const onFirstLink = files(appKeys);
  return { firstPage: files(firstPageKeys), onFirstLink, router: files(appKeys.filter((key) => /(^|\/)_?router-/.test(manifest[key]!.file.split('/').pop()!))) };
}

/** The shared menu's JavaScript budget, gzip-compressed, with the router: a guest on a phone opens it first. */
export const PUBLIC_MENU_BUDGET_KB = 100;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function benchRouteJavaScript(): void {
  const { firstPage, onFirstLink, router } = firstPageJavaScript('dist/app');
  const withRouter = firstPage.gzipBytes + router.gzipBytes;
  console.info('public menu page JavaScript (gzip)');
  console.info(`  first page, as drawn by the server   ${kb(firstPage.gzipBytes)} KB in ${firstPage.files.length} files (no router)`);
  console.info(
    `  with the router (react-router-dom)   ${kb(withRouter)} KB: ${Math.round((withRouter / 1024 / PUBLIC_MENU_BUDGET_KB) * 100)}% of the budget (at most ${PUBLIC_MENU_BUDGET_KB} KB)`,
  );
  console.info(`  on the first link followed           +${kb(onFirstLink.gzipBytes)} KB in ${onFirstLink.files.length} files (router and the whole app)`);
}
