/**
 * SQLite for the test apps: one database file migrated once per run (see
 * `sqlite-global-setup.ts`), copied for each test app: a copy takes a
 * fraction of running every migration on a new file.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file of this run, set when the suite runs on SQLite. */
    sqliteTemplate: string;
  }
}

/** Puts a copy of the run's migrated database at `file`; without one (outside the main run) opening the file migrates it. */
export function copySqliteTemplate(file: string): void {
  let template: string | undefined;
  try {
    template = inject('sqliteTemplate') || undefined;
  } catch {
    return;
  }
  if (!template) return;
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(template, file);
}
