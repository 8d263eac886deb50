/**
 * The owner's inbox at scale for `npm run bench`: with INBOX_REQUESTS quote requests in the
 * database, the time from the arrival of the first page's answer (the end of its response in
 * Resource Timing) to the inbox's performance mark 'owner-inbox:rendered' (made once the page
 * with the requests has been painted), signed in as the owner, on a phone. The time from the
 * inbox's mark 'owner-inbox:data' (its render with the data began) is reported beside it.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { median } from './benchLighthouse';
import { launchBrowser } from './benchBrowser';
import { INBOX_REQUESTS, ownerTokens } from './benchInbox';
import type { LocalStack } from '../local-stack/localStack';

export const INBOX_RENDER_LIMIT_MS = 200;
const RUNS = 5;
/** The pause between two runs. */
const SETTLE_MS = 2000;

/** The owner's session as the app stores it (put into storage before the app starts). */
export async function ownerSession(stack: LocalStack): Promise<Record<string, string>> {
  const result = await ownerTokens(stack);
  const idToken = String(result.IdToken);
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return {
    idToken,
    accessToken: String(result.AccessToken ?? ''),
    refreshToken: String(result.RefreshToken ?? ''),
    user: JSON.stringify({ sub: claims.sub, email: stack.ownerUser.email }),
  };
}

/** Opens /owner and reads the time from the first page's answer to its paint. */
async function measureOnce(browser: Browser, origin: string, storage: Record<string, string>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, value);
      sessionStorage.setItem(key, value);
    }
  }, storage);
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/owner`);
    await page.waitForFunction(
      () => performance.getEntriesByName('owner-inbox:rendered').length > 0,
      undefined,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const data = performance.getEntriesByName('owner-inbox:data').at(-1);
      const rendered = performance.getEntriesByName('owner-inbox:rendered').at(-1);
      // The first page's answer: the last GET /owner/requests without a cursor received before
      // the page marked its data.
      const answer = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => {
          const url = new URL(entry.name);
          return (
            url.pathname.endsWith('/owner/requests') &&
            !url.searchParams.has('cursor') &&
            (!data || entry.responseEnd <= data.startTime)
          );
        })
        .at(-1);
      // (No named helper here: the bundler's name helper does not exist in the page.)
      return {
        renderMs:
          rendered && answer
            ? Math.round((rendered.startTime - answer.responseEnd) * 10) / 10
            : NaN,
        fromMarkMs:
          rendered && data ? Math.round((rendered.startTime - data.startTime) * 10) / 10 : NaN,
        items: document.querySelectorAll('ul[aria-label="Quote requests"] > li').length,
      };
    });
  } finally {
    await context.close();
  }
}

export interface OwnerInboxResult {
  count: number;
  runs: number[];
  /** The same runs from the mark 'owner-inbox:data' (render began) instead of the answer. */
  fromMark: number[];
  items: number;
  /** The load average (1, 5, 15 minutes) when the runs began: the machine may be shared. */
  load: string;
  medianMs: number;
  withinLimit: boolean;
}

/**
 * Measures the inbox RUNS times, after measureInboxAtServer (./benchInbox.ts) has written its
 * requests into the database; `browser` is launched when not given.
 */
export async function benchOwnerInbox(
  stack: LocalStack,
  origin: string,
  browser?: Browser,
): Promise<OwnerInboxResult> {
  const count = INBOX_REQUESTS;
  const session = await ownerSession(stack);
  const own = browser ?? (await launchBrowser());
  try {
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    const runs: number[] = [];
    const fromMark: number[] = [];
    let items = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      // Chromium ends the previous run's renderer process in the background: that work is
      // not the inbox's, so each run starts once it is over.
      if (run > 1) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const figure = await measureOnce(own, origin, session);
      console.log(
        `[bench] owner inbox #${run}: ${figure.renderMs} ms after the answer, ` +
          `${figure.fromMarkMs} ms after the render began (${figure.items} shown)`,
      );
      runs.push(figure.renderMs);
      fromMark.push(figure.fromMarkMs);
      items = figure.items;
    }
    const medianMs = median(runs);
    return {
      count,
      runs,
      fromMark,
      items,
      load,
      medianMs,
      withinLimit: medianMs <= INBOX_RENDER_LIMIT_MS,
    };
  } finally {
    if (!browser) await own.close();
  }
}

/** How the section of bench/results.md starts. */
export const OWNER_INBOX_HEADING = "## The owner's inbox with";

/** The section of bench/results.md. */
export function ownerInboxMarkdown(result: OwnerInboxResult): string {
  return `
${OWNER_INBOX_HEADING} ${result.count} requests

Anonymous quote requests written straight into the database, then /owner opened as the owner on
a 390 px screen, ${result.runs.length} times, ${SETTLE_MS / 1000} s apart (Chromium ends the previous run's page meanwhile). Time from the first page's answer (the end of its
response, ${result.items} requests) to the mark 'owner-inbox:rendered', made once that page has
been painted (the frame after React's commit), per run: ${result.runs.join(' ms, ')} ms. From the
mark 'owner-inbox:data' (the render with the data began) instead: ${result.fromMark.join(' ms, ')} ms.
The machine's load average when measured: ${result.load}.
Median **${result.medianMs} ms**, within ${INBOX_RENDER_LIMIT_MS} ms: ${result.withinLimit ? 'yes' : '**no**'}.
`;
}
