/**
 * Browser tests in Debian's Chromium (no browser download): the built app is
 * served by the real server on a free port with a throw-away data folder,
 * started once in global setup.
 *
 * Spec files run side by side, one worker per core but one (left to the
 * server they share), and never fewer than two: the tests mostly wait on the
 * browser and the server, so even two cores keep two workers busy. A file's
 * tests run in order in one worker. Files must be independent: each journey
 * registers accounts of its own, and what several share (the demo accounts
 * and the sample menu) they read, or change in ways the others do not look at.
 */
import { cpus } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Math.max(2, cpus().length - 1),
  retries: 0,
  // Two browsers and the server share two cores, and CI may run beside other work: a journey that takes 15 s alone
  // took over 90 s there.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
