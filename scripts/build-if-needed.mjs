/**
 * Runs before `npm start`: builds the PWA when there is no build yet, or when
 * a source file is newer than the build, so a fresh clone starts with one command.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_MARKER = 'dist/app/index.html';
const SOURCES = ['app', 'sync', 'vite.config.ts', 'manifest.webmanifest', 'package.json'];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.filter(existsSync).map(newestChange));
if (changedAt > builtAt) {
  console.info(builtAt ? 'Sources changed since the last build: rebuilding the app.' : 'Building the app (first start).');
  execSync('npm run build', { stdio: 'inherit' });
}
