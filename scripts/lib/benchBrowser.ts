/**
 * Browser measurements for `npm run bench` that Lighthouse does not make (Chromium through
 * playwright-core, signed in by putting the session into storage before the app starts):
 * - the dashboard overview's six requests and when each starts (Resource Timing);
 * - My Bookings with many bookings: the time from 'bookings:data' to 'bookings:rendered'.
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

async function signedInPage(browser: Browser, storage: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
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

export interface HydrationCheck {
  path: string;
  /** Console errors and warnings, and uncaught errors, while the page loaded and hydrated. */
  messages: string[];
  /** True when the prerendered elements are still the ones shown (hydrated, not replaced). */
  kept: boolean;
}

/**
 * Loads a prerendered page and checks that the app hydrated it: no console errors or
 * warnings (React reports hydration mismatches there), and the page's first element is still
 * the one the server sent (a failed hydration renders it anew).
 */
export async function checkHydration(
  browser: Browser,
  origin: string,
  path: string,
): Promise<HydrationCheck> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const first = document.getElementById('root')?.firstElementChild;
      if (!first) return;
      (window as unknown as { ssrFirst: Element }).ssrFirst = first;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
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
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() => {
      const first = (window as unknown as { ssrFirst?: Element }).ssrFirst;
      return Boolean(
        first?.isConnected && document.getElementById('root')?.firstElementChild === first,
      );
    });
    return { path, messages, kept };
  } finally {
    await context.close();
  }
}
