/**
 * The bench (scripts/bench/, its entry): run by hand, by whoever changes something that may cost
 * speed, to measure it on this machine; it writes bench/results.md.
 *
 * `npm run bench`: starts a fresh local stack (.local/bench/state), builds the app for its
 * identity provider, and the commit before the signed-in pages' first-visit work
 * (BASELINE_COMMIT) in a detached worktree under .local/bench/baseline, then serves
 * - the new build by Debian's nginx (scripts/local-stack/nginx.ts: gzip, long cache for hashed assets,
 *   the SPA fallback; installed from Debian when missing) and by the project's own static server
 *   (scripts/local-stack/staticServer.ts, serve.cjs's code: the build's brotli files, ETag), and
 * - the baseline build by nginx,
 * all with /api proxied to the stack, and
 * 1. runs Lighthouse (mobile preset) RUNS times on each page of PAGES for each of the three
 *    and keeps the medians, plus a control page (a few lines of static HTML) that shows what
 *    this browser costs on any page; /dashboard signed in as the demo customer, /owner as the
 *    owner (signed in with the authenticator app's code); for those two, the scripts requested
 *    before the first paint and what each holds (scripts/bench/benchScripts.ts).
 *    `npm run bench -- lighthouse` (or BENCH_ONLY=lighthouse) runs only this and rewrites only
 *    its section; BENCH_SERVERS (comma-separated: baseline-nginx, nginx, own, nginx-no-coop)
 *    narrows the servers;
 * 1b. repeat visits: /dashboard and /owner/route opened again with the service worker installed
 *    and the answers saved on the device, on phone settings (4x CPU, slow 4G): navigation start
 *    to the saved answers' paint (scripts/bench/benchRepeat.ts; target 300 ms).
 *    `npm run bench -- repeat` (or BENCH_ONLY=repeat) runs only this and rewrites only its section;
 * 2. checks that each island of the prerendered pages hydrates over the elements it was sent;
 * 3. records when the dashboard overview's six requests start (within 50 ms of each other), and
 *    the JavaScript a signed-in visitor downloads on / and then on the dashboard (both builds);
 * 4. gives the demo customer 2,000 website bookings through the API (POST /bookings, then four
 *    in five completed as the operator does and one in five cancelled with DELETE) and measures My Bookings from 'bookings:data' to
 *    'bookings:rendered' (target 300 ms);
 * 5. puts 10,000 quote requests in the database and measures the owner's inbox from its first
 *    page's answer to 'owner-inbox:rendered', marked once that page is painted (target 200 ms;
 *    scripts/bench/benchOwner.ts);
 * 6. measures quote requests per second with the e-mail outbox and without it, side by side
 *    (scripts/bench/benchOutbox.ts; target: at least 90%). BENCH_ONLY=outbox runs only this and
 *    rewrites only its section of the results; BENCH_ONLY=owner, only step 5;
 * 7. measures GET /profile/me and GET /bookings against an older commit's API, side by side
 *    (scripts/bench/benchApi.ts; target: at least 95% of its requests per second).
 *    `npm run bench -- api` (or BENCH_ONLY=api) runs only this and rewrites only its section;
 * 8. puts 10,000 bookings in a database of its own and measures GET /availability for the 60
 *    days from today (scripts/bench/benchAvailability.ts; target: p95 at most 20 ms at the
 *    server). `npm run bench -- availability` (or BENCH_ONLY=availability) runs only this and
 *    rewrites only its section;
 * 9. measures the API's reads and writes while another process holds the database's write lock
 *    for 12 s, beside a run with the lock free (scripts/bench/benchLocked.ts; target: every read
 *    within 200 ms, none reset, every write answered within 1 s). `npm run bench -- locked` (or
 *    BENCH_ONLY=locked) runs only this and rewrites only its section.
 * Writes bench/results.md and bench/results.json; full Lighthouse reports go to bench/tmp/.
 * Ports 3400-3499 (the first free ones). BENCH_RUNS and BENCH_PAGES (comma-separated) narrow a
 * run while working on one page; BENCH_BASELINE=0 skips the baseline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../local-stack/staticServer';
import {
  headerConfigFromEnv,
  OPENER_POLICY_HEADER,
  securityHeaders,
} from '../build/securityHeaders';
import { medianFigures, median, runLighthouse, type LighthouseFigures } from './benchLighthouse';
import {
  OVERVIEW_CALLS,
  checkHydration,
  launchBrowser,
  type HydrationCheck,
  measureBookingsRender,
  measureJourney,
  measureOverviewWave,
  type Journey,
  type OverviewWave,
} from './benchBrowser';
import { initialScripts, INITIAL_JS_BUDGET } from '../build/bundleReport';
import type { Browser } from 'playwright-core';
import { loadavg } from 'node:os';
import { describeScript } from './benchScripts';
import { measureRepeatVisits, REPEAT_HEADING, repeatMarkdown } from './benchRepeat';
import { startLocalStack, projectRoot, type LocalStack } from '../local-stack/localStack';
import {
  benchOwnerInbox,
  OWNER_INBOX_HEADING,
  ownerInboxMarkdown,
  ownerSession,
} from './benchOwner';
import { freePortsInRange } from '../common/ports';
import { ensureNginx, startNginx } from '../local-stack/nginx';
import { callCognito, isRecord } from '../identity-emulator/cognitoClient';
import { openDatabase } from '../../server/platform/db';
import { completeBooking } from '../../server/bookings/bookings';
import { CAPS } from '../../server/customers/caps';
import { measureOutboxCost, outboxMarkdown, type OutboxBench } from './benchOutbox';
import { measureInboxAtServer, replaceMarkdownSection, writeInboxSection } from './benchInbox';
import { API_HEADING, apiMarkdown, measureApiAgainstBaseline } from './benchApi';
import { LOCKED_HEADING, lockedMarkdown, measureWhileLocked } from './benchLocked';
import { checkOutWorktree, removeWorktree } from './benchWorktree';
import {
  AVAILABILITY_HEADING,
  availabilityMarkdown,
  measureAvailability,
} from './benchAvailability';

/** This project's bench range. */
const BENCH_PORTS = { from: 3400, to: 3500 };
/**
 * The "before" column: the last commit before the signed-in pages' first-visit work (the
 * dashboard's and the console's shell painted ahead of the data layer), built in the same run.
 */
const BASELINE_COMMIT = '7356e8f';

const RUNS = Number(process.env.BENCH_RUNS) || 5;
const ALL_PAGES = ['/', '/services', '/gallery', '/contact', '/dashboard', '/owner'];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ALL_PAGES;
const WITH_BASELINE = process.env.BENCH_BASELINE !== '0';
/** A few lines of static HTML: what the browser and Lighthouse cost on any page. */
const CONTROL_PAGE = '/bench-control/';
const SCALE_BOOKINGS = 2000;
/** The public pages' targets (median of the runs on nginx). */
const TARGETS = {
  performance: 98,
  lcp: 1200,
  tbt: 50,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};
/**
 * The signed-in pages' first visit (median of the runs on nginx): performance, LCP, and blocking
 * time at most this much above the control page's in the same run.
 */
const SIGNED_IN_TARGETS = { performance: 99, lcp: 1500, tbtOverControl: 50 };
/** The pages Lighthouse opens signed in: the demo customer's dashboard, the owner's console. */
const SIGNED_IN_PAGES = ['/dashboard', '/owner'];
const WAVE_LIMIT_MS = 50;
const RENDER_LIMIT_MS = 300;

const benchDir = path.join(projectRoot, 'bench');
const baselineDir = path.join(projectRoot, '.local/bench/baseline');
const reportsDir = path.join(benchDir, 'tmp');
const dist = path.join(projectRoot, 'dist');
const log = (line: string) => console.log(`[bench] ${line}`);

/**
 * The app's build settings for a local stack's identity provider (as the browser suite builds
 * it): the sign-in, and the owner console's question about the authenticator app, go to it.
 */
function identityEnv(stack: LocalStack): Record<string, string> {
  return {
    API_BASE_URL: '/api',
    COGNITO_ENDPOINT: stack.cognitoUrl,
    COGNITO_HOSTED_DOMAIN: stack.cognitoUrl,
    AUTH_FLOW: 'USER_PASSWORD_AUTH',
    COGNITO_USER_POOL_ID: stack.userPoolId,
    COGNITO_CLIENT_ID: stack.clientId,
  };
}

/**
 * Builds the project in `root` (this checkout or the baseline's worktree) into root/dist, for
 * `stack`'s identity provider.
 */
function build(root: string, stack: LocalStack): void {
  const started = Date.now();
  // An older commit has its build script at the top of scripts/.
  const entry = ['scripts/build/build.ts', 'scripts/build.ts'].find((file) =>
    existsSync(path.join(root, file)),
  );
  if (!entry) throw new Error(`No build script in ${root}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...identityEnv(stack) },
  });
  const fresh = (() => {
    try {
      return statSync(path.join(root, 'dist', 'index.html')).mtimeMs >= started;
    } catch {
      return false;
    }
  })();
  if (!fresh) throw new Error(`The build in ${root} failed (see above)`);
  if (result.status !== 0)
    log('The build reported a failure (see above); measuring what it built.');
}

/**
 * Builds the baseline (when there is one) and this checkout for `stack`. The baseline first:
 * both builds write their server bundle to the shared node_modules (webpack.config.ts,
 * SSR_OUTPUT_DIR), and this checkout's must be the one left there.
 */
function buildBoth(baseline: string | null, stack: LocalStack): void {
  if (baseline) build(baselineDir, stack);
  build(projectRoot, stack);
  writeControlPage();
}

/**
 * Checks BASELINE_COMMIT out into .local/bench/baseline, with this checkout's node_modules
 * linked in (its webpack configuration finds packages under its own root).
 */
const checkOutBaseline = () => checkOutWorktree(baselineDir, BASELINE_COMMIT);
const removeBaseline = () => removeWorktree(baselineDir);

function writeControlPage(): void {
  const dir = path.join(dist, CONTROL_PAGE);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Control</title><meta name="description" content="A static control page.">' +
      '</head><body><main><h1>Control</h1><p>Static HTML, no script.</p></main></body></html>\n',
  );
}

/** The demo customer's session, as the app stores it (src/api/session/tokenStore.ts). */
async function demoSession(stack: LocalStack): Promise<Record<string, string>> {
  const answer = await callCognito(stack.cognitoUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: stack.demoUser.email, PASSWORD: stack.demoUser.password },
  });
  const result = isRecord(answer.AuthenticationResult) ? answer.AuthenticationResult : {};
  const idToken = String(result.IdToken ?? '');
  const accessToken = String(result.AccessToken ?? '');
  const refreshToken = String(result.RefreshToken ?? '');
  if (!idToken) throw new Error('The demo customer could not sign in');
  return {
    idToken,
    accessToken,
    refreshToken,
    user: JSON.stringify({ sub: stack.demoUser.sub, email: stack.demoUser.email }),
  };
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * Gives the demo customer `total` website bookings: sent through the API (POST /bookings with
 * the customer's token), then, as a real history would be, four in five completed (as the
 * operator does, server/cli.ts) and one in five cancelled (DELETE /bookings/{id}). Sent in
 * rounds, since a customer may hold at most CAPS.openBookings open ones.
 */
async function makeBookings(
  apiUrl: string,
  databaseFile: string,
  idToken: string,
  total: number,
): Promise<number> {
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const existing = (await (await fetch(`${apiUrl}/bookings`, { headers })).json()) as {
    status?: string;
  }[];
  const open = existing.filter((booking) => booking.status === 'Booked').length;
  const missing = Math.max(0, total - existing.length);
  const types = ['Sedan', 'SUV', 'Minivan', 'Premium Package'] as const;
  const addons = ['Tire Shine & Wheel Detail', 'Pet Hair Removal', 'Ceramic Wax'];
  const day = 24 * 60 * 60 * 1000;
  const db = openDatabase(databaseFile);
  try {
    let sent = 0;
    while (sent < missing) {
      const round = Array.from(
        { length: Math.min(CAPS.openBookings - open, missing - sent) },
        (_, i) => sent + i,
      );
      const created: { id: string; i: number }[] = [];
      await pool(round, 8, async (i) => {
        const date = new Date(Date.now() + (1 + (i % 365)) * day).toISOString().slice(0, 10);
        const response = await fetch(`${apiUrl}/bookings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: 'Jordan Miles',
            phone: '(919) 555-0100',
            email: 'demo@triangleshine.test',
            vehicleType: types[i % types.length],
            selectedAddons: addons.slice(0, i % 3),
            date,
            time: '4:00 PM',
            vehicle: `Bench car ${i}`,
            totalPrice: 0,
          }),
        });
        if (!response.ok)
          throw new Error(`POST /bookings: ${response.status} ${await response.text()}`);
        const booking = (await response.json()) as { bookingId?: string };
        if (booking.bookingId) created.push({ id: booking.bookingId, i });
      });
      await pool(created, 8, async ({ id, i }) => {
        if (i % 5 !== 0) return void completeBooking(db, id, new Date(), { doneEarly: true });
        const response = await fetch(`${apiUrl}/bookings/${id}`, { method: 'DELETE', headers });
        if (!response.ok) throw new Error(`DELETE /bookings/${id}: ${response.status}`);
      });
      sent += round.length;
    }
    return existing.length + sent;
  } finally {
    db.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The servers a build is measured on, in the order of the report's columns. */
type Target = 'baseline-nginx' | 'nginx' | 'own' | 'nginx-no-coop';
const TARGET_TITLES: Record<Target, string> = {
  'baseline-nginx': 'before (nginx)',
  nginx: 'now (nginx)',
  own: 'now (own server)',
  'nginx-no-coop': 'now (nginx, no COOP)',
};
/** The pages also measured without Cross-Origin-Opener-Policy (what that header costs). */
const WITHOUT_COOP_PAGES = ['/', CONTROL_PAGE];

type PageFigures = Partial<Record<Target, LighthouseFigures>>;

interface Results {
  date: string;
  baseline: string | null;
  runs: number;
  /** The load average when the Lighthouse runs began. */
  load: string;
  initialJs: { gzipBytes: number; budgetBytes: number };
  hydration: HydrationCheck[];
  lighthouse: Record<string, PageFigures>;
  overview: { runs: OverviewWave[]; medianSpread: number | null; withinLimit: boolean };
  journey: Partial<Record<'before' | 'now', Journey>>;
  bookings: { count: number; runs: number[]; medianMs: number; withinLimit: boolean };
  outbox?: OutboxBench;
}

function targetCheck(page: string, f: LighthouseFigures, control?: LighthouseFigures): string {
  if (SIGNED_IN_PAGES.includes(page)) {
    const limit = control ? control.tbt + SIGNED_IN_TARGETS.tbtOverControl : NaN;
    return [
      `performance ≥ ${SIGNED_IN_TARGETS.performance}: ${mark(f.performance >= SIGNED_IN_TARGETS.performance)}`,
      `LCP ≤ ${seconds(SIGNED_IN_TARGETS.lcp)}: ${mark(f.lcp <= SIGNED_IN_TARGETS.lcp)}`,
      `TBT ≤ the control's + ${SIGNED_IN_TARGETS.tbtOverControl} ms (${Math.round(limit)} ms): ${mark(f.tbt <= limit)}`,
    ].join('; ');
  }
  return [
    `performance ≥ ${TARGETS.performance}: ${mark(f.performance >= TARGETS.performance)}`,
    `LCP ≤ ${seconds(TARGETS.lcp)}: ${mark(f.lcp <= TARGETS.lcp)}`,
    `TBT ≤ ${TARGETS.tbt} ms: ${mark(f.tbt <= TARGETS.tbt)}`,
    `CLS ${TARGETS.cls}: ${mark(f.cls <= TARGETS.cls)}`,
    `accessibility, best practices, SEO 100: ${mark(
      f.accessibility >= TARGETS.accessibility &&
        f.bestPractices >= TARGETS.bestPractices &&
        f.seo >= TARGETS.seo,
    )}`,
  ].join('; ');
}

/** How the Lighthouse section of bench/results.md starts. */
const LIGHTHOUSE_HEADING = '## Lighthouse, side by side (medians)';

/** The Lighthouse section: side by side, the targets, each server's figures, the scripts. */
function lighthouseMarkdown(
  lighthouse: Record<string, PageFigures>,
  baseline: string | null,
  runs: number,
  load: string,
): string {
  const targets = (Object.keys(TARGET_TITLES) as Target[]).filter((target) =>
    Object.values(lighthouse).some((figures) => figures[target]),
  );
  const cell = (f: LighthouseFigures | undefined) =>
    f
      ? `${f.performance} · ${seconds(f.lcp)} · ${Math.round(f.tbt)} ms · ${f.cls.toFixed(3)}`
      : '–';
  const sideBySide = Object.entries(lighthouse).map(
    ([page, figures]) => `| ${page} | ${targets.map((t) => cell(figures[t])).join(' | ')} |`,
  );
  const detail = (target: Target) =>
    Object.entries(lighthouse)
      .filter(([, figures]) => figures[target])
      .map(([page, figures]) => {
        const f = figures[target]!;
        return (
          `| ${page} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ` +
          `${seconds(f.lcp)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} | ${kb(f.transferredJs)} |`
        );
      });
  const control = lighthouse[CONTROL_PAGE]?.nginx;
  const checks = Object.entries(lighthouse)
    .filter(([page, figures]) => page !== CONTROL_PAGE && figures.nginx)
    .map(([page, figures]) => `- ${page} (nginx): ${targetCheck(page, figures.nginx!, control)}`);
  const failed = Object.entries(lighthouse).flatMap(([page, figures]) =>
    targets
      .filter((t) => t !== 'baseline-nginx' && figures[t])
      .flatMap((t) =>
        figures[t]!.failedAudits.map((audit) => `- ${page} (${TARGET_TITLES[t]}): ${audit}`),
      ),
  );
  const scripts = (['baseline-nginx', 'nginx'] as const).flatMap((target) =>
    Object.entries(lighthouse)
      .filter(([page, figures]) => SIGNED_IN_PAGES.includes(page) && figures[target])
      .map(([page, figures]) => {
        const f = figures[target]!;
        const root = target === 'nginx' ? dist : path.join(baselineDir, 'dist');
        const rows = f.scriptsBeforePaint.map(
          (script) =>
            `| ${new URL(script.url).pathname.replace('/assets/', '')} | ${kb(script.transferSize)} | ${describeScript(root, script.url)} |`,
        );
        const total = f.scriptsBeforePaint.reduce((sum, script) => sum + script.transferSize, 0);
        return `#### ${page}, ${TARGET_TITLES[target]}: ${f.scriptsBeforePaint.length} scripts, ${kb(total)}, first paint at ${Math.round(f.observedFcp)} ms

| file | on the wire | what it holds (share of its source) |
| --- | --- | --- |
${rows.join('\n') || '| (none) | | |'}
`;
      }),
  );
  return `${LIGHTHOUSE_HEADING}

${baseline ? `"Before" is commit ${baseline} (the last one before the signed-in pages' first-visit work), built and measured in the same run on the same nginx.` : 'No baseline in this run (BENCH_BASELINE=0).'}
Lighthouse ${runs} runs per page and server, mobile preset (simulated slow 4G, 4x CPU
slowdown), a fresh browser profile per run, Chromium started with the \`lighthouse\` command's flags;
medians. ${SIGNED_IN_PAGES.join(' and ')} are a first visit signed in (the demo customer; the
owner, whose account has an authenticator app): the session in the browser's storage, nothing
else kept. The machine's load average (1, 5, 15 minutes; 2 CPUs shared with other work) when the
runs began: ${load}.

performance · LCP · TBT · CLS

| page | ${targets.map((t) => TARGET_TITLES[t]).join(' | ')} |
| --- | ${targets.map(() => '---').join(' | ')} |
${sideBySide.join('\n')}

Targets (on nginx; the signed-in pages' blocking time against ${CONTROL_PAGE}'s in the same run):

${checks.join('\n')}

${targets
  .map(
    (t) => `### ${TARGET_TITLES[t]}

| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS transferred |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${detail(t).join('\n')}
`,
  )
  .join('\n')}
${failed.length ? `Audits below 90 in some run (now):\n\n${failed.join('\n')}\n` : 'No scored audit below 90 in any run (now).\n'}
### JavaScript before the first paint

The scripts Lighthouse saw requested before Chromium painted the page (the run with the
median first paint; Chromium's own paint, not Lighthouse's simulation), their bytes on the wire
and what each holds: the modules its source map lists, by part, as a share of their source
before minifying (scripts/bench/benchScripts.ts).

${scripts.join('\n')}`;
}

function resultsMarkdown(results: Results): string {
  const waveRows = results.overview.runs.map(
    (run, i) =>
      `| ${i + 1} | ${OVERVIEW_CALLS.map((call) => run.starts[call] ?? '–').join(' | ')} | ${run.spread ?? '–'} |`,
  );
  return `# Benchmark results

${results.date}. \`npm run bench\`: the production build served on loopback by Debian's nginx
(gzip 6, or the build's zopfli gzip of each prerendered page with \`gzip_static\`; a year's cache
for hashed assets; the SPA fallback) and by the project's own static server (the build's brotli
files, the same caching), API and identity from the local stack.
${CONTROL_PAGE} is a control: a few lines of static HTML without a script, so its TBT is what this
browser spends on any page with the site's headers. One of them,
\`${OPENER_POLICY_HEADER}: same-origin\`, moves the page into a new browsing context group, so
Chromium starts a fresh renderer process for it, and that process's first task (creating the
page's script context) is counted 4x. The column "${TARGET_TITLES['nginx-no-coop']}" serves the
same build by nginx with the same headers except that one, for ${WITHOUT_COOP_PAGES.join(' and ')}
only: it measures what the header costs. The site keeps it (README, "Security headers").

## JavaScript budget

Initial JavaScript of /: **${kb(results.initialJs.gzipBytes)} gzip** (budget ${kb(results.initialJs.budgetBytes)}).

${lighthouseMarkdown(results.lighthouse, results.baseline, results.runs, results.load)}
## The islands of the prerendered pages hydrate

Each island woken (pointer over it, scrolled into view); kept = hydrated over the elements the
server sent.

${results.hydration
  .map(
    (check) =>
      `- ${check.path}: ${check.islands.map((island) => `${island.name} ${island.kept ? 'kept' : '**re-rendered**'}`).join(', ')}, ` +
      `${check.messages.length ? `console: ${check.messages.join('; ')}` : 'no console errors or warnings'}`,
  )
  .join('\n')}

## A signed-in visitor from / to the dashboard

JavaScript downloaded (KB on the wire, Resource Timing's \`transferSize\`), Chromium 1280 px wide
with its cache kept: / until its header shows My Dashboard, then the dashboard opened from that
link until it shows. Served by nginx.

| build | / | then /dashboard | both |
| --- | --- | --- | --- |
${(['before', 'now'] as const)
  .flatMap((build) => {
    const j = results.journey[build];
    if (!j) return [];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    return [`| ${build} | ${kb(j.home)} | ${kb(j.dashboard)} | ${kb(j.home + j.dashboard)} |`];
  })
  .join('\n')}

## Dashboard overview: one wave

Start of each of the six overview requests (ms after navigation start, Resource Timing), signed
in as the demo customer; they must start within ${WAVE_LIMIT_MS} ms of each other.

| run | ${OVERVIEW_CALLS.join(' | ')} | spread (ms) |
| --- | ${OVERVIEW_CALLS.map(() => '---').join(' | ')} | --- |
${waveRows.join('\n')}

Median spread: **${results.overview.medianSpread ?? '–'} ms**, within ${WAVE_LIMIT_MS} ms: ${mark(results.overview.withinLimit)}.
"N parallel calls with an expired token cause exactly one refresh" is covered by the unit tests
of the session layer (src/api/session).

## My Bookings with ${results.bookings.count} bookings

Bookings created through the API (POST /bookings with the demo customer's token, in rounds of at
most ${CAPS.openBookings} open ones), then four in five completed as the operator does and one in
five cancelled with DELETE /bookings/{id}. Time from the performance mark 'bookings:data' to
'bookings:rendered' (table and both charts), per run: ${results.bookings.runs.join(' ms, ')} ms.
Median **${results.bookings.medianMs} ms**, within ${RENDER_LIMIT_MS} ms: ${mark(results.bookings.withinLimit)}.
${results.outbox ? `\n${outboxMarkdown(results.outbox)}` : ''}`;
}

/** Replaces one part of bench/results.json and its section of bench/results.md. */
function saveSection(key: string, value: unknown, heading: string, markdown: string): void {
  const jsonFile = path.join(benchDir, 'results.json');
  const saved = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown>)
    : {};
  writeFileSync(jsonFile, `${JSON.stringify({ ...saved, [key]: value }, null, 2)}\n`);
  replaceMarkdownSection(path.join(benchDir, 'results.md'), heading, markdown);
}

/** `npm run bench -- api` (BENCH_ONLY=api): the API against an older commit, alone. */
async function apiOnly() {
  const api = await measureApiAgainstBaseline(log);
  saveSection('api', api, API_HEADING, apiMarkdown(api));
  for (const [endpoint, figures] of Object.entries(api.endpoints)) {
    log(
      `GET ${endpoint}: ${figures.medianNow}/s now, ${figures.medianBefore}/s at ${api.baseline} ` +
        `(${figures.ratio.toFixed(2)}×)`,
    );
  }
  log('wrote its part of bench/results.md and results.json');
}

/** The API while another process holds the write lock; replaces its part of the results. */
async function benchLocked() {
  const locked = await measureWhileLocked(log);
  saveSection('locked', locked, LOCKED_HEADING, lockedMarkdown(locked));
  log('wrote its part of bench/results.md and results.json (while locked)');
}

/**
 * 60 days' free times with 10,000 bookings, on a database of its own; replaces its part of the
 * results. Alone: `npm run bench -- availability` (BENCH_ONLY=availability).
 */
async function benchAvailability() {
  const availability = await measureAvailability(log);
  saveSection(
    'availability',
    availability,
    AVAILABILITY_HEADING,
    availabilityMarkdown(availability),
  );
  log('wrote the free times part of bench/results.md and results.json');
}

/** BENCH_ONLY=outbox: measures the outbox's cost and replaces only its part of the results. */
async function outboxOnly() {
  const outbox = await measureOutboxCost(log);
  saveSection('outbox', outbox, OUTBOX_HEADING, outboxMarkdown(outbox));
  log(
    `outbox: ${outbox.medianWith}/s with, ${outbox.medianWithout}/s without ` +
      `(${Math.round(outbox.ratio * 100)}%); wrote its part of bench/results.md and results.json`,
  );
}
const OUTBOX_HEADING = '## Quote requests with the e-mail outbox';

/** The response headers of the app's servers, for this stack's identity endpoints. */
function stackHeaders(stack: LocalStack) {
  return securityHeaders(
    headerConfigFromEnv({
      API_BASE_URL: '/api',
      COGNITO_ENDPOINT: stack.cognitoUrl,
      COGNITO_HOSTED_DOMAIN: stack.cognitoUrl,
    }),
  );
}

/**
 * BENCH_ONLY=owner: the owner's inbox with 10,000 requests alone (at the server, then rendered),
 * on a fresh build and stack; replaces only those two sections of the results.
 */
async function ownerOnly() {
  const [appPort, ...stackPorts] = await freePortsInRange(BENCH_PORTS.from, BENCH_PORTS.to, 4);
  const origin = `http://127.0.0.1:${appPort}`;
  const stateDir = path.join(projectRoot, '.local/bench/state');
  const stack = await benchStack(appPort!, stackPorts);
  try {
    build(projectRoot, stack);
    const app = await startStaticServer({
      dist,
      port: appPort!,
      apiTarget: stack.apiUrl,
      headers: stackHeaders(stack),
    });
    try {
      const atServer = await measureInboxAtServer(
        stack,
        path.join(stateDir, 'data', 'app.db'),
        log,
      );
      const rendered = await benchOwnerInbox(stack, origin);
      writeInboxSection(benchDir, atServer);
      const mdFile = path.join(benchDir, 'results.md');
      replaceMarkdownSection(mdFile, OWNER_INBOX_HEADING, ownerInboxMarkdown(rendered));
      const jsonFile = path.join(benchDir, 'results.json');
      const saved = existsSync(jsonFile)
        ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown>)
        : {};
      writeFileSync(jsonFile, `${JSON.stringify({ ...saved, ownerInbox: rendered }, null, 2)}\n`);
      log(
        `owner inbox: rendered in ${rendered.medianMs} ms (median); wrote its parts of the results`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await stack.stop();
  }
}

/** Starts a fresh local stack for the app served at a port of the bench's range. */
async function benchStack(
  appPort: number,
  [cognitoPort, apiPort, cognitoInternal]: number[],
  otherAppPorts: number[] = [],
): Promise<LocalStack> {
  const stateDir = path.join(projectRoot, '.local/bench/state');
  rmSync(stateDir, { recursive: true, force: true });
  log(`starting the local stack in ${path.relative(projectRoot, stateDir)}`);
  return startLocalStack({
    stateDir,
    appOrigin: `http://127.0.0.1:${appPort}`,
    // The identity provider answers the pages of every server the bench opens (the owner's
    // console asks it about the authenticator app from the page).
    otherOrigins: otherAppPorts.map((port) => `http://127.0.0.1:${port}`),
    ports: { cognito: cognitoPort!, api: apiPort!, cognitoInternal },
    log: () => undefined,
  });
}

/**
 * `npm run bench -- lighthouse` (BENCH_ONLY=lighthouse): both builds, then Lighthouse alone on
 * PAGES and the control page; replaces only its section of the results.
 */
async function lighthouseOnly() {
  const baseline = WITH_BASELINE ? checkOutBaseline() : null;
  try {
    const [ownPort, nginxPort, baselinePort, noCoopPort, chromePort, ...stackPorts] =
      await freePortsInRange(BENCH_PORTS.from, BENCH_PORTS.to, 8);
    const stack = await benchStack(ownPort!, stackPorts, [nginxPort!, baselinePort!, noCoopPort!]);
    try {
      buildBoth(baseline, stack);
      const servers = await serveBuilds(stack, baseline, {
        own: ownPort!,
        nginx: nginxPort!,
        baseline: baselinePort!,
        noCoop: noCoopPort!,
      });
      try {
        const load = loadAverage();
        const lighthouse = await lighthouseRounds(stack, servers.origins, chromePort!);
        saveSection(
          'lighthouse',
          lighthouse,
          LIGHTHOUSE_HEADING,
          lighthouseMarkdown(lighthouse, baseline, RUNS, load),
        );
        log('wrote the Lighthouse part of bench/results.md and results.json');
      } finally {
        await servers.close();
      }
    } finally {
      await stack.stop();
    }
  } finally {
    if (baseline) removeBaseline();
    rmSync(path.join(dist, CONTROL_PAGE), { recursive: true, force: true });
  }
}

/** The repeat visits' pages: what each shows as its level-1 heading, and whose session. */
async function repeatPages(stack: LocalStack) {
  return [
    { path: '/dashboard', ready: 'Dashboard', storage: await demoSession(stack) },
    { path: '/owner/route', ready: 'Route', storage: await ownerSession(stack) },
  ];
}

/** The repeat visits (scripts/bench/benchRepeat.ts) on this build served by nginx. */
async function benchRepeat(stack: LocalStack, origin: string, browser?: Browser) {
  const own = browser ?? (await launchBrowser());
  try {
    const repeat = await measureRepeatVisits(
      own,
      origin,
      await repeatPages(stack),
      Number(process.env.BENCH_RUNS) || 5,
      log,
    );
    saveSection('repeat', repeat, REPEAT_HEADING, repeatMarkdown(repeat));
    log('wrote the repeat visits part of bench/results.md and results.json');
  } finally {
    if (!browser) await own.close();
  }
}

/** `npm run bench -- repeat` (BENCH_ONLY=repeat): this build, the repeat visits alone. */
async function repeatOnly() {
  ensureNginx(log);
  const [nginxPort, ...stackPorts] = await freePortsInRange(BENCH_PORTS.from, BENCH_PORTS.to, 4);
  const stack = await benchStack(nginxPort!, stackPorts);
  try {
    build(projectRoot, stack);
    const nginx = await startNginx({
      dist,
      port: nginxPort!,
      apiTarget: stack.apiUrl,
      headers: stackHeaders(stack),
    });
    try {
      await benchRepeat(stack, `http://127.0.0.1:${nginxPort}`);
    } finally {
      await nginx.close();
    }
  } finally {
    await stack.stop();
  }
}

async function main() {
  const only = (part: string) =>
    process.env.BENCH_ONLY === part || process.argv.slice(2).includes(part);
  if (only('api')) return apiOnly();
  if (only('availability')) return benchAvailability();
  if (only('locked')) return benchLocked();
  if (process.env.BENCH_ONLY === 'outbox') return outboxOnly();
  if (process.env.BENCH_ONLY === 'owner') return ownerOnly();
  if (only('lighthouse')) return lighthouseOnly();
  if (only('repeat')) return repeatOnly();
  const baseline = WITH_BASELINE ? checkOutBaseline() : null;
  try {
    await measure(baseline);
  } finally {
    if (baseline) removeBaseline();
    rmSync(path.join(dist, CONTROL_PAGE), { recursive: true, force: true });
  }
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** Which servers a run measures: BENCH_SERVERS (comma-separated column keys) narrows them. */
const SERVERS = process.env.BENCH_SERVERS
  ? (process.env.BENCH_SERVERS.split(',') as Target[])
  : (Object.keys(TARGET_TITLES) as Target[]);

/**
 * Serves this build by nginx (with and without Cross-Origin-Opener-Policy) and by the
 * project's own server, and the baseline's by nginx, all with /api proxied to `stack`.
 */
async function serveBuilds(
  stack: LocalStack,
  baseline: string | null,
  ports: { own: number; nginx: number; baseline: number; noCoop: number },
): Promise<{ origins: Partial<Record<Target, string>>; close(): Promise<void> }> {
  ensureNginx(log);
  const headers = stackHeaders(stack);
  const servers: { close(): Promise<void> }[] = [];
  const origins: Partial<Record<Target, string>> = {};
  const close = async () => {
    for (const server of servers) await server.close();
  };
  try {
    const apiTarget = stack.apiUrl;
    if (SERVERS.includes('nginx')) {
      servers.push(await startNginx({ dist, port: ports.nginx, apiTarget, headers }));
      origins.nginx = `http://127.0.0.1:${ports.nginx}`;
    }
    // The own server answers on the origin the local stack was started for (its sign-in).
    servers.push(await startStaticServer({ dist, port: ports.own, apiTarget, headers }));
    if (SERVERS.includes('own')) origins.own = `http://127.0.0.1:${ports.own}`;
    if (SERVERS.includes('nginx-no-coop')) {
      const withoutCoop = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name !== OPENER_POLICY_HEADER),
      );
      servers.push(await startNginx({ dist, port: ports.noCoop, apiTarget, headers: withoutCoop }));
      origins['nginx-no-coop'] = `http://127.0.0.1:${ports.noCoop}`;
    }
    if (baseline && SERVERS.includes('baseline-nginx')) {
      servers.push(
        await startNginx({
          dist: path.join(baselineDir, 'dist'),
          port: ports.baseline,
          apiTarget,
          headers,
        }),
      );
      origins['baseline-nginx'] = `http://127.0.0.1:${ports.baseline}`;
    }
  } catch (error) {
    await close();
    throw error;
  }
  log(
    `serving: ${Object.entries(origins)
      .map(([t, o]) => `${t} ${o}`)
      .join(', ')}`,
  );
  return { origins, close };
}

/**
 * Lighthouse RUNS times on each page of PAGES and the control page, on each server, the
 * signed-in pages with their account's session in storage; the medians.
 */
async function lighthouseRounds(
  stack: LocalStack,
  origins: Partial<Record<Target, string>>,
  chromePort: number,
): Promise<Record<string, PageFigures>> {
  mkdirSync(reportsDir, { recursive: true });
  const sessions: Record<string, Record<string, string>> = {
    '/dashboard': await demoSession(stack),
    '/owner': await ownerSession(stack),
  };
  // Runs interleave the servers and pages, so that a slow minute of the machine does not fall
  // on one column.
  const pages = [...PAGES, CONTROL_PAGE];
  const collected: Record<string, Partial<Record<Target, LighthouseFigures[]>>> = {};
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of pages) {
      for (const [target, base] of Object.entries(origins) as [Target, string][]) {
        // The control page is written into this build only.
        if (page === CONTROL_PAGE && target === 'baseline-nginx') continue;
        if (target === 'nginx-no-coop' && !WITHOUT_COOP_PAGES.includes(page)) continue;
        const name = `${target}-${page === '/' ? 'home' : page.replace(/\//g, '')}-${run}`;
        const figures = await runLighthouse(`${base}${page}`, {
          port: chromePort,
          storage: sessions[page],
          reportFile: path.join(reportsDir, `lighthouse-${name}.json`),
        });
        if (new URL(figures.finalUrl).pathname !== page) {
          throw new Error(`Lighthouse on ${base}${page} ended on ${figures.finalUrl}`);
        }
        log(
          `Lighthouse ${page} ${target} #${run}: performance ${figures.performance}, LCP ` +
            `${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}`,
        );
        ((collected[page] ??= {})[target] ??= []).push(figures);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(collected).map(([page, byTarget]) => [
      page,
      Object.fromEntries(
        Object.entries(byTarget).map(([target, runs]) => [target, medianFigures(runs)]),
      ),
    ]),
  );
}

async function measure(baseline: string | null) {
  const prerendered = ['/', '/services', '/gallery', '/contact', '/booking'];

  const [
    ownPort,
    nginxPort,
    baselinePort,
    cognitoPort,
    apiPort,
    cognitoInternal,
    chromePort,
    noCoopPort,
  ] = await freePortsInRange(BENCH_PORTS.from, BENCH_PORTS.to, 8);
  const origin = `http://127.0.0.1:${ownPort}`;
  const stateDir = path.join(projectRoot, '.local/bench/state');
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(reportsDir, { recursive: true });

  log(`starting the local stack in ${path.relative(projectRoot, stateDir)}`);
  // The bench sends one customer 2,000 quote requests; the API's limit per customer (10 per
  // 10 minutes, covered by the server tests) is raised for this stack only.
  process.env.QUOTE_RATE_LIMIT = String(SCALE_BOOKINGS * 2);
  const stack = await startLocalStack({
    stateDir,
    appOrigin: origin,
    otherOrigins: [nginxPort, baselinePort, noCoopPort].map((port) => `http://127.0.0.1:${port}`),
    ports: { cognito: cognitoPort!, api: apiPort!, cognitoInternal },
    log: () => undefined,
  });
  try {
    buildBoth(baseline, stack);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const scripts = initialScripts(dist);
  const initialJs = {
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
    budgetBytes: INITIAL_JS_BUDGET,
  };
  const servers = await serveBuilds(stack, baseline, {
    own: ownPort!,
    nginx: nginxPort!,
    baseline: baselinePort!,
    noCoop: noCoopPort!,
  });
  const browser = await launchBrowser();
  try {
    const { origins } = servers;
    const session = await demoSession(stack);

    const hydration: HydrationCheck[] = [];
    for (const page of prerendered) {
      const check = await checkHydration(browser, origin, page);
      log(`hydration ${page}: ${check.kept && !check.messages.length ? 'clean' : 'PROBLEM'}`);
      hydration.push(check);
    }

    const load = loadAverage();
    const lighthouse = await lighthouseRounds(stack, origins, chromePort!);

    const waves: OverviewWave[] = [];
    for (let run = 1; run <= 3; run += 1) {
      const wave = await measureOverviewWave(browser, origin, session);
      log(`overview wave #${run}: spread ${wave.spread ?? 'n/a'} ms`);
      waves.push(wave);
    }
    const journey: Results['journey'] = {};
    for (const [build, target] of [
      ['before', 'baseline-nginx'],
      ['now', 'nginx'],
    ] as const) {
      if (!origins[target]) continue;
      journey[build] = await measureJourney(browser, origins[target], session);
      log(`journey ${build}: ${JSON.stringify(journey[build])}`);
    }
    const spreads = waves.map((wave) => wave.spread);
    const medianSpread = spreads.includes(null) ? null : median(spreads as number[]);

    log(`giving the demo customer ${SCALE_BOOKINGS} bookings through the API`);
    const count = await makeBookings(
      stack.apiUrl,
      path.join(stateDir, 'data/app.db'),
      session.idToken!,
      SCALE_BOOKINGS,
    );
    const renders: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      const { renderMs, rows } = await measureBookingsRender(browser, origin, session);
      log(`My Bookings #${run}: ${renderMs} ms from data to rendered (${rows} table rows shown)`);
      renders.push(renderMs);
    }
    const medianMs = median(renders);
    const outbox = await measureOutboxCost(log);

    const results: Results = {
      date: new Date().toISOString().slice(0, 10),
      baseline,
      runs: RUNS,
      load,
      initialJs,
      hydration,
      lighthouse,
      overview: {
        runs: waves,
        medianSpread,
        withinLimit: spreads.every((spread) => spread !== null && spread <= WAVE_LIMIT_MS),
      },
      journey,
      bookings: { count, runs: renders, medianMs, withinLimit: medianMs <= RENDER_LIMIT_MS },
      outbox,
    };
    // The owner's inbox with 10,000 requests: at the server (scripts/bench/benchInbox.ts, which
    // writes them and its own section of results.md), then rendered (scripts/bench/benchOwner.ts).
    const inboxAtServer = await measureInboxAtServer(
      stack,
      path.join(stateDir, 'data', 'app.db'),
      log,
    );
    const ownerInbox = await benchOwnerInbox(stack, origin, browser);
    writeFileSync(
      path.join(benchDir, 'results.json'),
      `${JSON.stringify({ ...results, ownerInbox }, null, 2)}\n`,
    );
    writeFileSync(
      path.join(benchDir, 'results.md'),
      resultsMarkdown(results) + ownerInboxMarkdown(ownerInbox),
    );
    writeInboxSection(benchDir, inboxAtServer);
    // The API against an older commit, on servers of its own (scripts/bench/benchApi.ts).
    // Repeat visits painted from the device (scripts/bench/benchRepeat.ts), on nginx.
    await benchRepeat(stack, origins.nginx ?? origin, browser);
    const api = await measureApiAgainstBaseline(log);
    saveSection('api', api, API_HEADING, apiMarkdown(api));
    await benchAvailability();
    await benchLocked();
    log('wrote bench/results.md and bench/results.json');
  } finally {
    await browser.close();
    await servers.close();
    await stack.stop();
  }
}

await main();
