/**
 * Texts (docs/product.md §12), end to end on the local text sink:
 * - a signed-in customer asks for a code in Your Profile, reads it in the local text inbox
 *   (`/local/texts`, what the sink sent), confirms the number and turns `Text reminders` on;
 * - the owner taps "On my way, 20 minutes" on the Route page of the customer's booking, and
 *   the text arrives in the local inbox;
 * - the customer replies STOP, posted to the API as SNS delivers two-way SMS (signed with the
 *   local stack's key, as `npm run text` does), and the STOP answer arrives;
 * - the evening's reminders are written the way the text worker writes them
 *   (`writeDueTextReminders`, with the server's REMINDER_TIME) at a time the test chooses, the
 *   evening before the booking: none is written for the stopped number and none arrives. When
 *   the number texts START, the same run writes it: it was STOP that held it back.
 */
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, logIn, logInAsOwner, strongPassword, test, type Stack } from './support/fixtures';
import { viaStack, weekdayFor } from './support/slots';
import { OWNER_USER } from '../../scripts/identity-emulator/cognitoOwners';
import { ensureLocalSnsKey, sendLocalIncomingText } from '../../scripts/local-stack/localTexts';
import { bookingInstant, dayKey } from '../../domain/dates';
import { DEFAULT_OFFER } from '../../domain/offer';
import { numberText } from '../../domain/texts';
import { mailFromEnv } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db';
import { writeDueTextReminders } from '../../server/mail/textWorker';

const business = mailFromEnv({}).business;

/** The local inbox page's text (every text the sink took, newest first). */
async function inbox(stack: Stack): Promise<string> {
  return (await fetch(`${stack.env.apiUrl}/local/texts`)).text();
}
/** Waits until the local inbox holds `words` to `number`. */
async function arrives(stack: Stack, number: string, words: string | RegExp) {
  await expect
    .poll(
      async () => {
        const items = (await inbox(stack)).split('<li>').slice(1);
        return items.find(
          (item) =>
            item.includes(`To ${numberText(number)}`) &&
            (typeof words === 'string' ? item.includes(words) : words.test(item)),
        );
      },
      { message: `a text to ${number}: ${String(words)}`, timeout: 15_000 },
    )
    .toBeTruthy();
}
/** Every text the inbox shows to `number`. */
const textsTo = async (stack: Stack, number: string) =>
  (await inbox(stack))
    .split('<li>')
    .slice(1)
    .filter((item) => item.includes(`To ${numberText(number)}`));

test('a customer turns texts on, gets "On my way", texts STOP and gets no reminder', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  // A number of this run's own (the daily cap and STOP are per number).
  const mobile = `919${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const number = `+1${mobile}`;
  const email = stack.uniqueEmail('texts');
  const password = strongPassword();
  const name = `Sam Texts ${email.slice(6, 12)}`;
  await stack.createUser(email, password, name);
  const { idToken } = await stack.signIn(email, password);
  const saved = await stack.api('/profile/me', {
    method: 'PUT',
    token: idToken,
    body: { name, mobile },
  });
  expect(saved.status).toBe(200);

  // The customer confirms the number with the texted code and turns reminders on.
  await logIn(page, email, password);
  await page.goto('/dashboard/profile');
  const panel = page.getByRole('region', { name: 'Texts from us' });
  await panel.getByRole('button', { name: 'Text me a code' }).click();
  await expect(panel.getByRole('status')).toContainText(numberText(number));
  await arrives(stack, number, 'your code to confirm this number');
  const code = /confirm this number for texts is (\d{6})/.exec(
    (await textsTo(stack, number))[0]!,
  )![1]!;
  await panel.getByRole('textbox', { name: 'Code from the text' }).fill(code);
  await panel.getByRole('button', { name: 'Confirm number' }).click();
  await expect(panel.getByText(`Texts go to ${numberText(number)}.`)).toBeVisible();
  await panel.getByLabel('Text reminders', { exact: true }).check();
  await expect(page.getByText('Text preferences saved')).toBeVisible();

  // The customer's request, booked by the owner for a weekday of this journey's.
  const day = await weekdayFor(viaStack(stack), 'texts', { vehicleType: 'Sedan', time: '5:00 PM' });
  const sent = await stack.api('/bookings', {
    method: 'POST',
    token: idToken,
    body: {
      name,
      phone: mobile,
      email,
      vehicleType: 'Sedan',
      selectedAddons: [],
      totalPrice: DEFAULT_OFFER.vehicleTypes.Sedan.price,
      vehicle: '2018 Toyota Camry',
      date: day,
      time: '5:00 PM',
      serviceAddress: { line1: '400 Main St', city: 'Apex', state: 'NC', zip: '27502' },
    },
  });
  expect(sent.status).toBe(201);
  const { bookingId } = (await sent.json()) as { bookingId: string };
  const owner = await stack.signIn(
    OWNER_USER.email,
    OWNER_USER.password,
    stack.env.ownerTotpSecret,
  );
  const scheduled = await stack.api(`/owner/bookings/${bookingId}/schedule`, {
    method: 'PUT',
    token: owner.accessToken,
    body: { date: day, time: '5:00 PM' },
  });
  expect(scheduled.status).toBe(200);

  // The owner taps "On my way, 20 minutes" on the route of that day.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await logInAsOwner(ownerPage, stack);
  await ownerPage.goto(`/owner/route?from=${day}`);
  await ownerPage.getByRole('button', { name: `20 min: on my way to ${name}` }).click();
  await expect(
    ownerPage.getByRole('status').filter({ hasText: 'On my way, 20 minutes' }),
  ).toBeVisible();
  await arrives(
    stack,
    number,
    `${business.name}: we are on our way and should arrive in about 20 minutes. Reply STOP to opt out.`,
  );
  await ownerContext.close();

  // The customer replies STOP, delivered as SNS delivers two-way SMS.
  const stateDir = path.dirname(path.dirname(stack.env.databasePath));
  const key = await ensureLocalSnsKey(stateDir);
  expect(await sendLocalIncomingText(stack.env.apiUrl, key, number, 'STOP')).toBe(204);
  await arrives(stack, number, 'you will get no more texts from us');

  // The evening before the booking, the text worker's reminder run writes nothing for it.
  const { reminderTime } = mailFromEnv({});
  const dayBefore = dayKey(
    new Date((bookingInstant(day, '12:00') as Date).getTime() - 24 * 60 * 60 * 1000),
  );
  const eveningBefore = new Date(
    (bookingInstant(dayBefore, reminderTime) as Date).getTime() + 60_000,
  );
  const db = openDatabase(stack.env.databasePath, { copyBeforeMigration: false });
  const reminders = () =>
    stack.query<{ status: string }>(
      "SELECT status FROM texts WHERE booking_id = ? AND kind = 'reminder'",
      bookingId,
    );
  try {
    writeDueTextReminders(db, reminderTime, eveningBefore);
    expect(reminders()).toEqual([]);
    const before = (await textsTo(stack, number)).length;
    await page.waitForTimeout(2000);
    expect(await textsTo(stack, number)).toHaveLength(before);
    expect((await textsTo(stack, number)).some((item) => item.includes('a reminder'))).toBe(false);

    // START lifts the stop: the same run now writes the reminder.
    expect(await sendLocalIncomingText(stack.env.apiUrl, key, number, 'START')).toBe(204);
    await arrives(stack, number, 'texts are on again');
    writeDueTextReminders(db, reminderTime, eveningBefore);
    expect(reminders()).toHaveLength(1);
  } finally {
    db.close();
  }
});
