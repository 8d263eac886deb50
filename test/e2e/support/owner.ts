/** The owner console's journeys: a request on the route. */
import { OWNER_USER } from '../../../scripts/lib/cognitoOwners';
import type { Stack } from './fixtures';
import { viaStack, weekdayFor, type WeekdayLane } from './slots';

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
      totalPrice: 100,
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
