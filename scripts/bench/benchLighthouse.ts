/**
 * Lighthouse runs for `npm run bench`: each run gets a fresh Chromium (own profile, empty
 * cache) started with the flags below (those of the `lighthouse` command), the mobile preset (Lighthouse's default config:
 * Moto G Power screen, simulated slow 4G and 4x CPU slowdown), and optionally a session put
 * into localStorage first (the signed-in dashboard).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { Launcher } from 'chrome-launcher';
import { chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * The flags the `lighthouse` command starts Chrome with (its launcher's defaults: no extensions,
 * no background networking or updates, no first-run work), headless without a GPU or sandbox.
 * Without `--disable-extensions` every navigation also set up the extension system's scripts
 * (about 20 ms of the page's first task here, 80 ms after Lighthouse's 4x CPU slowdown).
 */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  ...Launcher.defaultFlags(),
];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  /** Milliseconds. */
  tbt: number;
  cls: number;
  /** Bytes of JavaScript transferred (compressed). */
  transferredJs: number;
  /** Titles of the audits that failed in the scored categories (for the report). */
  failedAudits: string[];
  /** Where the page ended up (a signed-out dashboard would be /auth). */
  finalUrl: string;
  /** The page's first paint as Chromium recorded it (not Lighthouse's simulation), ms. */
  observedFcp: number;
  /** The scripts requested before that paint, in the order requested. */
  scriptsBeforePaint: { url: string; transferSize: number }[];
}

async function startChrome(port: number): Promise<{ stop(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-'));
  const child = spawn(
    CHROME_PATH,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Chromium did not open its debugging port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      // Chromium's helper processes may still be writing: retry, and never fail the run on it.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // a leftover temporary profile
      }
    },
  };
}

/** Puts values into the origin's localStorage and sessionStorage through the DevTools port. */
async function seedStorage(port: number, origin: string, values: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, value);
        sessionStorage.setItem(key, value);
      }
    }, values);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Lighthouse could not record the page (its `runtimeError`): the run measured nothing. */
class NoMeasurement extends Error {}

/** Runs of a page that Lighthouse may fail to record before the bench gives up. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`; the full report is written to `reportFile`. A run that Lighthouse
 * itself could not record (now and then NO_NAVSTART: the trace missed the navigation) is run
 * again, with a line in the log; it is never counted.
 */
export async function runLighthouse(
  url: string,
  options: { port: number; storage?: Record<string, string>; reportFile?: string },
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, options);
    } catch (error) {
      if (!(error instanceof NoMeasurement) || attempt === ATTEMPTS) throw error;
      console.log(`[bench] Lighthouse ${url}: ${error.message}; running it again`);
    }
  }
}

async function runLighthouseOnce(
  url: string,
  options: { port: number; storage?: Record<string, string>; reportFile?: string },
): Promise<LighthouseFigures> {
  const chrome = await startChrome(options.port);
  try {
    if (options.storage) await seedStorage(options.port, new URL(url).origin, options.storage);
    const result = await lighthouse(url, {
      port: options.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Keep the seeded session (the profile is new, so the cache is empty anyway).
      disableStorageReset: Boolean(options.storage),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new NoMeasurement(`Lighthouse: ${lhr.runtimeError.message}`);
    if (options.reportFile) writeFileSync(options.reportFile, JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const summary = lhr.audits['resource-summary']?.details;
    const items =
      summary && 'items' in summary
        ? (summary.items as { resourceType?: string; transferSize?: number }[])
        : [];
    const metrics = lhr.audits.metrics?.details;
    const observed =
      metrics && 'items' in metrics
        ? (metrics.items[0] as { observedFirstContentfulPaint?: number })
        : {};
    const observedFcp = observed.observedFirstContentfulPaint ?? NaN;
    const requests = lhr.audits['network-requests']?.details;
    const scriptsBeforePaint = (
      requests && 'items' in requests
        ? (requests.items as {
            url: string;
            resourceType?: string;
            rendererStartTime?: number;
            transferSize?: number;
          }[])
        : []
    )
      .filter(
        (item) => item.resourceType === 'Script' && (item.rendererStartTime ?? 0) < observedFcp,
      )
      .map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 }));
    const failedAudits = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
        .map((audit) => `${category.title}: ${audit!.title}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      transferredJs: items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      failedAudits,
      finalUrl: lhr.finalDisplayedUrl,
      observedFcp,
      scriptsBeforePaint,
    };
  } finally {
    await chrome.stop();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure over several runs; failed audits seen in any run. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const pick = (
    key: Exclude<keyof LighthouseFigures, 'failedAudits' | 'finalUrl' | 'scriptsBeforePaint'>,
  ) => median(runs.map((run) => run[key]));
  // The scripts of the run whose first paint is the median one.
  const middle = [...runs].sort((a, b) => a.observedFcp - b.observedFcp)[
    Math.floor((runs.length - 1) / 2)
  ];
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    transferredJs: pick('transferredJs'),
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
    finalUrl: runs[0]?.finalUrl ?? '',
    observedFcp: pick('observedFcp'),
    scriptsBeforePaint: middle?.scriptsBeforePaint ?? [],
  };
}
