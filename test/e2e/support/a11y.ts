/**
 * The accessibility checks the browser tests run on a page as it is now: axe-core (WCAG 2.0 and
 * 2.1, levels A and AA; every violation reported, soft) and HTML_CodeSniffer (WCAG2AA, the runner
 * pa11y uses; its errors, type 1).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until no CSS transition or animation runs (a dialog fading in has mixed colours). */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Runs axe on the page as it is now; every violation is reported (soft), with its nodes. */
export async function expectNoViolations(page: Page, what: string) {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.html.slice(0, 200)}\n${n.failureSummary ?? ''}`),
  }));
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element;
}
declare global {
  interface Window {
    HTMLCS: {
      process(standard: string, content: Document, callback: () => void): void;
      getMessages(): HtmlcsMessage[];
    };
  }
}

/** Runs WCAG2AA on the page as it is now; returns its errors, each with the element's markup. */
export async function htmlcsErrors(page: Page) {
  // Evaluated through the browser's debugging protocol, as axe is: the page's own
  // Content-Security-Policy (no inline scripts) stays in force for everything else.
  await page.evaluate(`${HTMLCS_SOURCE}\n;window.HTMLCS = HTMLCS;`);
  return page.evaluate(
    () =>
      new Promise<{ code: string; msg: string; html: string }[]>((resolve) => {
        window.HTMLCS.process('WCAG2AA', document, () => {
          resolve(
            window.HTMLCS.getMessages()
              .filter((m) => m.type === 1)
              .map((m) => ({
                code: m.code,
                msg: m.msg,
                html: (m.element as Element | null)?.outerHTML?.slice(0, 200) ?? '',
              })),
          );
        });
      }),
  );
}
