/**
 * The owner's inbox at scale for `npm run bench`: with INBOX_REQUESTS quote requests in the
 * database, the time from the inbox's performance mark 'owner-inbox:data' (its first page has
 * arrived) to 'owner-inbox:rendered' (that page is on screen), signed in as the owner, on a phone.
 */
import type { Browser } from 'playwright-core';
import { median } from './benchLighthouse';
import { launchBrowser } from './benchBrowser';
import { INBOX_REQUESTS, ownerTokens } from './benchInbox';
import type { LocalStack } from './localStack';

export const INBOX_RENDER_LIMIT_MS = 200;
const RUNS = 3;

/** The owner's session as the app stores it (put into storage before the app starts). */
async function ownerSession(stack: LocalStack): Promise<Record<string, string>> {
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

/** Opens /owner and reads the time from the first page's data to its render. */
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
      return {
        renderMs:
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
  items: number;
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
    const runs: number[] = [];
    let items = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const figure = await measureOnce(own, origin, session);
      console.log(`[bench] owner inbox #${run}: ${figure.renderMs} ms (${figure.items} shown)`);
      runs.push(figure.renderMs);
      items = figure.items;
    }
    const medianMs = median(runs);
    return { count, runs, items, medianMs, withinLimit: medianMs <= INBOX_RENDER_LIMIT_MS };
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
a 390 px screen. Time from the performance mark 'owner-inbox:data' (the first page of
${result.items} requests arrived) to 'owner-inbox:rendered', per run: ${result.runs.join(' ms, ')} ms.
Median **${result.medianMs} ms**, within ${INBOX_RENDER_LIMIT_MS} ms: ${result.withinLimit ? 'yes' : '**no**'}.
`;
}
