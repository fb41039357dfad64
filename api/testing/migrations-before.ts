/** The SQLite migrations as they stood before `tag`, copied into `workDir`: a database made with them is an install from before that migration. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

export function sqliteMigrationsBefore(workDir: string, tag: string): string {
  const folder = join(workDir, 'before');
  cpSync(SQLITE_MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
