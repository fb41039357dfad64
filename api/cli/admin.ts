/** Operator command: `npm run admin -- create <email> <password>` makes (or promotes) an admin account. */
import { MIN_PASSWORD_LENGTH } from '../../sync/contract/constants';
import { whereTheDataIs } from '../db/open-database';
import { loadDotEnv, readEnv } from '../env';
import { ensureAdmin } from '../seed/seed';
import { createServices } from '../services';

async function run(args: string[]) {
  const [command, email, password] = args;
  if (command !== 'create' || !email || !password) {
    console.error('Usage: npm run admin -- create <email> <password>');
    process.exit(2);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    process.exit(2);
  }
  loadDotEnv();
  const env = readEnv();
  const services = createServices(env);
  try {
    const outcome = await ensureAdmin(services, email, password);
    // Said every time: an operator whose server runs with another DATA_DIR or DATABASE_URL sees the mismatch at once.
    const where = `in the database ${whereTheDataIs(env)}`;
    console.info(outcome === 'exists' ? `${email} is already an admin ${where}.` : `Admin ${email} ${outcome} ${where}.`);
  } finally {
    await services.db.close();
    // Its connections would otherwise keep the command running.
    await services.redis?.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
