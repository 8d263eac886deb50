/**
 * Repeat visits for `npm run bench -- repeat`: a signed-in page opened again on a phone paints
 * what the device saved before the API answers. In one browser context (its storage, caches and
 * service worker kept), the page is opened once without throttling, until the service worker
 * is active and the page's answers are saved (src/api/savedAnswers.ts); then, RUNS times, a new
 * tab with the bench's phone settings (Lighthouse's mobile preset applied for real: 4x CPU
 * slowdown, slow 4G's latency and throughput, through the DevTools protocol) opens it again and
 * the time from navigation start to the paint of the line "As of <time>. Updating…" is read
 * from Element Timing (the line carries `elementtiming`, src/components/SavedAnswersNotice.tsx):
 * that line paints in the same frame as the saved answers it speaks of. Beside it, when the
 * first of the page's API answers arrived.
 */
import { loadavg } from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import { SAVED_ANSWERS_TIMING } from '../../src/components/savedAnswersTiming';
import { throttling } from 'lighthouse/core/config/constants.js';
import { median } from './benchLighthouse';
import { PHONE } from './benchBrowser';

/** Navigation start to the saved answers' paint, at most (median of the runs). */
export const REPEAT_PAINT_LIMIT_MS = 300;
/** How long after the load event the page's paints are collected. */
const SETTLE_MS = 4000;
/** Lighthouse's mobile preset (slow 4G as DevTools applies it, 4x CPU), from Lighthouse. */
const slow4G = throttling.mobileSlow4G;
const PHONE_SETTINGS = {
  cpuSlowdown: slow4G.cpuSlowdownMultiplier,
  latencyMs: slow4G.requestLatencyMs,
  downloadKbps: slow4G.downloadThroughputKbps,
  uploadKbps: slow4G.uploadThroughputKbps,
};

export interface RepeatVisit {
  page: string;
  /**
   * Navigation start to the paint of the saved answers, per run (ms); NaN when the API's answers
   * arrived first and the page painted those instead.
   */
  runs: number[];
  /** Navigation start to the largest contentful paint (saved or fresh content), per run (ms). */
  contentRuns: number[];
  /** Runs whose page no service worker controlled (its files came from the network). */
  uncontrolled: number;
  /** Navigation start to the end of the first API answer, per run (ms). */
  apiRuns: number[];
  medianMs: number;
  withinLimit: boolean;
}

export interface RepeatResults {
  visits: RepeatVisit[];
  load: string;
  settings: typeof PHONE_SETTINGS;
}

async function signedInContext(browser: Browser, storage: Record<string, string>) {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, value);
      sessionStorage.setItem(key, value);
    }
  }, storage);
  return context;
}

/** The first visit: until the service worker is active and the page's answers are saved. */
async function firstVisit(context: BrowserContext, url: string, ready: string) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.getByRole('heading', { name: ready, level: 1 }).waitFor({ timeout: 60_000 });
    // The page's answers have arrived (and are saved) once the network is idle.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
      undefined,
      { timeout: 60_000, polling: 250 },
    );
  } finally {
    await page.close();
  }
}

/** One repeat visit with the phone's settings: navigation start to the saved answers' paint. */
async function repeatOnce(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SETTINGS.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_SETTINGS.latencyMs,
      downloadThroughput: (PHONE_SETTINGS.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE_SETTINGS.uploadKbps * 1024) / 8,
    });
    await page.goto(url, { waitUntil: 'load' });
    // The page's paints until it settles: the saved answers' line (Element Timing), and the
    // largest contentful paint (the content, saved or fresh).
    const timing = await page.evaluate(
      ({ identifier, settleMs }) =>
        new Promise<{
          paint: number | null;
          content: number | null;
          api: number | null;
          controlled: boolean;
        }>((resolve) => {
          let paint: number | null = null;
          let content: number | null = null;
          type Paint = PerformanceEntry & { identifier?: string; renderTime?: number };
          // (No named helper here: the bundler's name helper does not exist in the page.)
          new PerformanceObserver((list) => {
            const entry = (list.getEntries() as Paint[]).find((e) => e.identifier === identifier);
            if (entry && paint === null) paint = entry.renderTime || entry.startTime;
          }).observe({ type: 'element', buffered: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Paint[])
              content = entry.renderTime || entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
              .map((e) => e.responseEnd);
            resolve({
              paint,
              content,
              api: api.length ? Math.min(...api) : null,
              controlled: Boolean(navigator.serviceWorker.controller),
            });
          }, settleMs);
        }),
      { identifier: SAVED_ANSWERS_TIMING, settleMs: SETTLE_MS },
    );
    return timing;
  } finally {
    await page.close();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Measures each page `runs` times as a repeat visit of its account (`ready`: the page's level-1
 * heading once it has shown).
 */
export async function measureRepeatVisits(
  browser: Browser,
  origin: string,
  pages: { path: string; ready: string; storage: Record<string, string> }[],
  runs: number,
  log: (line: string) => void,
): Promise<RepeatResults> {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const visits: RepeatVisit[] = [];
  for (const { path, ready, storage } of pages) {
    const context = await signedInContext(browser, storage);
    try {
      await firstVisit(context, `${origin}${path}`, ready);
      const paints: number[] = [];
      const contents: number[] = [];
      let uncontrolled = 0;
      const answers: number[] = [];
      const figure = (ms: number | null) => (ms === null ? NaN : round(ms));
      for (let run = 1; run <= runs; run += 1) {
        const { paint, content, api, controlled } = await repeatOnce(context, `${origin}${path}`);
        if (!controlled) log(`repeat visit ${path} #${run}: no service worker controlled the page`);
        uncontrolled += controlled ? 0 : 1;
        log(
          `repeat visit ${path} #${run}: saved answers painted at ${paint === null ? '(never: fresh answers first)' : `${round(paint)} ms`}, ` +
            `largest paint at ${figure(content)} ms, first API answer at ${figure(api)} ms`,
        );
        paints.push(figure(paint));
        contents.push(figure(content));
        answers.push(figure(api));
      }
      // A run that never painted the saved answers counts as over the limit.
      const medianMs = median(paints.map((ms) => (Number.isNaN(ms) ? Infinity : ms)));
      visits.push({
        page: path,
        runs: paints,
        contentRuns: contents,
        uncontrolled,
        apiRuns: answers,
        medianMs,
        withinLimit: medianMs <= REPEAT_PAINT_LIMIT_MS,
      });
    } finally {
      await context.close();
    }
  }
  return { visits, load, settings: PHONE_SETTINGS };
}

/** How the section of bench/results.md starts. */
export const REPEAT_HEADING = '## Repeat visits paint from the device';

export function repeatMarkdown(results: RepeatResults): string {
  const list = (values: number[]) => values.map((ms) => (Number.isNaN(ms) ? '–' : ms)).join(', ');
  const rows = results.visits.map(
    (visit) =>
      `| ${visit.page} | ${list(visit.runs)} | ${list(visit.contentRuns)} | ${list(visit.apiRuns)} | **${Number.isFinite(visit.medianMs) ? visit.medianMs : '–'}** | ${visit.withinLimit ? 'yes' : '**no**'} | ${visit.uncontrolled} |`,
  );
  const s = results.settings;
  return `${REPEAT_HEADING}

\`npm run bench -- repeat\` (scripts/bench/benchRepeat.ts): each page opened once signed in (the
demo customer; the owner), until the service worker is active and the page's answers are saved
on the device; then opened again in a new tab ${results.visits[0]?.runs.length ?? 0} times with the
phone's settings applied through the DevTools protocol (${s.cpuSlowdown}x CPU slowdown,
${s.latencyMs} ms latency, ${Math.round(s.downloadKbps)} kbps down, ${Math.round(s.uploadKbps)} kbps up: Lighthouse's
mobile preset). Time from navigation start to the paint of "As of <time>. Updating…" (Element
Timing), drawn in the same frame as the saved answers ("–": the API answered first and the page
painted its fresh answers instead, counted as over the limit), and, beside it, to the largest
contentful paint and to the end of the first API answer. The machine's load average (1, 5, 15
minutes; 2 CPUs shared) when measured: ${results.load}.

| page | saved answers painted (ms) | largest paint (ms) | first API answer (ms) | median (saved answers) | within ${REPEAT_PAINT_LIMIT_MS} ms | runs without the service worker |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}
