/**
 * Business rules the server enforces whatever a client sends: totals from the customer's own
 * choices, the quote form's dates and time slots, the caps on claimed requests, what a
 * claimable request shows, and the first-plan bonus when the plan is cancelled the same day.
 */
import { CAPS } from '../../server/customers/caps';
import { openDatabase } from '../../server/platform/db';
import { addonNames } from '../../domain/pricing';
import { DEFAULT_OFFER } from '../../domain/offer';

const everyAddon = addonNames(DEFAULT_OFFER);
import { weekdaySlots, weekendSlots } from '../../domain/quoteSchedule';
import { todayLocal } from '../../domain/dates';
import { call, futureSaturday, quote, serveApiForTests } from './helpers';

type Json = Record<string, unknown>;

const served = serveApiForTests({ quoteRateLimit: { max: 1000, windowMs: 60_000 } });

const as = async (sub: string, email = `${sub}@example.com`) => {
  const token = await served.idp.idToken(sub, email);
  return (method: string, url: string, body?: unknown) =>
    call(served.api.baseUrl, method, url, { token, body });
};

/** A weekday at least `days` (two weeks) ahead (a Wednesday), as YYYY-MM-DD. */
const futureWednesday = (days = 14) => {
  const saturday = new Date(`${futureSaturday(days)}T12:00:00Z`);
  saturday.setUTCDate(saturday.getUTCDate() + 4);
  return saturday.toISOString().slice(0, 10);
};

describe('a booking’s total follows the customer’s own choices', () => {
  /** The booking's own time, another vehicle type. */
  const change = (vehicleType: string, created: { body: unknown }) => ({
    date: (created.body as Json).date,
    time: (created.body as Json).time,
    vehicleType,
    vehicle: '2021 Honda Accord',
    totalPrice: 0,
  });

  it('Premium → Sedan: the Premium’s add-ons do not stay', async () => {
    const send = await as('premium-to-sedan');
    const created = await send('POST', '/bookings', quote({ vehicleType: 'Premium Package' }));
    expect(created.body).toMatchObject({ totalPrice: 200, selectedAddons: everyAddon });
    const id = (created.body as Json).bookingId as string;
    const sedan = await send('PUT', `/bookings/${id}`, change('Sedan', created));
    expect(sedan.status).toBe(200);
    expect(sedan.body).toMatchObject({ vehicleType: 'Sedan', totalPrice: 90, selectedAddons: [] });
  });

  it('Sedan → Premium → SUV keeps the one add-on chosen, and $90 → Premium → Sedan is $90', async () => {
    const send = await as('sedan-premium-suv');
    const created = await send(
      'POST',
      '/bookings',
      quote({ vehicleType: 'Sedan', selectedAddons: ['Pet Hair Removal'] }),
    );
    expect(created.body).toMatchObject({ totalPrice: 115 });
    const id = (created.body as Json).bookingId as string;
    const premium = await send('PUT', `/bookings/${id}`, change('Premium Package', created));
    expect(premium.body).toMatchObject({ totalPrice: 200, selectedAddons: everyAddon });
    const suv = await send('PUT', `/bookings/${id}`, change('SUV', created));
    expect(suv.body).toMatchObject({
      vehicleType: 'SUV',
      totalPrice: 145,
      selectedAddons: ['Pet Hair Removal'],
    });
    const listed = ((await send('GET', '/bookings')).body as Json[]).find(
      (booking) => booking.bookingId === id,
    );
    expect(listed).toMatchObject({ totalPrice: 145, selectedAddons: ['Pet Hair Removal'] });

    const plain = await send(
      'POST',
      '/bookings',
      quote({ vehicleType: 'Sedan', selectedAddons: [] }),
    );
    const plainId = (plain.body as Json).bookingId as string;
    await send('PUT', `/bookings/${plainId}`, change('Premium Package', plain));
    const back = await send('PUT', `/bookings/${plainId}`, change('Sedan', plain));
    expect(back.body).toMatchObject({ totalPrice: 90, selectedAddons: [] });
  });
});

describe('the quote form’s dates and times', () => {
  const send = (body: Json) => call(served.api.baseUrl, 'POST', '/bookings', { body });
  const refusal = (answer: { status: number; body: unknown }) => [
    answer.status,
    (answer.body as Json).message,
  ];

  it('refuses a date before today, naming the field', async () => {
    const yesterday = new Date(`${todayLocal()}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const date = yesterday.toISOString().slice(0, 10);
    expect(refusal(await send(quote({ date })))).toEqual([
      400,
      'body/date must not be earlier than today',
    ]);
  });

  it('refuses a time not offered that day (weekday 3:00 AM, a weekend slot on a weekday)', async () => {
    const wednesday = futureWednesday();
    const notOffered = (time: string, date: string, slots: readonly string[]) =>
      `body/time ${time} is not a time we offer on ${date}; the times that day: ${slots.join(', ')}`;
    expect(refusal(await send(quote({ date: wednesday, time: '3:00 AM' })))).toEqual([
      400,
      notOffered('3:00 AM', wednesday, weekdaySlots),
    ]);
    expect(refusal(await send(quote({ date: wednesday, time: '10:00 AM' })))).toEqual([
      400,
      notOffered('10:00 AM', wednesday, weekdaySlots),
    ]);
    const saturday = futureSaturday();
    expect(refusal(await send(quote({ date: saturday, time: '5:00 PM' })))).toEqual([
      400,
      notOffered('5:00 PM', saturday, weekendSlots),
    ]);
  });

  it('accepts every offered slot', async () => {
    // Days no other test of this file books (each time holds one booking).
    const saturday = futureSaturday(300);
    for (const time of weekdaySlots)
      expect((await send(quote({ date: futureWednesday(300), time }))).status).toBe(201);
    for (const time of weekendSlots)
      expect((await send(quote({ date: saturday, time }))).status).toBe(201);
  });
});

describe('claiming requests sent without signing in', () => {
  it(`keeps the ${CAPS.openBookings} open bookings cap, answering 409 with its message`, async () => {
    const email = 'claims-many@example.com';
    for (let index = 0; index < CAPS.openBookings + 2; index += 1) {
      const sent = await call(served.api.baseUrl, 'POST', '/bookings', { body: quote({ email }) });
      expect(sent.status).toBe(201);
    }
    const send = await as('claims-many', email);
    const offered = (await send('GET', '/bookings/claimable')).body as Json[];
    expect(offered).toHaveLength(CAPS.openBookings + 2);
    const statuses: number[] = [];
    let last: Json = {};
    for (const request of offered) {
      const answer = await send('POST', `/bookings/${request.bookingId as string}/claim`, {
        decision: 'mine',
      });
      statuses.push(answer.status);
      last = answer.body as Json;
    }
    expect(statuses).toEqual([...Array(CAPS.openBookings).fill(204), 409, 409]);
    expect(last).toEqual({
      error: 'Conflict',
      message: `You can have at most ${CAPS.openBookings} open bookings; please call us to book more`,
    });
    const open = ((await send('GET', '/bookings')).body as Json[]).filter(
      (booking) => booking.status === 'Booked',
    );
    expect(open).toHaveLength(CAPS.openBookings);
    expect((await send('GET', '/bookings/claimable')).body).toHaveLength(2);
  });

  it('lists only what the screen shows: type, date, time and price', async () => {
    const email = 'claims-private@example.com';
    const sent = quote({
      email,
      serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
    });
    await call(served.api.baseUrl, 'POST', '/bookings', { body: sent });
    const send = await as('claims-private', email);
    const offered = (await send('GET', '/bookings/claimable')).body as Json[];
    expect(offered).toEqual([
      {
        bookingId: expect.stringMatching(/^[0-9a-f]{24}$/),
        vehicleType: 'SUV',
        date: sent.date,
        time: sent.time,
        totalPrice: 145,
      },
    ]);
  });
});

describe('the first-plan bonus (+500)', () => {
  const points = async (send: Awaited<ReturnType<typeof as>>) =>
    ((await send('GET', '/loyalty')).body as Json).points as number;

  it('is withdrawn when the plan is cancelled the day it started, and earned by the next one', async () => {
    const send = await as('plan-same-day');
    const start = await points(send);
    const first = await send('POST', '/subscriptions', { plan: 'weekly' });
    expect(await points(send)).toBe(start + 500);
    await send('DELETE', `/subscriptions/${(first.body as Json).subscriptionId as string}`);
    expect(await points(send)).toBe(start);
    const transactions = ((await send('GET', '/loyalty')).body as Json).transactions as Json[];
    expect(transactions.at(-1)).toMatchObject({
      type: 'redeem',
      points: 500,
      source: 'First-plan bonus withdrawn: plan cancelled the day it started',
    });

    await send('POST', '/subscriptions', { plan: 'monthly' });
    expect(await points(send)).toBe(start + 500);
    const third = await send('POST', '/subscriptions', { plan: 'biweekly' });
    expect(await points(send)).toBe(start + 500);
    // Cancelling a plan that did not earn the bonus takes nothing back.
    await send('DELETE', `/subscriptions/${(third.body as Json).subscriptionId as string}`);
    expect(await points(send)).toBe(start + 500);
  });

  it('stays when the plan is cancelled on a later day', async () => {
    const send = await as('plan-kept');
    const start = await points(send);
    const plan = await send('POST', '/subscriptions', { plan: 'weekly' });
    const id = (plan.body as Json).subscriptionId as string;
    const db = openDatabase(served.api.databasePath);
    try {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString();
      db.prepare('UPDATE subscriptions SET created_at = ? WHERE subscription_id = ?').run(
        yesterday,
        id,
      );
    } finally {
      db.close();
    }
    await send('DELETE', `/subscriptions/${id}`);
    expect(await points(send)).toBe(start + 500);
  });
});
