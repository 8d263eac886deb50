/**
 * The public pages are static HTML with islands (docs/architecture.md, "Public pages: static
 * HTML with islands"): before the visitor does anything only the islands' small entry loads;
 * a tap on an island whose code has not arrived yet (here: held back by the test) takes effect
 * once it has; a signed-in visitor's header shows My Dashboard and Logout.
 */
import type { Page, Route } from '@playwright/test';
import { expect, logIn, strongPassword, test } from './support/fixtures';
import { wizard } from './support/quote';
import { viewports } from './support/routes';

/** Every script but the islands' entry waits until `release()`; `requested` lists them. */
async function holdIslandCode(page: Page) {
  const waiting: Route[] = [];
  const requested: string[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    const file = new URL(route.request().url()).pathname;
    if (/^\/assets\/islands\.[^/]+\.js$/.test(file)) return route.continue();
    requested.push(file);
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    requested,
    /** True once some island code was asked for (and is being held). */
    waitForRequest: () => expect.poll(() => requested.length).toBeGreaterThan(0),
    release: async () => {
      released = true;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone });

  test('/ loads no island code before the visitor does something', async ({ page }) => {
    const held = await holdIslandCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Time for anything loaded at start-up to be asked for.
    await page.waitForLoadState('networkidle');
    expect(held.requested).toEqual([]);
    await held.release();
  });

  test("the header's menu takes no space until its label has arrived (no layout shift)", async ({
    page,
  }) => {
    // The page's HTML cut where a slow network can pause it: before the menu's <summary>,
    // within it (before its icon, before its label), before the <nav> that follows it. While
    // the HTML is paused no script has run (they run once it has all been parsed): the cut
    // pages have none, or the header's island could wake and render the whole menu.
    const cuts = ['<summary', '<svg', '</svg>', '</summary>'];
    for (const [index, marker] of cuts.entries()) {
      await page.route(`/?cut=${index}`, async (route) => {
        const html = await (await route.fetch()).text();
        const cut = html.indexOf(marker, html.indexOf('<details'));
        expect(cut).toBeGreaterThan(0);
        const paused = html.slice(0, cut).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
        await route.fulfill({ contentType: 'text/html', body: paused });
      });
      await page.goto(`/?cut=${index}`);
      await expect(page.locator('header details')).toHaveCount(1);
      await expect(page.locator('header details')).toBeHidden();
    }
    await page.goto('/');
    await expect(page.locator('header summary', { hasText: 'Menu' })).toBeVisible();
  });

  test('a tap on the menu before its code has arrived opens it once it has', async ({ page }) => {
    const held = await holdIslandCode(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.locator('header summary', { hasText: 'Menu' });
    await menu.click();
    await held.waitForRequest();
    await expect(nav).toHaveCount(0);
    await held.release();
    await expect(nav).toBeVisible();
    // The header's code runs it now: Escape closes it and gives the focus back.
    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expect(menu).toBeFocused();
  });

  test('a tap on a vehicle card before the wizard has its code takes effect once it has', async ({
    page,
  }) => {
    const held = await holdIslandCode(page);
    await page.goto('/');
    const quote = wizard(page);
    await quote.section.scrollIntoViewIfNeeded();
    await held.waitForRequest();
    await quote.vehicle('SUV').click();
    await expect(quote.stepHeading('Choose your vehicle type')).toBeVisible();
    await held.release();
    await expect(quote.stepHeading('Choose your add-ons')).toBeVisible();
    await expect(quote.total).toContainText('$120');
  });

  test('a tap on a slideshow arrow before its code has arrived moves it once it has', async ({
    page,
  }) => {
    const held = await holdIslandCode(page);
    await page.goto('/gallery');
    const slideshow = page.getByRole('region', { name: 'Our work, image by image' });
    await slideshow.scrollIntoViewIfNeeded();
    await held.waitForRequest();
    await slideshow.getByRole('button', { name: 'Next image' }).click();
    await held.release();
    await expect(slideshow.getByRole('button', { name: 'Show image 2 of 14' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: viewports.desktop });

  test('a section link tapped before the header has its code scrolls once it has', async ({
    page,
  }) => {
    const held = await holdIslandCode(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await held.waitForRequest();
    await expect(page.locator('#contact')).not.toBeInViewport();
    await held.release();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(page.locator('#contact')).toBeFocused();
  });

  test("a signed-in customer's header shows My Dashboard and Logout on the public pages", async ({
    page,
    stack,
  }) => {
    const email = stack.uniqueEmail('islands');
    const password = strongPassword();
    await stack.createUser(email, password);
    await logIn(page, email, password);
    for (const path of ['/', '/services']) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Login / Sign Up' })).toHaveCount(0);
    }
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login / Sign Up' }),
    ).toBeVisible();
  });
});
