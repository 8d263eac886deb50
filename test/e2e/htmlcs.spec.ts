/**
 * Accessibility beyond axe: HTML_CodeSniffer (the runner pa11y uses) with the WCAG2AA standard on
 * every public and auth route, on a phone and on a desktop, and on every page of the owner console. Errors (type 1) fail the test;
 * warnings and notices need a person's judgement and are not counted, as in pa11y's default.
 */
import { expect, logInAsOwner, test } from './support/fixtures';
import { htmlcsErrors } from './support/htmlcs';
import { requestOnARoute, rowsOnTheHealthPage } from './support/owner';
import { ownerRoutes, ownerViewports, publicRoutes, viewports, visit } from './support/routes';

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('public and auth routes have no HTML_CodeSniffer WCAG2AA errors', async ({ page }) => {
      for (const route of publicRoutes) {
        await page.goto(route.path);
        await route.ready(page);
        expect.soft(await htmlcsErrors(page), `HTMLCS errors on ${route.path}`).toEqual([]);
      }
    });
  });
}

// Every page of the owner console's list (src/features/owner/ownerPageList.ts), the Health page
// with a row in each table.
for (const [viewportName, viewport] of Object.entries(ownerViewports)) {
  test.describe(`owner console ${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('owner screens have no HTML_CodeSniffer WCAG2AA errors', async ({ page, stack }) => {
      test.setTimeout(240_000);
      const lane = viewportName as 'phone' | 'laptop';
      const routeDay = await requestOnARoute(stack, `route-htmlcs-${lane}`);
      await rowsOnTheHealthPage(stack, `health-htmlcs-${lane}`);
      await logInAsOwner(page, stack);
      for (const route of ownerRoutes({ routeDay })) {
        await visit(page, route);
        await route.ready(page);
        expect.soft(await htmlcsErrors(page), `HTMLCS errors on ${route.path}`).toEqual([]);
      }
    });
  });
}
