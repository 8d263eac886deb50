/**
 * Playwright for the browser suite. Run it through `npm run test:e2e` (test/e2e/run.ts), which
 * builds the app, starts the stack and passes its addresses in E2E_* variables.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, ENV_KEYS } from './support/env';

const root = path.resolve(import.meta.dirname, '../..');
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results/e2e'),
  // Two cores: two browsers at a time at most.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  // One retry in CI, so a rare hiccup shows as "flaky" in the summary rather than failing it.
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.E2E_JSON_REPORT ?? path.join(root, 'test-results/e2e.json') },
    ],
  ],
  use: {
    baseURL: process.env[ENV_KEYS.baseUrl],
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    timezoneId: 'America/New_York',
    locale: 'en-US',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // Recording a trace costs the browser a quarter to a third of its CPU (the accessibility
    // spec: 270 and 274 CPU-seconds recording every test, 210 and 170 recording retries only,
    // 2026-11-28). CI, which retries, records the retry of a failed test; a local run, which
    // does not, records each test and keeps the failed ones'.
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
