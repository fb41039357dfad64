/** Starts the real server (built app + API) on a free port with a fresh data folder; stops it after the run. */
import { existsSync } from 'node:fs';
import { ownServer } from './own-server';

export default async function globalSetup() {
  if (!existsSync('dist/app/index.html')) throw new Error('Build the app first: npm run build');
  const server = await ownServer({ ADMIN_EMAIL: 'admin@e2e.test', ADMIN_PASSWORD: 'admin-e2e-pass', SUPPORT_EMAIL: 'help@e2e.test' });
  await server.start();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.dispose();
}
