/**
 * The built app's index.html, read again whenever the file changes: a
 * rebuild while the server runs then serves the new page, whose hashed
 * scripts exist, instead of the old one whose scripts are gone (a blank page).
 * The file is looked at once a second at most, not on every request: a
 * stat per page view was a tenth of a busy menu page's cost.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How soon a rebuilt index.html is served. */
export const APP_SHELL_RECHECK_MS = 1000;

export function appShell(root: string): () => string {
  const path = join(root, 'index.html');
  let cached: { changedAt: number; size: number; html: string; checkedAt: number } | null = null;
  return () => {
    const now = Date.now();
    if (cached && now - cached.checkedAt < APP_SHELL_RECHECK_MS) return cached.html;
    const { mtimeMs, size } = statSync(path);
    if (cached?.changedAt !== mtimeMs || cached.size !== size) cached = { changedAt: mtimeMs, size, html: readFileSync(path, 'utf8'), checkedAt: now };
    else cached.checkedAt = now;
    return cached.html;
  };
}
