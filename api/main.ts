/** Starts the server: configuration, database and migrations, seed data, then the PWA and the API on one port. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { scheduleRetention } from './housekeeping/retention';
import { scheduleMetrcRefresh } from './metrc/metrc-refresh-schedule';
import { loadDotEnv, missingPaymentVariables, readEnv } from './env';
import { DEMO_BUYER, DEMO_SELLER } from './seed/demo-data';
import { ensureAdmin, seedDemoData } from './seed/seed';
import { scheduleMailSweeps } from './mail/mail-sweeps';
import { serveApp } from './http/serve-app';
import { createServices } from './services';
import { whereTheDataIs } from './db/open-database';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  loadDotEnv();
  const env = readEnv();
  const services = createServices(env);
  await services.db.opened();
  const missingPayments = missingPaymentVariables(env);
  if (missingPayments.length > 0) {
    console.warn(`Payments are off (trials work as usual): ${missingPayments.join(', ')} ${missingPayments.length === 1 ? 'is' : 'are'} not set.`);
  }

  if (env.SEED_DEMO_DATA && (await seedDemoData(services))) {
    console.info('Seeded demo data. Sign in with:');
    console.info(`  seller  ${DEMO_SELLER.email}  /  ${DEMO_SELLER.password}`);
    console.info(`  buyer   ${DEMO_BUYER.email}  /  ${DEMO_BUYER.password}`);
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(services, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (outcome !== 'exists') console.info(`Admin ${env.ADMIN_EMAIL} ${outcome}.`);
  }

  const appDir = resolve(env.APP_DIR);
  const staticRoot = existsSync(resolve(appDir, 'index.html')) ? appDir : undefined;
  if (!staticRoot) console.warn(`No built app in ${env.APP_DIR}: serving the API only (run \`npm run build\`).`);
  const app = createApp(services, { staticRoot });

  if (!env.SMTP_URL) console.info(`Mail is written to ${env.mailDir} (set SMTP_URL to send it).`);
  services.views.start();
  const retention = scheduleRetention(services);
  services.mail.start();
  services.push.start();
  services.resetRequests.start();
  const mailSweeps = scheduleMailSweeps(services);
  const metrcRefresh = scheduleMetrcRefresh(services);
  const server = serveApp(app, { port: env.PORT, hostname: env.HOST }, (info) => {
    console.info(`Listening on http://localhost:${info.port} (data ${whereTheDataIs(env)}, files in ${services.files.location})`);
  });

  // Stop taking connections, let requests in flight finish, then close the database cleanly.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received: finishing requests in flight.`);
    const forceTimer = setTimeout(() => {
      console.warn('Requests still open after the grace period: closing them.');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forceTimer.unref();
    server.close(async () => {
      mailSweeps.stop();
      metrcRefresh.stop();
      services.views.stop();
      retention.stop();
      services.live.stop();
      services.mail.stop();
      services.push.stop();
      services.resetRequests.stop();
      await Promise.all([services.mail.idle(), services.push.idle(), services.resetRequests.idle(), services.workers.close()]);
      await services.views.flush().catch((error: unknown) => console.error(error));
      await services.db.close();
      await services.redis?.close();
      console.info('Stopped.');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
