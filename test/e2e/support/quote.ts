/** Helpers for the quote wizard journeys. */
import { expect, type Locator, type Page } from '@playwright/test';

export const WEEKDAY_TIMES = ['4:00 PM', '5:00 PM', '6:00 PM'];
export const WEEKEND_TIMES = ['9:00 AM', '10:00 AM', '12:00 PM', '2:00 PM', '4:00 PM', '6:00 PM'];

/** The quote wizard on the home page. */
export function wizard(page: Page) {
  const section = page.locator('#booking');
  return {
    section,
    vehicle: (name: string) => section.getByRole('button', { name: new RegExp(`^${name}\\b`) }),
    addon: (name: string) => section.getByRole('checkbox', { name }),
    stepHeading: (name: string) => section.getByRole('heading', { name }),
    total: section.getByText(/^Estimated total:/),
    field: (label: string): Locator => section.getByLabel(label, { exact: false }).first(),
    time: section.getByRole('combobox', { name: /Preferred Time/ }),
    submit: section.getByRole('button', { name: /Submit Quote Request|Submitting/ }),
  };
}

/** Types a service address into the wizard's booking step (an addition to the spec's form). */
export async function fillAddress(
  w: ReturnType<typeof wizard>,
  address: { line1: string; city: string; zip: string } = {
    line1: '12 Oak St',
    city: 'Cary',
    zip: '27511',
  },
) {
  await w.field('Address line 1').fill(address.line1);
  await w.field('City').fill(address.city);
  await w.field('ZIP').fill(address.zip);
}

/** The time options offered (without the "Select a time" prompt). */
export async function timeOptions(select: Locator): Promise<string[]> {
  const labels = await select.locator('option').allTextContents();
  return labels.filter((label) => label && label !== 'Select a time');
}

/** Opens the home page at the wizard with no draft left from an earlier test. */
export async function openWizard(page: Page) {
  await page.goto('/#booking');
  await expect(wizard(page).stepHeading('Choose your vehicle type')).toBeVisible();
}
