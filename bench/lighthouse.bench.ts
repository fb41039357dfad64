/**
 * Lighthouse (mobile, its default simulated throttling) on the sample menu
 * as the real server hands it out, beside a bare React page of 12 cards that
 * this bench builds and serves statically, in one run on this machine:
 * the median of five runs each (LIGHTHOUSE_RUNS), interleaved so both see the same load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildBarePage, serveBarePage } from './bare-page-server';
import { startDemoSite } from './menu-page.bench';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Figures = { score: number; lcpMs: number; tbtMs: number; fcpMs: number };

/** Lighthouse now and then loses a run's trace (NO_NAVSTART); such a run is taken again, a few times at most. */
const ATTEMPTS = 3;

/**
 * `tookOver` names a request the page's own code makes once it runs: a run without it measured the drawn HTML
 * alone, and its blocking time would leave out the very JavaScript this bench is for.
 */
async function measure(port: number, url: string, tookOver?: string): Promise<Figures> {
  let lhr;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    lhr = (await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' }))?.lhr;
    if (lhr && !lhr.runtimeError) break;
  }
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  if (tookOver) {
    const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string }> } | undefined)?.items ?? [];
    if (!requests.some((request) => new URL(request.url).pathname === tookOver)) throw new Error(`The app never took ${url} over in Lighthouse's run (no request for ${tookOver})`);
  }
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medians(runs: Figures[]): Figures {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
}

const row = (label: string, figures: Figures) =>
  `  ${label.padEnd(26)} score ${figures.score.toFixed(2)}  LCP ${figures.lcpMs.toFixed(0).padStart(5)} ms  FCP ${figures.fcpMs.toFixed(0).padStart(5)} ms  TBT ${figures.tbtMs.toFixed(0).padStart(4)} ms`;

export async function benchLighthouse(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'menus-bare-page-'));
  await buildBarePage(outDir);
  const bare = await serveBarePage(outDir);
  const site = await startDemoSite();
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const menuRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    for (let run = 0; run < RUNS; run++) {
      bareRuns.push(await measure(chrome.port, bare.url));
      menuRuns.push(await measure(chrome.port, `${site.url}/menu/sample`, '/api/public/menu/sample'));
    }
    const menu = medians(menuRuns);
    const reference = medians(bareRuns);
    console.info(`Lighthouse mobile (simulated throttling), median of ${RUNS} runs each`);
    console.info(row('bare React page, 12 cards', reference));
    console.info(row('sample menu /menu/sample', menu));
    console.info(`  sample menu's TBT in each run: ${menuRuns.map((run) => run.tbtMs.toFixed(0)).join(', ')} ms`);
    console.info(
      `  menu: score ${menu.score.toFixed(2)} (target at least 0.95), LCP ${(menu.lcpMs / reference.lcpMs).toFixed(2)}× the bare page's (target at most 1.25×), TBT ${menu.tbtMs.toFixed(0)} ms (target at most 50 ms)`,
    );
  } finally {
    chrome.kill();
    bare.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
