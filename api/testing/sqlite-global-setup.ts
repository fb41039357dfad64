/** Before the suite runs on SQLite: the template database every test app's file is copied from (see `sqlite-template.ts`). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SqliteDatabase } from '../db/sqlite-database';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'menus-template-'));
  const file = join(dir, 'app.db');
  // Closing the last connection folds the write-ahead log into the file, so the file alone is the whole database.
  await SqliteDatabase.open(file).close();
  project.provide('sqliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
