/**
 * The owner adds a gallery picture from the phone (docs/product.md, "The business's offer"), on a
 * 390 px screen: a picture without alt text is refused on the spot with what was typed kept; with
 * it, the server makes the WebP set and the picture joins the gallery with its thumbnail (its
 * files public and cached for good); it is moved and removed with the buttons; axe finds nothing
 * and the page fits. The draft is not saved, so the journeys running beside this one see the
 * offer unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, logInAsOwner, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the owner uploads a gallery picture from the phone, with alt text, and orders it', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  await logInAsOwner(page, stack);
  await page
    .getByRole('navigation', { name: 'Owner console' })
    .getByRole('link', { name: 'Your business' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business' })).toBeVisible();

  // A 2000 × 1500 phone photo, stored sideways with its position in the EXIF.
  const photo = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: '#2a6fb0' },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 46/1 0/1' } })
    .toBuffer()
    .then((data) => sharp(data).keepMetadata().withMetadata({ orientation: 6 }).toBuffer());
  const input = page.getByLabel('Pictures to add');
  await expect(input).not.toHaveAttribute('capture');
  await input.setInputFiles({ name: 'IMG_3001.jpg', mimeType: 'image/jpeg', buffer: photo });
  const chosen = page.getByRole('group', { name: 'New picture IMG_3001.jpg' });
  await chosen.getByLabel('Caption').fill('Blue sedan in Apex');
  await page.getByRole('button', { name: 'Add 1 picture to the gallery' }).click();
  const alt = chosen.getByLabel('Description for screen readers (required)');
  await expect(alt).toHaveAccessibleDescription(/cannot be added without/);
  await expect(chosen.getByLabel('Caption')).toHaveValue('Blue sedan in Apex');

  await alt.fill('A blue sedan, washed and dried, in a driveway');
  await page.getByRole('button', { name: 'Add 1 picture to the gallery' }).click();
  await expect(page.getByText(/^1 picture was added at the end of the gallery/)).toBeVisible();
  const gallery = page.getByRole('group', { name: /^Picture \d+$/ });
  const count = await gallery.count();
  const added = page.getByRole('group', { name: `Picture ${count}` });
  await expect(added.getByLabel('Description for screen readers (required)')).toHaveValue(
    'A blue sedan, washed and dried, in a driveway',
  );
  // The thumbnail: the server's upright WebP (1500 wide, 2000 high), loaded through /api.
  const thumbnail = added.locator('img');
  await expect(thumbnail).toHaveAttribute('width', '1500');
  await expect(thumbnail).toHaveAttribute('height', '2000');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const src = (await thumbnail.getAttribute('src')) ?? '';
  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(await file.body()).metadata()).exif).toBeUndefined();

  // Moved up from the keyboard, then the page is checked and the picture removed.
  const up = page.getByRole('button', { name: `Move Picture ${count} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('group', { name: `Picture ${count - 1}` })
      .getByLabel('Description for screen readers (required)'),
  ).toHaveValue('A blue sedan, washed and dried, in a driveway');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  await page.getByRole('button', { name: `Remove Picture ${count - 1}` }).click();
  await expect(page.getByRole('group', { name: /^Picture \d+$/ })).toHaveCount(count - 1);
  // The gallery is the draft's again: nothing is left to save.
  await expect(page.getByText('You have changes that are not saved.')).toBeHidden();
});
