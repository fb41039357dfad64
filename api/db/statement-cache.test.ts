import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache';

let connection: BetterSqlite3.Database;
beforeEach(() => {
  connection = new BetterSqlite3(':memory:');
  connection.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2)');
  cacheStatements(connection, 2);
});
afterEach(() => connection.close());

describe('cacheStatements', () => {
  it('hands out the statement prepared before for the same text', () => {
    expect(connection.prepare('SELECT n FROM t')).toBe(connection.prepare('SELECT n FROM t'));
  });

  it('gives rows as objects again after a use that asked for arrays', () => {
    expect(connection.prepare('SELECT n FROM t WHERE n = 1').raw().get()).toEqual([1]);
    expect(connection.prepare('SELECT n FROM t WHERE n = 1').get()).toEqual({ n: 1 });
  });

  it('prepares anew while the kept statement is still being iterated', () => {
    const rows = connection.prepare('SELECT n FROM t').iterate();
    rows.next();
    expect(connection.prepare('SELECT n FROM t').all()).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
  });

  it('keeps the most recently used up to its capacity', () => {
    const first = connection.prepare('SELECT 1');
    const second = connection.prepare('SELECT 2');
    expect(connection.prepare('SELECT 1')).toBe(first);
    connection.prepare('SELECT 3');
    expect(connection.prepare('SELECT 1')).toBe(first);
    expect(connection.prepare('SELECT 2')).not.toBe(second);
  });
});
