/** The owner console's journeys: a request on the route, rows on the Health page. */
import Database from 'better-sqlite3';
import { OWNER_USER } from '../../../scripts/identity-emulator/cognitoOwners';
import { expect, type Stack } from './fixtures';
import { DEFAULT_OFFER } from '../../../domain/offer';
import { viaStack, weekdayFor, type WeekdayLane } from './slots';

/** A 1×1 PNG, as a phone's camera would hand over a (much larger) picture. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Sedan without add-ons costs this under the seeded offer (the server refuses another total). */
const SEDAN_PRICE = DEFAULT_OFFER.vehicleTypes.Sedan.price;

/**
 * A visitor's quote request with an address on a weekday of the lane's, scheduled by the owner
 * (through the API) at its own time, so the route of that day has a stop. Returns the day.
 */
export async function requestOnARoute(stack: Stack, lane: WeekdayLane): Promise<string> {
  const day = await weekdayFor(viaStack(stack), lane, { vehicleType: 'Sedan', time: '5:00 PM' });
  // Owner operations take the access token of a sign-in with the authenticator's code.
  const { accessToken } = await stack.signIn(
    OWNER_USER.email,
    OWNER_USER.password,
    stack.env.ownerTotpSecret,
  );
  const sent = await stack.api('/bookings', {
    method: 'POST',
    body: {
      name: 'Robin Route',
      phone: '(919) 555-0177',
      email: stack.uniqueEmail('route'),
      vehicleType: 'Sedan',
      selectedAddons: [],
      totalPrice: SEDAN_PRICE,
      vehicle: '2018 Toyota Camry',
      date: day,
      time: '5:00 PM',
      serviceAddress: { line1: '400 Main St', city: 'Apex', state: 'NC', zip: '27502' },
    },
  });
  if (sent.status !== 201) throw new Error(`quote: ${sent.status} ${await sent.text()}`);
  const { bookingId } = (await sent.json()) as { bookingId: string };
  const scheduled = await stack.api(`/owner/bookings/${bookingId}/schedule`, {
    method: 'PUT',
    token: accessToken,
    body: { date: day, time: '5:00 PM' },
  });
  if (scheduled.status !== 200) {
    throw new Error(`schedule: ${scheduled.status} ${await scheduled.text()}`);
  }
  return day;
}

/**
 * A row in each table of the owner's Health page: an address on the suppression list (written
 * to the database as the SES webhook does, which only a message SNS signed reaches), a quote
 * from that address whose confirmation the mail worker therefore gives up (`suppressed`), and
 * an error reported as a customer's browser does. Returns once the failed e-mail is stored.
 */
export async function rowsOnTheHealthPage(stack: Stack, lane: WeekdayLane): Promise<void> {
  const date = await weekdayFor(viaStack(stack), lane, { vehicleType: 'Sedan', time: '6:00 PM' });
  const email = stack.uniqueEmail('bounced');
  const db = new Database(stack.env.databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare(
      `INSERT INTO suppressed_addresses (email_lower, reason, detail, suppressed_at)
       VALUES (?, 'bounce', 'NoEmail', ?)`,
    ).run(email, new Date().toISOString());
  } finally {
    db.close();
  }
  const sent = await stack.api('/bookings', {
    method: 'POST',
    body: {
      name: 'Bea Bounced',
      phone: '(919) 555-0188',
      email,
      vehicleType: 'Sedan',
      selectedAddons: [],
      totalPrice: SEDAN_PRICE,
      vehicle: '2016 Honda Civic',
      date,
      time: '6:00 PM',
    },
  });
  if (sent.status !== 201) throw new Error(`quote: ${sent.status} ${await sent.text()}`);
  const { bookingId: quoted } = (await sent.json()) as { bookingId: string };
  const reported = await stack.api('/client-errors', {
    method: 'POST',
    body: {
      message: "TypeError: Cannot read properties of undefined (reading 'vehicleType')",
      kind: 'error',
      path: '/dashboard/bookings',
    },
  });
  if (reported.status !== 204) throw new Error(`client error: ${reported.status}`);
  await expect
    .poll(
      () =>
        stack.query(
          `SELECT id FROM outbox WHERE booking_id = ? AND kind = 'customer-quote'
             AND status = 'failed' AND failure = 'suppressed'`,
          quoted,
        ).length,
      { message: `the confirmation to ${email} given up`, timeout: 15_000 },
    )
    .toBe(1);
}
