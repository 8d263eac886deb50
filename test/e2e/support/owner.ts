/** The owner console's journeys: the owner's token, dates in New York, a request on the route. */
import { OWNER_USER } from '../../../scripts/lib/cognitoOwners';
import type { Stack } from './fixtures';
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
    // Outside the default weekday hours: scheduled anyway, as the owner may.
    body: { date: day, time: '2:00 PM', override: true },
  });
  if (scheduled.status !== 200) {
    throw new Error(`schedule: ${scheduled.status} ${await scheduled.text()}`);
  }
  return day;
}
