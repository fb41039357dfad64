/**
 * The built app's index.html, read again whenever the file changes: a
 * rebuild while the server runs then serves the new page, whose hashed
 * scripts exist, instead of the old one whose scripts are gone (a blank page).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function appShell(root: string): () => string {
  const path = join(root, 'index.html');
  let cached: { changedAt: number; size: number; html: string } | null = null;
  return () => {
    const { mtimeMs, size } = statSync(path);
    if (cached?.changedAt !== mtimeMs || cached.size !== size) cached = { changedAt: mtimeMs, size, html: readFileSync(path, 'utf8') };
    return cached.html;
  };
}
