/**
 * The operations guide's Deploying section installs with a command that works
 * on a clean clone: `npm ci` refused the lock (it lists only the optional
 * native packages of the platforms it was made on), which a new operator met
 * first. The command is read from the guide, so the text and the proof cannot
 * part.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The first command of the Deploying section's shell block. */
function deployInstallCommand(guide: string): string {
  const section = guide.split(/^## /m).find((part) => part.startsWith('Deploying'));
  const block = section && /```sh\n([^\n]+)/.exec(section);
  if (!block?.[1]) throw new Error('The operations guide has no Deploying section with a shell block');
  return block[1].trim();
}

const folder = mkdtempSync(join(tmpdir(), 'menus-deploy-install-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('the install command of the operations guide’s Deploying section resolves a clean clone’s whole tree', { timeout: 120_000 }, () => {
  const command = deployInstallCommand(readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8'));
  expect(command).toMatch(/^npm install\b/);

  // What npm reads of a clone: the manifest and the lock (and a project .npmrc, were there one).
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) if (existsSync(join(ROOT, file))) copyFileSync(join(ROOT, file), join(folder, file));
  // A dry run checks the lock against this platform, where `npm ci` stopped; the suite's own install has fetched and built every package.
  const [npm, ...args] = [...command.split(/\s+/), '--dry-run'];
  const install = spawnSync(npm!, args, { cwd: folder, encoding: 'utf8' });
  expect(install.status, install.stderr).toBe(0);
  expect(install.stdout).toMatch(/add better-sqlite3 /);
});
