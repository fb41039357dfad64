/**
 * Moves an embedded installation into PostgreSQL: every table of the SQLite
 * file, read in one snapshot, written into an empty PostgreSQL database in
 * one transaction, then verified table by table (row count and a checksum of
 * the rows' values) before it commits. A mismatch rolls the whole copy back,
 * so the target is either a faithful copy or untouched.
 *
 * The search documents are not copied: PostgreSQL's own triggers build them
 * from the copied rows (statement by statement, so a batch costs one rebuild).
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import type { ClientBase } from 'pg';
import { migratePostgres } from './migrate-postgres';

/** A row PostgreSQL cannot take: names its table and its key, so the operator can mend that row and copy again. */
export class RowRefusedError extends Error {}

export type TableCheck = { table: string; sourceRows: number; targetRows: number; sourceChecksum: string; targetChecksum: string; matches: boolean };
export type CopyReport = { tables: TableCheck[]; matches: boolean };

/** SQLite's own tables and the full-text indexes, which PostgreSQL keeps in its own form. */
const NOT_COPIED = /^(sqlite_|__drizzle_migrations$|menu_search|users_search)/;
/** PostgreSQL takes at most 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

type Row = unknown[];

/** Copies `sqliteFile` into the (empty) database `target` is connected to, verifying before it commits. */
export async function copyToPostgres(sqliteFile: string, target: ClientBase): Promise<CopyReport> {
  const source = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    // One read transaction: a server still writing to the file cannot make the copy half old, half new.
    source.exec('BEGIN');
    const tables = tablesInCopyOrder(source);
    await migratePostgres(target);
    await target.query('BEGIN');
    try {
      const { rows: held } = await target.query<{ count: string }>('SELECT count(*) FROM "users"');
      if (Number(held[0]!.count) > 0) throw new Error('The target database already holds data: copy into an empty one.');
      // The migration's starting clock gives way to the copied one.
      await target.query('DELETE FROM "sync_clock"');
      for (const table of tables) await copyTable(source, target, table);
      const checks: TableCheck[] = [];
      for (const table of tables) checks.push(await checkTable(source, target, table));
      const matches = checks.every((check) => check.matches);
      await target.query(matches ? 'COMMIT' : 'ROLLBACK');
      return { tables: checks, matches };
    } catch (error) {
      await target.query('ROLLBACK');
      throw error;
    }
  } finally {
    source.close();
  }
}

/** `key`: the columns of the primary key, which name a row in a message. */
type Table = { name: string; columns: string[]; key: string[] };

/** The file's tables, each after the tables it refers to. */
function tablesInCopyOrder(source: BetterSqlite3.Database): Table[] {
  const names = (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter((name) => !NOT_COPIED.test(name));
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    const referenced = source.prepare(`PRAGMA foreign_key_list("${name}")`).all() as Array<{ table: string }>;
    for (const { table } of referenced) if (table !== name && names.includes(table)) visit(table);
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered.map((name) => {
    const columns = source.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; pk: number }>;
    const key = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    return { name, columns: columns.map((column) => column.name), key: key.map((column) => column.name) };
  });
}

/** 'table "products", row id 5f0c…' (or the row's place in the table when it has no primary key). */
function rowName(table: Table, row: Row, place: number): string {
  const key = table.key.map((column) => `${column} ${String(row[table.columns.indexOf(column)])}`).join(', ');
  return `table "${table.name}", row ${key || `number ${place}`}`;
}

/** PostgreSQL's text cannot hold a NUL character, which SQLite's can (text stored before the app refused it). */
function refuseNul(table: Table, row: Row, place: number): void {
  const column = row.findIndex((value) => typeof value === 'string' && value.includes('\u0000'));
  if (column === -1) return;
  throw new RowRefusedError(
    `The copy stopped at ${rowName(table, row, place)}: its "${table.columns[column]}" holds a NUL character (\\u0000), which PostgreSQL cannot store. Remove it from that value and copy again; nothing was copied.`,
  );
}

async function copyTable(source: BetterSqlite3.Database, target: ClientBase, table: Table): Promise<void> {
  const quotedColumns = table.columns.map((column) => `"${column}"`).join(', ');
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  const insert = async (rows: Row[]) => {
    const values = rows.map((_, r) => `(${table.columns.map((_c, c) => `$${r * table.columns.length + c + 1}`).join(', ')})`).join(', ');
    await target.query(`INSERT INTO "${table.name}" (${quotedColumns}) VALUES ${values}`, rows.flat());
  };
  let batch: Row[] = [];
  let copied = 0;
  const insertBatch = async () => {
    await insertNamingTheRowThatFails(target, table, batch, copied, insert);
    copied += batch.length;
    batch = [];
  };
  for (const row of source.prepare(`SELECT ${quotedColumns} FROM "${table.name}"`).raw().iterate() as Iterable<Row>) {
    refuseNul(table, row, copied + batch.length + 1);
    batch.push(row);
    if (batch.length === rowsPerStatement) await insertBatch();
  }
  if (batch.length > 0) await insertBatch();
  // An identity column goes on from the copied values, not from 1.
  if (table.columns.includes('id')) {
    const { rows } = await target.query<{ sequence: string | null }>(`SELECT pg_get_serial_sequence($1, 'id') AS sequence`, [`"${table.name}"`]);
    const sequence = rows[0]?.sequence;
    if (sequence) await target.query(`SELECT setval($1, (SELECT coalesce(max("id"), 0) + 1 FROM "${table.name}"), false)`, [sequence]);
  }
}

/**
 * Inserts a batch; when PostgreSQL refuses it (a row SQLite took but PostgreSQL does not: a reference to a row that is
 * gone, say), inserts its rows again one at a time to name the first one refused.
 */
async function insertNamingTheRowThatFails(target: ClientBase, table: Table, rows: Row[], before: number, insert: (rows: Row[]) => Promise<void>): Promise<void> {
  await target.query('SAVEPOINT copy_batch');
  try {
    await insert(rows);
  } catch (error) {
    await target.query('ROLLBACK TO SAVEPOINT copy_batch');
    for (const [index, row] of rows.entries()) {
      try {
        await insert([row]);
      } catch (rowError) {
        const reason = rowError instanceof Error ? rowError.message : String(rowError);
        throw new RowRefusedError(
          `The copy stopped at ${rowName(table, row, before + index + 1)}: PostgreSQL refused it (${reason}). Mend that row and copy again; nothing was copied.`,
        );
      }
    }
    throw error;
  }
  await target.query('RELEASE SAVEPOINT copy_batch');
}

async function checkTable(source: BetterSqlite3.Database, target: ClientBase, table: Table): Promise<TableCheck> {
  const quotedColumns = table.columns.map((column) => `"${column}"`).join(', ');
  const sourceSum = new RowChecksum();
  for (const row of source.prepare(`SELECT ${quotedColumns} FROM "${table.name}"`).raw().iterate() as Iterable<Row>) sourceSum.add(row);
  const targetSum = new RowChecksum();
  const { rows } = await target.query<Row>({ text: `SELECT ${quotedColumns} FROM "${table.name}"`, rowMode: 'array' });
  for (const row of rows) targetSum.add(row);
  const [sourceChecksum, targetChecksum] = [sourceSum.digest(), targetSum.digest()];
  const matches = sourceSum.rows === targetSum.rows && sourceChecksum === targetChecksum;
  return { table: table.name, sourceRows: sourceSum.rows, targetRows: targetSum.rows, sourceChecksum, targetChecksum, matches };
}

/**
 * A checksum of a set of rows that does not depend on their order (the two
 * engines order text differently): the sum, modulo 2^64, of each row's
 * hash. Values are compared as text, so SQLite's 1 and PostgreSQL's bigint
 * '1' are the same value.
 */
export class RowChecksum {
  rows = 0;
  private sum = 0n;

  add(row: Row): void {
    const text = JSON.stringify(row.map((value) => (value === null || value === undefined ? null : String(value))));
    this.sum = (this.sum + createHash('sha256').update(text).digest().readBigUInt64BE(0)) % 2n ** 64n;
    this.rows += 1;
  }

  digest(): string {
    return this.sum.toString(16).padStart(16, '0');
  }
}
