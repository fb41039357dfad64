/**
 * The sample menu (/menu/sample) as a busy phone opens it, beside the bare React page of the same 12 cards, in one
 * run: Chromium through Playwright at a phone's size with its CPU slowed 4x (Lighthouse's mobile setting), while a
 * CPU-bound neighbour process spins on this machine, the two pages taken in turn so both see the same load. For each
 * page, until it is idle (no request and no long task for IDLE_QUIET_MS): the total blocking time (each main-thread
 * task's time beyond 50 ms after the first paint, from the browser's own long-task records; the same counted from the
 * start too, since the bare page does all its work before it paints anything), and the scripts requested; then how
 * long a first tap on a category filter waits for its answer, since the menu's app starts at that tap. Also whether
 * the router came with the menu (it must not), and the first page's JavaScript.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildBarePage, serveBarePage } from './bare-page-server';
import { startDemoSite } from './menu-page.bench';
import { firstPageJavaScript, PUBLIC_MENU_BUDGET_KB } from './route-javascript';

const RUNS = Number(process.env.BUSY_PHONE_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const IDLE_QUIET_MS = 2_000;
const IDLE_LIMIT_MS = 20_000;
/** The neighbour stops by itself after this long, whatever happens to the bench. */
const NEIGHBOUR_LIMIT_MS = 15 * 60_000;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Figures = { tbtMs: number; blockingFromStartMs: number; longestTaskMs: number; scripts: string[]; firstTapMs: number };

/** Records the page's long tasks and its first paint from its very start. */
const RECORD_LONG_TASKS = () => {
  const seen: { tasks: Array<{ start: number; duration: number }>; firstPaint: number | null } = { tasks: [], firstPaint: null };
  (window as unknown as { __busyPhone: typeof seen }).__busyPhone = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

/** A process that keeps one core busy, as another app on the phone would; bounded in time. */
function startNeighbour(): ChildProcess {
  return fork('-e', [`const end = Date.now() + ${NEIGHBOUR_LIMIT_MS}; let x = 0; while (Date.now() < end) x = (x + Math.sqrt(x + 1)) % 1e9;`], {
    execArgv: [],
    stdio: 'ignore',
  });
}

async function measure(browser: Browser, url: string, asked?: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(RECORD_LONG_TASKS);
    const scripts: string[] = [];
    let pending = 0;
    let lastActivity = Date.now();
    let sawAsked = !asked;
    page.on('request', (request) => {
      pending++;
      lastActivity = Date.now();
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (asked && new URL(request.url()).pathname === asked) sawAsked = true;
    });
    const settled = () => {
      pending--;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto(url, { waitUntil: 'load' });
    const started = Date.now();
    let tasksSeen = 0;
    while (Date.now() - started < IDLE_LIMIT_MS) {
      await page.waitForTimeout(250);
      const tasks = await page.evaluate(() => (window as unknown as { __busyPhone: { tasks: unknown[] } }).__busyPhone.tasks.length);
      if (tasks !== tasksSeen) {
        tasksSeen = tasks;
        lastActivity = Date.now();
      }
      // The live stream stays open for as long as the menu does: it is no activity.
      if (pending <= (asked ? 1 : 0) && Date.now() - lastActivity >= IDLE_QUIET_MS) break;
    }
    if (!sawAsked) throw new Error(`The page ${url} never asked for ${asked} (its view is not counted)`);
    const seen = await page.evaluate(() => (window as unknown as { __busyPhone: { tasks: Array<{ start: number; duration: number }>; firstPaint: number | null } }).__busyPhone);
    // The scripts until idle; the first tap then brings the menu's app.
    const scriptsUntilIdle = [...scripts];
    const firstTapMs = await timeFirstTap(page);
    const blocking = (tasks: typeof seen.tasks) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return {
      tbtMs: blocking(seen.tasks.filter((task) => task.start >= (seen.firstPaint ?? 0))),
      blockingFromStartMs: blocking(seen.tasks),
      longestTaskMs: Math.max(0, ...seen.tasks.map((task) => task.duration)),
      scripts: scriptsUntilIdle,
      firstTapMs,
    };
  } finally {
    await context.close();
  }
}

/**
 * How long the first tap waits for its answer once the page is idle: from the finger down on the Vape filter to the
 * page showing that one product, whatever had to start meanwhile (the menu's app starts at that tap).
 */
async function timeFirstTap(page: Page): Promise<number> {
  await page.evaluate(() => {
    const tap: { downAt?: number; answeredAt?: number } = {};
    (window as unknown as { __firstTap: typeof tap }).__firstTap = tap;
    document.addEventListener('pointerdown', (event) => (tap.downAt ??= event.timeStamp), { capture: true });
    new MutationObserver(() => {
      if (tap.downAt !== undefined && document.querySelectorAll('h2').length === 1) tap.answeredAt ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Vape', exact: true }).tap();
  await page.waitForFunction(() => (window as unknown as { __firstTap: { answeredAt?: number } }).__firstTap.answeredAt !== undefined, null, { timeout: IDLE_LIMIT_MS });
  return page.evaluate(() => {
    const tap = (window as unknown as { __firstTap: { downAt: number; answeredAt: number } }).__firstTap;
    return tap.answeredAt - tap.downAt;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchBusyPhone(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'menus-bare-page-'));
  await buildBarePage(outDir);
  const bare = await serveBarePage(outDir);
  const site = await startDemoSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const neighbour = startNeighbour();
  try {
    const menuRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    for (let run = 0; run < RUNS; run++) {
      bareRuns.push(await measure(browser, bare.url));
      menuRuns.push(await measure(browser, `${site.url}/menu/sample`, '/api/public/menu/sample'));
    }
    const menuTbt = median(menuRuns.map((run) => run.tbtMs));
    const bareTbt = median(bareRuns.map((run) => run.tbtMs));
    const menuScripts = Math.max(...menuRuns.map((run) => run.scripts.length));
    const routerLoaded = menuRuns.some((run) => run.scripts.some((script) => /\/router-[^/]*\.js$/.test(script)));
    const { firstPage, router } = firstPageJavaScript('dist/app');
    const withRouterKb = (firstPage.gzipBytes + router.gzipBytes) / 1024;
    // The bare page can block for less than a millisecond: the ratio is then taken against 1 ms. It does all its work
    // before it paints, so after its first paint it blocks for nothing: the ratio counted from the start is printed too.
    const ratio = menuTbt / Math.max(bareTbt, 1);
    const fromStart = (runs: Figures[]) => median(runs.map((run) => run.blockingFromStartMs));
    const ratioFromStart = fromStart(menuRuns) / Math.max(fromStart(bareRuns), 1);
    const row = (label: string, runs: Figures[]) =>
      `  ${label.padEnd(28)} TBT median ${median(runs.map((run) => run.tbtMs))
        .toFixed(0)
        .padStart(4)} ms (runs ${runs.map((run) => run.tbtMs.toFixed(0)).join(', ')})  from the start ${median(runs.map((run) => run.blockingFromStartMs))
        .toFixed(0)
        .padStart(
          4,
        )} ms  longest task ${median(runs.map((run) => run.longestTaskMs)).toFixed(0)} ms  scripts ${Math.max(...runs.map((run) => run.scripts.length))}  first tap answered after ${median(
        runs.map((run) => run.firstTapMs),
      ).toFixed(0)} ms`;
    console.info(`busy phone: 360 px, CPU ${CPU_SLOWDOWN}x slower, a CPU-bound neighbour process running; ${RUNS} runs each, taken in turn, until idle`);
    console.info(row('bare React page, 12 cards', bareRuns));
    console.info(row('sample menu /menu/sample', menuRuns));
    console.info(
      `  menu TBT ${menuTbt.toFixed(0)} ms (target at most 50 ms), ${ratio.toFixed(2)}x the bare page's (target at most 1.5x); counted from the start ${ratioFromStart.toFixed(2)}x`,
    );
    console.info(`  menu scripts before idle ${menuScripts} (target at most 15); router loaded: ${routerLoaded ? 'yes' : 'no'} (target no)`);
    console.info(
      `  menu JavaScript ${(firstPage.gzipBytes / 1024).toFixed(1)} KB gzip, ${withRouterKb.toFixed(1)} KB with the router (target at most ${PUBLIC_MENU_BUDGET_KB} KB)`,
    );
    console.info(`  menu scripts: ${menuRuns[0]!.scripts.join(' ')}`);
  } finally {
    neighbour.kill();
    await browser.close();
    bare.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
