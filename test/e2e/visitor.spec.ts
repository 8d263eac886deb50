/**
 * A visitor on a phone and on a desktop: every public route, the header menu (collapsed on the
 * phone), a section link from /services to the home gallery, and an unknown path (docs/product.md §2).
 */
import { expect, test } from './support/fixtures';
import { holdingOwnerRules } from './support/ownerRules';
import { publicRoutes, viewports } from './support/routes';

const towns = [
  'Cary',
  'Apex',
  'Morrisville',
  'Durham',
  'Raleigh',
  'Holly Springs',
  'Garner',
  'Wake Forest',
];

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`a visitor on a ${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('opens every public route', async ({ page, stack }) => {
      for (const route of publicRoutes) {
        await page.goto(route.path);
        await route.ready(page);
        await expect(page.getByRole('contentinfo')).toContainText('(919) 555-0142');
      }

      await page.goto('/');
      for (const id of [
        'home',
        'services',
        'booking',
        'gallery',
        'reviews',
        'contact',
        'servicearea',
      ])
        await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
      const area = page.locator('#servicearea');
      for (const town of towns) await expect(area.getByText(town).first()).toBeAttached();

      await page.goto('/services');
      for (const card of ['Exterior Detailing', 'Interior Detailing', 'Mobile Wash'])
        await expect(page.getByRole('heading', { name: card })).toBeVisible();

      // The hours are the owner's rules, which other journeys change (and the pages follow):
      // held meanwhile, the seeded ones.
      await holdingOwnerRules(stack, async () => {
        await page.goto('/contact');
        await expect(page.getByRole('main')).toContainText('(919) 555-0142');
        await expect(page.getByRole('main')).toContainText('Mon-Sun 9am-6pm');
      });

      await page.goto('/booking');
      await expect(page.getByRole('main')).toContainText(
        'The booking wizard will be moved here in a later phase.',
      );
    });

    test('uses the header menu and follows a section link from /services to the home gallery', async ({
      page,
    }) => {
      await page.goto('/services');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menu = page.locator('header summary', { hasText: 'Menu' });
      if (viewportName === 'phone') {
        // Collapsed: only the menu button shows until it is opened.
        await expect(menu).toBeVisible();
        await expect(nav).toHaveCount(0);
        await menu.click();
        await expect(nav).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Login / Sign Up' })).toBeVisible();
        // Escape closes it again and gives focus back to the menu button.
        await page.keyboard.press('Escape');
        await expect(nav).toHaveCount(0);
        await expect(menu).toBeFocused();
        await menu.click();
      } else {
        await expect(menu).toBeHidden();
        await expect(nav).toBeVisible();
      }
      await nav.getByRole('link', { name: 'Our Best Work' }).click();
      await expect(page).toHaveURL(/\/#gallery$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Our Best Work' })).toBeInViewport();
      if (viewportName === 'phone') await expect(nav).toHaveCount(0); // closed after choosing
    });

    test('an unknown path lands on the home page', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('#servicearea')).toBeAttached();
    });
  });
}
