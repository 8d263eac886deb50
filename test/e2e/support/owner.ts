/** The owner console's journeys: the owner's token, dates in New York, a request on the route. */
import Database from 'better-sqlite3';
import { OWNER_USER } from '../../../scripts/lib/cognitoOwners';
import { expect, type Stack } from './fixtures';
import { nextWeekday } from './quote';

/** Tomorrow's date in New York, as YYYY-MM-DD and as the dashboard writes it (M/D/YY). */
export function tomorrowInNewYork() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  const iso = day.toISOString().slice(0, 10);
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return { iso, short: `${month}/${date}/${String(year).slice(2)}` };
}

/**
 * A visitor's quote request with an address, scheduled by the owner (through the API) for
 * tomorrow at 2:00 PM, so the route of that day has a stop. Returns the day.
 */
export async function requestOnTomorrowsRoute(stack: Stack): Promise<string> {
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
      totalPrice: 100,
      vehicle: '2018 Toyota Camry',
      date: nextWeekday(),
      time: '5:00 PM',
      serviceAddress: { line1: '400 Main St', city: 'Apex', state: 'NC', zip: '27502' },
    },
  });
  if (sent.status !== 201) throw new Error(`quote: ${sent.status} ${await sent.text()}`);
  const { bookingId } = (await sent.json()) as { bookingId: string };
  const day = tomorrowInNewYork().iso;
  const scheduled = await stack.api(`/owner/bookings/${bookingId}/schedule`, {
    method: 'PUT',
    token: accessToken,
    body: { date: day, time: '2:00 PM' },
  });
  if (scheduled.status !== 200) {
    throw new Error(`schedule: ${scheduled.status} ${await scheduled.text()}`);
  }
  return day;
}

/** The latest free start for a Sedan within two weeks (GET /availability): the least sought. */
async function lateFreeTime(stack: Stack): Promise<{ date: string; time: string }> {
  const from = tomorrowInNewYork().iso;
  const until = new Date(`${from}T12:00:00Z`);
  until.setUTCDate(until.getUTCDate() + 13);
  const to = until.toISOString().slice(0, 10);
  const answer = await stack.api(`/availability?from=${from}&to=${to}&vehicleType=Sedan`);
  if (answer.status !== 200) throw new Error(`availability: ${answer.status}`);
  const days = (await answer.json()) as { date: string; times: string[] }[];
  const day = days.findLast(({ times }) => times.length > 0);
  if (!day) throw new Error(`no free time from ${from} to ${to}`);
  return { date: day.date, time: day.times.at(-1)! };
}

/**
 * A row in each table of the owner's Health page: an address on the suppression list (written
 * to the database as the SES webhook does, which only a message SNS signed reaches), a quote
 * from that address whose confirmation the mail worker therefore gives up (`suppressed`), and
 * an error reported as a customer's browser does. Returns once the failed e-mail is stored.
 */
export async function rowsOnTheHealthPage(stack: Stack): Promise<void> {
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
      totalPrice: 100,
      vehicle: '2016 Honda Civic',
      ...(await lateFreeTime(stack)),
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
