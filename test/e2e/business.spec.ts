/**
 * The owner changes what the business sells (docs/product.md, "Your business"), on a phone: the
 * page fits 390 px; a price the contract refuses is refused by the server and shown under its
 * field, everything typed kept; the preview of the services page (axe and HTML_CodeSniffer at 0)
 * comes before Publish, and the published offer is what `GET /offer` answers; then the seeded
 * version is restored and published again. The change published is a description only, so the
 * journeys running beside this one, which price quotes, are not affected.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, logInAsOwner, test } from './support/fixtures';
import { htmlcsErrors } from './support/a11y';

test.use({ viewport: { width: 390, height: 844 } });

test('the owner edits the offer, previews the services page and publishes it, then restores the seed', async ({
  page,
  stack,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  // The refused save below: the browser logs the server's 400.
  consoleGuard.allow(
    /status of 400 \(Bad Request\) \(http:\/\/localhost:\d+\/api\/owner\/offer\/draft\)$/,
  );
  await logInAsOwner(page, stack);
  await page
    .getByRole('navigation', { name: 'Owner console' })
    .getByRole('link', { name: 'Your business' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Versions of your offer' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A price over the contract's limit: the server's 400 shows under the field, nothing is lost.
  const sedan = page.getByLabel('Sedan price ($)');
  const minivan = page.getByLabel('Minivan description');
  const description = `large family vehicles and vans, seats out ${Date.now() % 10_000}`;
  await minivan.fill(description);
  await sedan.fill('5000');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(sedan).toHaveAccessibleDescription(/^body\/vehicleTypes\/Sedan\/price /);
  await expect(sedan).toHaveAttribute('aria-invalid', 'true');
  await expect(minivan).toHaveValue(description);
  await sedan.fill('90');

  // The preview, then Publish.
  await page.getByRole('button', { name: 'Preview and publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview of the Services page' });
  await expect(dialog.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
  await expect(dialog.getByText(description)).toBeVisible();
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect
    .soft(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`))
    .toEqual([]);
  expect.soft(await htmlcsErrors(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. Visitors see it/)).toBeVisible();
  const published = (await (await stack.api('/offer')).json()) as {
    version: number;
    offer: { vehicleTypes: { Minivan: { description: string } } };
  };
  expect(published.offer.vehicleTypes.Minivan.description).toBe(description);
  const versions = page.getByRole('list', { name: 'Versions of your offer' }).getByRole('listitem');
  await expect(versions.first()).toContainText(
    `Version ${published.version} · Visitors see this one`,
  );

  // Back to the seeded offer: restore version 1 and publish it.
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page
    .getByRole('dialog', { name: 'Restore version 1?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('Version 1 is your draft now.')).toBeVisible();
  await expect(minivan).toHaveValue('large family vehicles and vans');
  await page.getByRole('button', { name: 'Preview and publish' }).click();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\./)).toBeVisible();
  const again = (await (await stack.api('/offer')).json()) as typeof published;
  expect(again.offer.vehicleTypes.Minivan.description).toBe('large family vehicles and vans');
});
