/**
 * Accessibility and screenshots: axe-core (WCAG 2.0 and 2.1, levels A and AA) on every route,
 * public and dashboard, on a phone and on a desktop, plus the states that only exist after an
 * interaction (the open phone menu, the quote wizard's later steps, dialogs). Each route is also
 * saved as a full-page screenshot under test-results/screenshots/<viewport>/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, logInAsOwner, test } from './support/fixtures';
import { requestOnARoute, rowsOnTheHealthPage } from './support/owner';
import { expectNoViolations } from './support/a11y';
import { wizard } from './support/quote';
import {
  dashboardRoutes,
  ownerNavPaths,
  ownerRoutes,
  ownerViewports,
  publicRoutes,
  viewports,
  visit,
  type RouteCheck,
} from './support/routes';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
/** Scrolls through the page so content that loads near the viewport is there, then back up. */
async function revealLazyContent(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function checkRoute(page: Page, route: RouteCheck, viewportName: string) {
  await visit(page, route);
  await route.ready(page);
  await revealLazyContent(page);
  await route.ready(page);
  await expectNoViolations(page, `${route.path} (${viewportName})`);
  await page.screenshot({
    path: path.join(SCREENSHOTS, viewportName, `${route.name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('public routes have no WCAG 2.1 AA violations', async ({ page }) => {
      // Ten routes with screenshots and the wizard's states: near the default limit on a busy CI.
      test.setTimeout(180_000);
      for (const route of publicRoutes) await checkRoute(page, route, viewportName);

      // States reached by interacting: the quote wizard's second and third steps, the open menu.
      await page.goto('/#booking');
      const w = wizard(page);
      await w.vehicle('Premium Package').click();
      await expect(w.stepHeading('Choose your add-ons')).toBeVisible();
      await expectNoViolations(page, 'the quote wizard, add-ons step');
      await w.section.getByRole('button', { name: 'Continue' }).click();
      await w.submit.click(); // empty: the required fields show their errors
      await expect(w.section.locator('.Mui-error').first()).toBeVisible();
      await expectNoViolations(page, 'the quote wizard, booking step with errors');
      if (viewportName === 'phone') {
        await page.locator('header summary').click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expectNoViolations(page, 'the open header menu');
      }
    });

    test('dashboard routes have no WCAG 2.1 AA violations', async ({ page, stack }) => {
      // Nine pages with their screenshots and dialogs: more than the default limit on a busy CI.
      test.setTimeout(180_000);
      await logIn(page, stack.env.demo.email, stack.env.demo.password);
      if (viewportName !== 'phone') {
        // The sidebar lists the app's pages (src/app/dashboard/dashboardPages.tsx): each is checked.
        const nav = page.getByRole('navigation', { name: 'Dashboard' });
        const hrefs = await nav
          .getByRole('link')
          .evaluateAll((links) =>
            links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
          );
        expect(hrefs.toSorted()).toEqual(dashboardRoutes.map((r) => r.path).toSorted());
      }
      for (const route of dashboardRoutes) await checkRoute(page, route, viewportName);

      // Dialogs and the phone's dashboard menu.
      await page.goto('/dashboard/pics');
      await page.locator('main li').first().getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').locator('img').first()).toBeVisible();
      await expectNoViolations(page, 'the service pictures viewer');
      await page.keyboard.press('Escape');
      await page.goto('/dashboard/vehicles');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'the delete-vehicle confirmation');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/dashboard/bookings');
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectNoViolations(page, 'a booking row in edit mode');
      if (viewportName === 'phone') {
        await page.getByRole('button', { name: 'Open dashboard menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
        await expectNoViolations(page, 'the open dashboard menu');
      }
    });
  });
}

// The owner console at 390 and 1280 px: every page of its list (src/features/owner/ownerPageList.ts),
// the Health page with a row in each table, plus the route of a week and a form's error.
// Screenshots of the inbox and the day go to docs/ (readme-screenshots.ts).
for (const [viewportName, viewport] of Object.entries(ownerViewports)) {
  test.describe(`owner console ${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('owner screens have no WCAG 2.1 AA violations', async ({ page, stack }) => {
      // Eight pages, a week and a form's error with their checks: a busy CI is slow.
      test.setTimeout(300_000);
      const lane = viewportName as 'phone' | 'laptop';
      const routeDay = await requestOnARoute(stack, `route-a11y-${lane}`);
      await rowsOnTheHealthPage(stack, `health-a11y-${lane}`);
      await logInAsOwner(page, stack);
      // The navigation links the pages of the list that have a link, in its order.
      const hrefs = await page
        .getByRole('navigation', { name: 'Owner console' })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(hrefs).toEqual(ownerNavPaths);
      const routes = ownerRoutes({ routeDay });
      for (const route of routes) await checkRoute(page, route, viewportName);

      const route = routes.find(({ name }) => name === 'owner-route')!;
      await visit(page, route);
      await route.ready(page);
      await expect(page.getByRole('list', { name: /^Appointments on / })).toBeVisible();
      await page.getByRole('button', { name: 'Week' }).click();
      await route.ready(page);
      await expectNoViolations(page, 'the route of a week');

      const request = routes.find(({ name }) => name === 'owner-request')!;
      await visit(page, request);
      await request.ready(page);
      await page.getByRole('button', { name: 'Upload pictures' }).click();
      await expect(page.getByText('Choose a picture first.')).toBeVisible();
      await expectNoViolations(page, 'a request page with a form error');
      // Chosen pictures, listed with where each stands (nothing is sent).
      await page.getByLabel(/^Pictures \(/).setInputFiles([
        { name: 'before.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) },
        { name: 'after.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) },
      ]);
      await expect(
        page.getByRole('list', { name: 'Chosen pictures' }).getByRole('listitem'),
      ).toHaveCount(2);
      await expectNoViolations(page, 'a request page with chosen pictures');
    });
  });
}
