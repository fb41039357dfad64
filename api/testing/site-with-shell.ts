/** The whole site (API, uploads and the server-drawn pages) over a test app, with a built app shell of the test's own. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../app';
import type { TestApp } from './test-app';

export function siteWithShell(t: TestApp, indexHtml: string): App {
  const root = join(t.dir, 'site');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), indexHtml);
  return createApp(t.services, { staticRoot: root });
}
