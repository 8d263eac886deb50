/**
 * Browser measurements for `npm run bench` that Lighthouse does not make (Chromium through
 * playwright-core, signed in by putting the session into storage before the app starts):
 * - the dashboard overview's six requests and when each starts (Resource Timing);
 * - My Bookings with many bookings: the time from 'bookings:data' to 'bookings:rendered';
 * - a signed-in visitor going from / to the dashboard: the JavaScript each page downloads.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './benchLighthouse';

/** The six calls of the dashboard load (docs/product.md §7), as paths under the API base. */
export const OVERVIEW_CALLS = [
  '/profile/me',
  '/vehicles/me',
  '/bookings',
  '/calendly-bookings',
  '/loyalty',
  '/subscriptions',
] as const;

export interface OverviewWave {
  /** Start of each call in ms after navigation start (first request of each path). */
  starts: Record<string, number | null>;
  /** Latest start minus earliest start (ms); null when a call was not seen. */
  spread: number | null;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
  });
}

/** The phone's screen the bench's browser pages use. */
export const PHONE = { width: 390, height: 844 };

async function signedInPage(
  browser: Browser,
  storage: Record<string, string>,
  viewport = PHONE,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, value);
      sessionStorage.setItem(key, value);
    }
  }, storage);
  return context.newPage();
}

/** Loads /dashboard signed in and reads when each overview call started. */
export async function measureOverviewWave(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<OverviewWave> {
  const page = await signedInPage(browser, storage);
  try {
    await page.goto(`${origin}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 20_000 });
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    );
    const starts: Record<string, number | null> = {};
    for (const call of OVERVIEW_CALLS) {
      const first = entries.find((entry) => new URL(entry.name).pathname === `/api${call}`);
      starts[call] = first ? Math.round(first.start * 10) / 10 : null;
    }
    const seen = Object.values(starts).filter((value): value is number => value !== null);
    const spread =
      seen.length === OVERVIEW_CALLS.length
        ? Math.round((Math.max(...seen) - Math.min(...seen)) * 10) / 10
        : null;
    return { starts, spread };
  } finally {
    await page.context().close();
  }
}

/** Loads My Bookings signed in; returns ms from 'bookings:data' to 'bookings:rendered'. */
export async function measureBookingsRender(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<{ renderMs: number; rows: number }> {
  const page = await signedInPage(browser, storage);
  try {
    await page.goto(`${origin}/dashboard/bookings`);
    await page.waitForFunction(
      () => performance.getEntriesByName('bookings:rendered').length > 0,
      undefined,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const data = performance.getEntriesByName('bookings:data').at(-1);
      const rendered = performance.getEntriesByName('bookings:rendered').at(-1);
      return {
        renderMs:
          rendered && data ? Math.round((rendered.startTime - data.startTime) * 10) / 10 : NaN,
        rows: document.querySelectorAll('table tbody tr').length,
      };
    });
  } finally {
    await page.context().close();
  }
}

/** JavaScript downloaded (gzip bytes on the wire, Resource Timing `transferSize`). */
export interface Journey {
  /** By / until its header island woke (My Dashboard shown). */
  home: number;
  /** By /dashboard, opened from that link with the browser's cache kept, until it showed. */
  dashboard: number;
}

/** Bytes of script the page downloaded so far (cache hits transfer nothing). */
const scriptBytes = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name))
      .reduce((sum, entry) => sum + entry.transferSize, 0),
  );

/**
 * A signed-in visitor opens / (the header island wakes at once and shows My Dashboard), then
 * follows that link: what each of the two pages downloads.
 */
export async function measureJourney(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<Journey> {
  // A wide window: on a phone the link is in the header's menu.
  const page = await signedInPage(browser, storage, { width: 1280, height: 900 });
  try {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    const link = page.getByRole('link', { name: 'My Dashboard' }).first();
    await link.waitFor({ timeout: 20_000 });
    const home = await scriptBytes(page);
    const document = await page.evaluate(() => performance.timeOrigin);
    await link.click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const total = await scriptBytes(page);
    // A single-page app opens the dashboard in the same document: its count goes on from /'s.
    const sameDocument = (await page.evaluate(() => performance.timeOrigin)) === document;
    return { home, dashboard: sameDocument ? total - home : total };
  } finally {
    await page.context().close();
  }
}

export interface HydrationCheck {
  path: string;
  /** Console errors and warnings, and uncaught errors, while the page loaded and its islands woke. */
  messages: string[];
  /**
   * True when every island hydrated over the elements the server sent (React attached to
   * them, none replaced).
   */
  kept: boolean;
  /** The islands of the page, and whether each hydrated over its prerendered elements. */
  islands: { name: string; kept: boolean }[];
}

/**
 * Loads a prerendered page, wakes every island (a pointer over it, then scrolled into view) and
 * checks that each hydrated its prerendered HTML: no console errors or warnings (React reports
 * hydration mismatches there), and its elements are still the ones the server sent, now
 * React's (a failed hydration renders them anew).
 */
export async function checkHydration(
  browser: Browser,
  origin: string,
  path: string,
): Promise<HydrationCheck> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  try {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    const names = await page.evaluate(() => {
      const sent = [...document.querySelectorAll('[data-island]')].map((root) => [
        root.getAttribute('data-island') ?? '',
        [...root.children],
      ]);
      (window as unknown as { sent: typeof sent }).sent = sent;
      return sent.map(([name]) => name as string);
    });
    for (const name of names) {
      const root = page.locator(`[data-island="${name}"] > :not(link)`).first();
      await root.scrollIntoViewIfNeeded();
      await root.hover({ trial: false, force: true }).catch(() => undefined);
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(500);
    const islands = await page.evaluate(() => {
      const sent = (window as unknown as { sent: [string, Element[]][] }).sent;
      return sent.map(([name, elements]) => ({
        name,
        kept: elements.every(
          (element) =>
            element.isConnected &&
            (element.tagName === 'LINK' ||
              Object.keys(element).some((key) => key.startsWith('__reactFiber'))),
        ),
      }));
    });
    return { path, messages, kept: islands.every((island) => island.kept), islands };
  } finally {
    await context.close();
  }
}
