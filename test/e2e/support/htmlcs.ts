/** HTML_CodeSniffer's WCAG2AA errors on a page as it is now (./../htmlcs.spec.ts, ./../business.spec.ts). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

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
