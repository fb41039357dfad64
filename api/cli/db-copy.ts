/**
 * Operator command: `npm run db:copy -- --from <sqlite file> --to <postgres url>` copies an embedded installation
 * into an empty PostgreSQL database and verifies it, table by table (rows and a checksum of their values). Stop the
 * server first, or copy a backup (`npm run backup`): writes made during the copy are not in it.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { copyToPostgres } from '../db/pg/copy-to-postgres';

const USAGE = 'Usage: npm run db:copy -- --from <sqlite file> --to <postgres://user@host:5432/database>';

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(USAGE);
    return 2;
  }
  const target = new pg.Client({ connectionString: values.to });
  await target.connect();
  try {
    const report = await copyToPostgres(values.from, target);
    for (const check of report.tables) {
      console.info(
        `${check.matches ? 'ok  ' : 'DIFF'} ${check.table.padEnd(24)} ${String(check.sourceRows).padStart(9)} rows  checksum ${check.sourceChecksum}${check.matches ? '' : ` ≠ ${check.targetChecksum} (${check.targetRows} rows)`}`,
      );
    }
    if (!report.matches) {
      console.error('The copy did not match its source, so nothing was kept.');
      return 1;
    }
    console.info(`Copied ${report.tables.length} tables, every row verified.`);
    return 0;
  } finally {
    await target.end();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
