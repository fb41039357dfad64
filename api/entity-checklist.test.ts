/**
 * The checklist of sync/README.md ("Adding a synced entity"), walked for every collection the registry names: what
 * the compiler cannot see (a file in its place, a table in both engines' migrations, a tombstone trigger) is checked
 * here, so an entity that skips a step fails a test; and the checklist itself stays at most twelve places.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS } from '../sync/contract/collections';
import * as registry from '../sync/registry';
import { SERVER_SLICES } from './registry';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const migrations = (folder: string) =>
  readdirSync(join(ROOT, folder))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => read(join(folder, file)))
    .join('\n');

describe('every synced collection follows the checklist', () => {
  const sqlite = migrations('api/db/migrations');
  const postgres = migrations('api/db/pg/migrations');

  for (const name of COLLECTION_NAMES) {
    const entity = COLLECTIONS[name].tombstone;
    it(`${name}: its entity file, its slice, its repository, its table and trigger on both engines`, () => {
      const entityFile = read(`sync/entities/${kebab(entity)}.ts`);
      expect(entityFile, 'the collection and mutations beside the schemas').toMatch(new RegExp(`export const ${entity}Collection\\b[\\s\\S]*export const ${entity}Mutations\\b`));
      expect(read('sync/registry.ts')).toContain(`${name}: ${entity}Collection`);
      expect(read(`api/${kebab(name)}/${kebab(entity)}-slice.ts`)).toContain(`ServerSlice<'${name}'>`);
      expect(read(`api/db/repositories/${kebab(name)}.ts`), 'the repository reads and writes its table').toMatch(
        new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\.\\./schema'`),
      );

      const table = getTableName(SERVER_SLICES[name].owned.table);
      expect(sqlite, `the SQLite table ${table}`).toMatch(new RegExp(`CREATE TABLE [\`"]${table}[\`"]`));
      expect(postgres, `the PostgreSQL table ${table}`).toMatch(new RegExp(`CREATE TABLE (IF NOT EXISTS )?"?${table}"?`));
      if (SERVER_SLICES[name].owned.deletion === 'trigger') {
        expect(sqlite, `a SQLite tombstone trigger on ${table}`).toMatch(new RegExp(`CREATE TRIGGER[^;]*AFTER DELETE ON [\`"]?${table}[\`"]?`, 'i'));
        expect(postgres, `a PostgreSQL tombstone trigger on ${table}`).toMatch(new RegExp(`CREATE (OR REPLACE )?TRIGGER[^;]*AFTER DELETE ON "?${table}"?`, 'i'));
      }
    });
  }

  it('lists in the registry every collection an entity file declares, and only those', () => {
    const declared = readdirSync(join(ROOT, 'sync/entities'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [...read(`sync/entities/${file}`).matchAll(/^export const (\w+)Collection\b/gm)].map((match) => match[1]!));
    const listed = Object.values(registry.COLLECTIONS).map((collection) => collection.tombstone);
    expect(listed.sort()).toEqual(declared.sort());
  });

  it('keeps the checklist to at most twelve places', () => {
    const readme = read('sync/README.md');
    const checklist = readme.slice(readme.indexOf('## Adding a synced entity'), readme.indexOf('## Reading from the server'));
    const places = checklist.match(/^\d+\. /gm) ?? [];
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(12);
  });
});
