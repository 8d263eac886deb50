/**
 * Real availability (docs/product.md §5): the owner's rules, the free times a customer is
 * offered, and no double booking: a quote or a reschedule whose time does not fit is refused
 * with the nearest free times, also when twenty requests race for the last free slot.
 */
import Database from 'better-sqlite3';
import {
  addDays,
  DEFAULT_RULES,
  offeredTimes,
  weekdayOf,
  type AvailabilityRules,
} from '../../domain/availability';
import { localNow } from '../../domain/dates';
import { weekendSlots } from '../../domain/quoteSchedule';
import { buildServer } from '../../server/app';
import { availableTimes } from '../../server/availability/availability';
import { openDatabase, type Db } from '../../server/platform/db';
import {
  call,
  callBackRequest,
  futureDate,
  futureSaturday,
  quote,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

let idp: IdentityProvider;
let api: TestApi;
let ownerToken: string;
let customerToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(
    idp,
    { quoteRateLimit: { max: 10_000, windowMs: 60_000 } },
    { rules: 'defaults' },
  );
  ownerToken = await idp.ownerToken('owner-sub');
  customerToken = await idp.idToken('customer-sub', 'sam@example.com');
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const asOwner = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: ownerToken, body });
const putRules = (rules: AvailabilityRules) => asOwner('PUT', '/owner/availability', rules);
const freeOn = async (date: string, vehicleType = 'Sedan', addOns = '') => {
  const query = new URLSearchParams({ from: date, to: date, vehicleType });
  if (addOns) query.set('addOns', addOns);
  const answer = await call(api.baseUrl, 'GET', `/availability?${query}`);
  expect(answer.status).toBe(200);
  return (answer.body as { date: string; times: string[] }[])[0]!.times;
};
const sedanAt = (date: string, time: string, overrides: Record<string, unknown> = {}) =>
  quote({ vehicleType: 'Sedan', selectedAddons: [], totalPrice: 90, date, time, ...overrides });

/** Another server on the same database and pictures, as after a restart. */
const serverAfresh = () =>
  buildServer({
    databasePath: api.databasePath,
    picturesDir: api.picturesDir,
    cognito: { issuer: idp.issuer, clientId: idp.clientId },
  });

/** How many Booked bookings the database holds on `date`. */
const bookedOn = (date: string): number => {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    return (
      db
        .prepare("SELECT COUNT(*) AS n FROM bookings WHERE date = ? AND status = 'Booked'")
        .get(date) as { n: number }
    ).n;
  } finally {
    db.close();
  }
};

afterEach(async () => {
  expect((await putRules(DEFAULT_RULES)).status).toBe(200);
});

describe('the owner rules', () => {
  test('the defaults until the owner saves any, then what was saved (also after a restart)', async () => {
    const first = await asOwner('GET', '/owner/availability');
    expect(first.status).toBe(200);
    expect(first.body).toEqual(DEFAULT_RULES);
    const closedSaturdays: AvailabilityRules = {
      ...DEFAULT_RULES,
      week: { ...DEFAULT_RULES.week, saturday: { open: false, start: '09:00', end: '18:00' } },
      daysOff: [{ from: '2026-12-24', to: '2026-12-26' }],
      maxJobsPerDay: 2,
    };
    const saved = await putRules(closedSaturdays);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(closedSaturdays);
    const restarted = await serverAfresh();
    try {
      const again = await restarted.inject({
        method: 'GET',
        url: '/owner/availability',
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(again.json()).toEqual(closedSaturdays);
    } finally {
      await restarted.close();
    }
  });

  test('a customer may neither read nor change them', async () => {
    const read = await call(api.baseUrl, 'GET', '/owner/availability', { token: customerToken });
    expect(read.status).toBe(403);
    const write = await call(api.baseUrl, 'PUT', '/owner/availability', {
      token: customerToken,
      body: DEFAULT_RULES,
    });
    expect(write.status).toBe(403);
  });

  test.each([
    [
      'hours outside the day',
      { week: { ...DEFAULT_RULES.week, monday: { open: true, start: '15:00', end: '24:00' } } },
      'body/week/monday/end',
    ],
    [
      'hours that end before they start',
      { week: { ...DEFAULT_RULES.week, monday: { open: true, start: '18:00', end: '15:00' } } },
      'body/week/monday/end',
    ],
    [
      'a job of no length',
      { jobMinutes: { ...DEFAULT_RULES.jobMinutes, SUV: 0 } },
      'body/jobMinutes/SUV',
    ],
    [
      'overlapping days off',
      {
        daysOff: [
          { from: '2026-12-20', to: '2026-12-26' },
          { from: '2026-12-24', to: '2026-12-24' },
        ],
      },
      'body/daysOff/1 overlaps body/daysOff/0',
    ],
  ])('%s → 400 naming the field, nothing stored', async (_label, change, field) => {
    const answer = await putRules({ ...DEFAULT_RULES, ...change } as AvailabilityRules);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(field);
    expect((await asOwner('GET', '/owner/availability')).body).toEqual(DEFAULT_RULES);
  });
});

describe('the free times', () => {
  test('a held booking takes its time and the times it overlaps; cancelling frees them', async () => {
    const saturday = futureSaturday(21);
    expect(await freeOn(saturday)).toEqual([...weekendSlots]);
    const held = await call(api.baseUrl, 'POST', '/bookings', {
      token: customerToken,
      body: sedanAt(saturday, '10:00 AM'),
    });
    expect(held.status).toBe(201);
    // Sedan 90 minutes and 30 of travel: 9:00 AM would run into it, 12:00 PM is free.
    expect(await freeOn(saturday)).toEqual(['12:00 PM', '2:00 PM', '4:00 PM', '6:00 PM']);
    // A longer asked job (SUV with Ceramic Wax, 150 minutes) still fits at 12:00 PM, 30 minutes
    // after the held one ends; only what comes before it is blocked by the held one.
    expect(await freeOn(saturday, 'SUV', 'Ceramic Wax')).toContain('12:00 PM');
    const { bookingId } = held.body as { bookingId: string };
    expect(
      (await call(api.baseUrl, 'DELETE', `/bookings/${bookingId}`, { token: customerToken }))
        .status,
    ).toBe(200);
    expect(await freeOn(saturday)).toEqual([...weekendSlots]);
  });

  test('Monday 8 AM–2 PM offers morning times at the owner’s step, and a quote may take one', async () => {
    const monday = addDays(futureSaturday(28), 2);
    const week = { ...DEFAULT_RULES.week, monday: { open: true, start: '08:00', end: '14:00' } };
    expect((await putRules({ ...DEFAULT_RULES, week })).status).toBe(200);
    expect(await freeOn(monday)).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
    ]);
    // Every hour, so 8:30 AM is not a time we offer: refused as such, not as taken.
    const half = await call(api.baseUrl, 'POST', '/bookings', {
      token: customerToken,
      body: sedanAt(monday, '8:30 AM'),
    });
    expect(half.status).toBe(400);
    expect((half.body as { message: string }).message).toMatch(
      /^body\/time 8:30 AM is not a time we offer on .*; the times that day: 8:00 AM, 9:00 AM/,
    );
    expect((await putRules({ ...DEFAULT_RULES, week, stepMinutes: 30 })).status).toBe(200);
    expect((await freeOn(monday)).slice(0, 3)).toEqual(['8:00 AM', '8:30 AM', '9:00 AM']);
    const taken = await call(api.baseUrl, 'POST', '/bookings', {
      token: customerToken,
      body: sedanAt(monday, '8:30 AM'),
    });
    expect(taken.status).toBe(201);
    // A Tuesday keeps the seeded list.
    expect(await freeOn(addDays(monday, 1))).toEqual(['4:00 PM', '5:00 PM', '6:00 PM']);
    const { bookingId } = taken.body as { bookingId: string };
    await call(api.baseUrl, 'DELETE', `/bookings/${bookingId}`, { token: customerToken });
  });

  test('rules saved before the step keep the set lists on days at the seeded hours only', async () => {
    const monday = addDays(futureSaturday(35), 2);
    const { stepMinutes: _step, ...old } = DEFAULT_RULES;
    const week = Object.fromEntries(
      Object.entries(DEFAULT_RULES.week).map(([day, { times: _times, ...hours }]) => [
        day,
        day === 'monday' ? { open: true, start: '08:00', end: '10:00' } : hours,
      ]),
    );
    const db = new Database(api.databasePath);
    try {
      db.prepare(
        'INSERT OR REPLACE INTO availability_rules (id, rules, updated_at) VALUES (1, ?, ?)',
      ).run(JSON.stringify({ ...old, week }), new Date().toISOString());
    } finally {
      db.close();
    }
    expect(await freeOn(monday)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM']);
    expect(await freeOn(addDays(monday, 1))).toEqual(['4:00 PM', '5:00 PM', '6:00 PM']);
    const read = await asOwner('GET', '/owner/availability');
    expect(read.body).toMatchObject({
      stepMinutes: 60,
      week: { tuesday: DEFAULT_RULES.week.tuesday },
    });
  });

  test('a step the console does not offer → 400 naming body/stepMinutes', async () => {
    const answer = await putRules({
      ...DEFAULT_RULES,
      stepMinutes: 7,
    } as unknown as AvailabilityRules);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('body/stepMinutes');
  });

  test('closed Saturdays offer nothing', async () => {
    await putRules({
      ...DEFAULT_RULES,
      week: { ...DEFAULT_RULES.week, saturday: { open: false, start: '09:00', end: '18:00' } },
    });
    expect(await freeOn(futureSaturday(28))).toEqual([]);
  });

  test('bad queries → 400 naming the parameter', async () => {
    const saturday = futureSaturday(28);
    const bad = [
      `/availability?from=${saturday}&to=${saturday}&vehicleType=Bus`,
      `/availability?from=${saturday}&to=${saturday}&vehicleType=SUV&addOns=Gold%20Plating`,
      `/availability?from=2026-01-01&to=2026-06-01&vehicleType=SUV`,
      `/availability?from=${saturday}&to=2020-01-01&vehicleType=SUV`,
    ];
    const messages = [];
    for (const url of bad) {
      const answer = await call(api.baseUrl, 'GET', url);
      expect(answer.status).toBe(400);
      messages.push((answer.body as { message: string }).message);
    }
    expect(messages[0]).toContain('query/vehicleType');
    expect(messages[1]).toContain('query/addOns');
    expect(messages[2]).toContain('query/to');
    expect(messages[3]).toContain('query/to');
  });
});

describe('no double booking', () => {
  test('a quote for a taken time → 409 with the nearest free times', async () => {
    const saturday = futureSaturday(35);
    const first = await call(api.baseUrl, 'POST', '/bookings', {
      body: sedanAt(saturday, '10:00 AM'),
    });
    expect(first.status).toBe(201);
    const second = await call(api.baseUrl, 'POST', '/bookings', {
      body: sedanAt(saturday, '10:00 AM', { email: 'other@example.com' }),
    });
    expect(second.status).toBe(409);
    const body = second.body as { message: string; nearest: { date: string; time: string }[] };
    expect(body.message).toMatch(/no longer free/);
    expect(body.nearest[0]).toEqual({ date: saturday, time: '12:00 PM' });
    expect(body.nearest).toHaveLength(3);
  });

  test('a reschedule onto a taken time → 409; onto its own time or a free one → 200', async () => {
    const saturday = futureSaturday(42);
    await call(api.baseUrl, 'POST', '/bookings', { body: sedanAt(saturday, '2:00 PM') });
    const mine = await call(api.baseUrl, 'POST', '/bookings', {
      token: customerToken,
      body: sedanAt(saturday, '10:00 AM'),
    });
    const { bookingId } = mine.body as { bookingId: string };
    const move = (time: string) =>
      call(api.baseUrl, 'PUT', `/bookings/${bookingId}`, {
        token: customerToken,
        body: { date: saturday, time, vehicleType: 'Sedan', vehicle: 'Civic', totalPrice: 90 },
      });
    const taken = await move('2:00 PM');
    expect(taken.status).toBe(409);
    expect((taken.body as { nearest: unknown[] }).nearest.length).toBeGreaterThan(0);
    expect((await move('10:00 AM')).status).toBe(200);
    expect((await move('6:00 PM')).status).toBe(200);
  });

  test('twenty requests racing for the last free slot: one 201, nineteen 409, one row', async () => {
    const saturday = futureSaturday(49);
    // One job a day: the day's first booking is its last free slot.
    await putRules({ ...DEFAULT_RULES, maxJobsPerDay: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(api.baseUrl, 'POST', '/bookings', {
          body: sedanAt(saturday, weekendSlots[index % weekendSlots.length]!, {
            email: `racer${index}@example.com`,
          }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(bookedOn(saturday)).toBe(1);
  });
});

describe("a customer's own booking left out (except)", () => {
  /** The first weekday at least `days` ahead. */
  const weekdayAhead = (days: number) => {
    let day = addDays(localNow().date, days);
    while (['saturday', 'sunday'].includes(weekdayOf(day))) day = addDays(day, 1);
    return day;
  };
  /** `day`'s weekday open 9 AM to 6 PM with a start every 30 minutes (no set list). */
  const halfHourly = async (day: string) => {
    const week = {
      ...DEFAULT_RULES.week,
      [weekdayOf(day)]: { open: true, start: '09:00', end: '18:00' },
    };
    expect((await putRules({ ...DEFAULT_RULES, week, stepMinutes: 30 })).status).toBe(200);
  };
  const suvTimes = (day: string, options: { token?: string; except?: string } = {}) => {
    const query = new URLSearchParams({ from: day, to: day, vehicleType: 'SUV' });
    if (options.except !== undefined) query.set('except', options.except);
    return call(api.baseUrl, 'GET', `/availability?${query}`, { token: options.token });
  };
  /** The customer's SUV (2 hours, 30 minutes of travel either side) at 4:00 PM on `day`. */
  const suvAtFour = async (day: string, token: string, email: string) => {
    const made = await call(api.baseUrl, 'POST', '/bookings', {
      token,
      body: quote({ vehicleType: 'SUV', selectedAddons: [], date: day, time: '4:00 PM', email }),
    });
    expect(made.status).toBe(201);
    return (made.body as { bookingId: string }).bookingId;
  };

  test('its customer is offered 4:00 PM and the starts its own job blocked; without except they are held', async () => {
    const day = weekdayAhead(15);
    await halfHourly(day);
    const token = await idp.idToken('except-sub', 'except@example.com');
    const bookingId = await suvAtFour(day, token, 'except@example.com');

    const held = await suvTimes(day, { token });
    expect(held.status).toBe(200);
    const heldTimes = (held.body as { times: string[] }[])[0]!.times;
    // 2:00 PM to 6:00 PM would meet the 4:00 PM SUV with its travel: none offered.
    expect(heldTimes.at(-1)).toBe('1:30 PM');
    for (const time of ['3:30 PM', '4:00 PM', '4:30 PM', '5:00 PM'])
      expect(heldTimes).not.toContain(time);

    const own = await suvTimes(day, { token, except: bookingId });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([
      {
        date: day,
        times: [
          ...heldTimes,
          '2:00 PM',
          '2:30 PM',
          '3:00 PM',
          '3:30 PM',
          '4:00 PM',
          '4:30 PM',
          '5:00 PM',
          '5:30 PM',
          '6:00 PM',
        ],
      },
    ]);
  });

  test('another customer, a visitor and an unknown id get the same 404; a malformed id 400; a bad token 401', async () => {
    const day = weekdayAhead(18);
    const token = await idp.idToken('except-owner-sub', 'except-owner@example.com');
    const bookingId = await suvAtFour(day, token, 'except-owner@example.com');
    const stranger = await idp.idToken('except-stranger-sub', 'stranger@example.com');

    const otherCustomer = await suvTimes(day, { token: stranger, except: bookingId });
    const visitor = await suvTimes(day, { except: bookingId });
    const unknown = await suvTimes(day, { token: stranger, except: 'ffffffffffffffffffffffff' });
    for (const answer of [otherCustomer, visitor, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Not Found', message: 'Booking not found' });
    }

    const malformed = await suvTimes(day, { token, except: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { message: string }).message).toContain('query/except');

    const forged = await idp.idToken(
      'except-owner-sub',
      'except-owner@example.com',
      {},
      {
        forged: true,
      },
    );
    expect((await suvTimes(day, { token: forged, except: bookingId })).status).toBe(401);
  });

  test('a reschedule within its own time (4:00 PM to 4:30 PM, then 5:00 PM) is accepted', async () => {
    const next = weekdayAhead(24);
    await halfHourly(next);
    const token = await idp.idToken('except-move-sub', 'except-move@example.com');
    const bookingId = await suvAtFour(next, token, 'except-move@example.com');
    const move = (time: string) =>
      call(api.baseUrl, 'PUT', `/bookings/${bookingId}`, {
        token,
        body: { date: next, time, vehicleType: 'SUV', vehicle: 'Outback', totalPrice: 120 },
      });
    const later = await move('4:30 PM');
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ date: next, time: '4:30 PM' });
    expect((await move('5:00 PM')).status).toBe(200);
  });

  test('a longer vehicle type at the same time must still fit before the next job', async () => {
    const day = weekdayAhead(27);
    await halfHourly(day);
    const token = await idp.idToken('retype-sub', 'retype@example.com');
    const sedan = await call(api.baseUrl, 'POST', '/bookings', {
      token,
      body: quote({
        vehicleType: 'Sedan',
        selectedAddons: [],
        date: day,
        time: '1:00 PM',
        email: 'retype@example.com',
      }),
    });
    expect(sedan.status).toBe(201);
    const bookingId = (sedan.body as { bookingId: string }).bookingId;
    // The Sedan (90 minutes) ends at 2:30 PM; with 30 minutes of travel the next job may start at 3:00 PM.
    const neighbour = await idp.idToken('retype-next-sub', 'retype-next@example.com');
    const next = await call(api.baseUrl, 'POST', '/bookings', {
      token: neighbour,
      body: quote({
        vehicleType: 'Sedan',
        selectedAddons: [],
        date: day,
        time: '3:00 PM',
        email: 'retype-next@example.com',
      }),
    });
    expect(next.status).toBe(201);
    const retype = (vehicleType: string, totalPrice: number) =>
      call(api.baseUrl, 'PUT', `/bookings/${bookingId}`, {
        token,
        body: { date: day, time: '1:00 PM', vehicleType, vehicle: 'Outback', totalPrice },
      });
    // An SUV (120 minutes) at 1:00 PM would run into the 3:00 PM job's travel.
    const longer = await retype('SUV', 120);
    expect(longer.status).toBe(409);
    expect((longer.body as { message: string }).message).toContain('1:00 PM');
    const kept = await call(api.baseUrl, 'GET', '/bookings', { token });
    const mine = (kept.body as { bookingId: string; vehicleType: string }[]).find(
      (booking) => booking.bookingId === bookingId,
    );
    expect(mine?.vehicleType).toBe('Sedan');
    // A change that is no longer (the same type, another vehicle name) is never refused at its own time.
    expect((await retype('Sedan', 90)).status).toBe(200);
  });
});

describe('holds', () => {
  test('a held time is still held by a server started afresh on the same database', async () => {
    const saturday = futureSaturday(56);
    const held = await call(api.baseUrl, 'POST', '/bookings', {
      body: sedanAt(saturday, '2:00 PM', { email: 'first@example.com' }),
    });
    expect(held.status).toBe(201);
    const restarted = await serverAfresh();
    try {
      const again = await restarted.inject({
        method: 'POST',
        url: '/bookings',
        payload: sedanAt(saturday, '2:00 PM', { email: 'second@example.com' }),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: expect.stringContaining('is no longer free') });
      const free = await restarted.inject({
        method: 'GET',
        url: `/availability?from=${saturday}&to=${saturday}&vehicleType=Sedan`,
      });
      expect(free.json()).toEqual([
        { date: saturday, times: ['9:00 AM', '10:00 AM', '12:00 PM', '4:00 PM', '6:00 PM'] },
      ]);
    } finally {
      await restarted.close();
    }
    expect(bookedOn(saturday)).toBe(1);
  });
});

describe('instant booking', () => {
  const scheduledAndKinds = (bookingId: string) => {
    const db = new Database(api.databasePath, { readonly: true });
    try {
      const row = db
        .prepare('SELECT scheduled_at FROM bookings WHERE booking_id = ?')
        .get(bookingId) as { scheduled_at: string | null };
      const kinds = db
        .prepare('SELECT kind FROM outbox WHERE booking_id = ? ORDER BY created_at')
        .all(bookingId) as { kind: string }[];
      return { scheduled: row.scheduled_at !== null, kinds: kinds.map((k) => k.kind) };
    } finally {
      db.close();
    }
  };

  test("a customer's request is booked at once and the customer is told it is booked", async () => {
    await putRules({ ...DEFAULT_RULES, mode: 'instant' });
    const saturday = futureSaturday(56);
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      token: customerToken,
      body: sedanAt(saturday, '4:00 PM'),
    });
    expect(answer.status).toBe(201);
    const { bookingId } = answer.body as { bookingId: string };
    const { scheduled, kinds } = scheduledAndKinds(bookingId);
    expect(scheduled).toBe(true);
    expect(kinds).toContain('customer-booked');
  });

  test("a visitor's request (no account) waits for the owner", async () => {
    await putRules({ ...DEFAULT_RULES, mode: 'instant' });
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      body: sedanAt(futureSaturday(84), '4:00 PM', { email: 'walk-in@example.com' }),
    });
    expect(answer.status).toBe(201);
    const { scheduled, kinds } = scheduledAndKinds(
      (answer.body as { bookingId: string }).bookingId,
    );
    expect(scheduled).toBe(false);
    expect(kinds).not.toContain('customer-booked');
  });
});

describe("the owner's schedule", () => {
  const ownerTimes = async (bookingId: string, from: string, to = from) =>
    asOwner('GET', `/owner/bookings/${bookingId}/availability?from=${from}&to=${to}`);
  const timesOf = async (bookingId: string, date: string) => {
    const answer = await ownerTimes(bookingId, date);
    expect(answer.status).toBe(200);
    return (answer.body as { date: string; times: string[] }[])[0]!.times;
  };
  const schedule = (bookingId: string, body: Record<string, unknown>) =>
    asOwner('PUT', `/owner/bookings/${bookingId}/schedule`, body);
  // Each from a visitor of its own: one e-mail address holds at most ANONYMOUS_HOLDS.perEmail times.
  let visitors = 0;
  const booked = async (date: string, time: string) => {
    visitors += 1;
    const email = `visitor${visitors}@example.com`;
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      body: sedanAt(date, time, { email }),
    });
    expect(answer.status).toBe(201);
    return (answer.body as { bookingId: string }).bookingId;
  };
  const storedTime = (bookingId: string) => {
    const db = new Database(api.databasePath, { readonly: true });
    try {
      return db.prepare('SELECT date, time FROM bookings WHERE booking_id = ?').get(bookingId) as {
        date: string;
        time: string;
      };
    } finally {
      db.close();
    }
  };

  test("every free quarter hour of the day for the booking's job, its own time included", async () => {
    const saturday = futureSaturday(63);
    const other = await booked(saturday, '10:00 AM');
    const mine = await booked(saturday, '2:00 PM');
    // The other Sedan (90 minutes, 30 of travel) blocks until 12:00 PM; its own 2:00 PM does not.
    const times = await timesOf(mine, saturday);
    expect(times[0]).toBe('12:00 PM');
    expect(times).toContain('12:15 PM');
    expect(times).toContain('2:00 PM');
    expect(times.at(-1)).toBe('6:00 PM');
    expect(times).toHaveLength(25);
    // Seen from the other booking, 2:00 PM is held: 12:15 PM to 3:45 PM are not free.
    const others = await timesOf(other, saturday);
    expect(others).toContain('12:00 PM');
    expect(others).not.toContain('12:15 PM');
    expect(others).not.toContain('3:45 PM');
    expect(others).toContain('4:00 PM');
  });

  test('only the owner, for a booking that exists, over at most 62 days', async () => {
    const mine = await booked(futureSaturday(63), '4:00 PM');
    const url = `/owner/bookings/${mine}/availability?from=${futureDate(1)}&to=${futureDate(2)}`;
    expect((await call(api.baseUrl, 'GET', url)).status).toBe(401);
    expect((await call(api.baseUrl, 'GET', url, { token: customerToken })).status).toBe(403);
    const unknown = await ownerTimes('000000000000000000000000', futureDate(1));
    expect(unknown.status).toBe(404);
    const tooLong = await ownerTimes(mine, futureDate(1), futureDate(63));
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).toContain('query/to');
  });

  test('a time that is not free → 409 with the nearest; "override" stores it anyway', async () => {
    const saturday = futureSaturday(70);
    await booked(saturday, '10:00 AM');
    const mine = await booked(saturday, '2:00 PM');
    const overlapping = await schedule(mine, { date: saturday, time: '10:30' });
    expect(overlapping.status).toBe(409);
    const body = overlapping.body as { message: string; nearest: { date: string; time: string }[] };
    expect(body.message).toMatch(/is not one of your free times/);
    expect(body.nearest[0]).toEqual({ date: saturday, time: '12:00 PM' });
    const beforeHours = await schedule(mine, { date: saturday, time: '07:30', override: false });
    expect(beforeHours.status).toBe(409);
    expect(storedTime(mine)).toEqual({ date: saturday, time: '2:00 PM' });
    // A free quarter hour needs no override.
    const free = await schedule(mine, { date: saturday, time: '12:15' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ date: saturday, time: '12:15 PM' });
    const anyway = await schedule(mine, { date: saturday, time: '10:30', override: true });
    expect(anyway.status).toBe(200);
    expect(anyway.body).toMatchObject({ date: saturday, time: '10:30 AM' });
    // Kept as it is with a new note: not refused, although it overlaps the other job.
    const noteOnly = await schedule(mine, { date: saturday, time: '10:30 AM', note: 'Side gate' });
    expect(noteOnly.status).toBe(200);
    // Held like any booking: customers are no longer offered 12:00 PM.
    expect(await freeOn(saturday)).toEqual(['2:00 PM', '4:00 PM', '6:00 PM']);
    expect((await schedule(mine, { date: saturday, time: '10:30', override: 'yes' })).status).toBe(
      400,
    );
  });

  test("the owner and ten customers racing for a day's last slot: one wins, one row", async () => {
    const saturday = futureSaturday(77);
    await putRules({ ...DEFAULT_RULES, maxJobsPerDay: 1 });
    const callBack = await call(api.baseUrl, 'POST', '/bookings', { body: callBackRequest() });
    const { bookingId } = callBack.body as { bookingId: string };
    const answers = await Promise.all([
      schedule(bookingId, { date: saturday, time: '12:00' }),
      ...Array.from({ length: 10 }, (_, index) =>
        call(api.baseUrl, 'POST', '/bookings', {
          body: sedanAt(saturday, weekendSlots[index % weekendSlots.length]!, {
            email: `owner-racer${index}@example.com`,
          }),
        }),
      ),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status < 300)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(bookedOn(saturday)).toBe(1);
  });
});

describe('at size', () => {
  /** Counts the statements run on `db` that read the bookings table. */
  function countBookingReads(db: Db): { count: number } {
    const counter = { count: 0 };
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const prepared = prepare(sql);
      if (!/FROM bookings/i.test(sql)) return prepared;
      for (const method of ['all', 'get', 'iterate'] as const) {
        const original = prepared[method].bind(prepared) as (...args: unknown[]) => unknown;
        (prepared as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          counter.count += 1;
          return original(...args);
        };
      }
      return prepared;
    }) as Db['prepare'];
    return counter;
  }

  test('sixty days of free times read the bookings once, not once a day', () => {
    const db = openDatabase(api.databasePath);
    try {
      const reads = countBookingReads(db);
      const days = availableTimes(db, {
        from: futureDate(1),
        to: futureDate(60),
        vehicleType: 'SUV',
        addOns: 'Pet Hair Removal',
      });
      expect(days).toHaveLength(60);
      expect(reads.count).toBe(1);
    } finally {
      db.close();
    }
  });
});

describe('holds over HTTP', () => {
  test('four visitors’ call-backs on a weekday leave it open, and the owner sees all four', async () => {
    const day = addDays(localNow().date, 10);
    for (let i = 0; i < 4; i += 1) {
      const sent = await call(api.baseUrl, 'POST', '/bookings', {
        body: callBackRequest({ email: `cb${i}@example.com`, date: day }),
      });
      expect(sent.status).toBe(201);
    }
    const answer = await call(
      api.baseUrl,
      'GET',
      `/availability?from=${day}&to=${day}&vehicleType=Sedan`,
    );
    expect((answer.body as { times: string[] }[])[0]!.times).toEqual(
      offeredTimes(DEFAULT_RULES, day),
    );
    const inbox = await call(
      api.baseUrl,
      'GET',
      `/owner/requests?from=${day}&to=${day}&limit=100`,
      { token: ownerToken },
    );
    expect(inbox.status).toBe(200);
    expect((inbox.body as { items: { email: string }[] }).items.map((r) => r.email).sort()).toEqual(
      ['cb0@example.com', 'cb1@example.com', 'cb2@example.com', 'cb3@example.com'],
    );
  });

  test('a reschedule to a time never offered → 400 naming body/time, not "no longer free"', async () => {
    const token = await idp.idToken('resched-sub', 'res@example.com');
    let day = addDays(localNow().date, 12);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() % 6 === 0) day = addDays(day, 1);
    const made = await call(api.baseUrl, 'POST', '/bookings', {
      token,
      body: sedanAt(day, '4:00 PM', { email: 'res@example.com' }),
    });
    expect(made.status).toBe(201);
    const { bookingId } = made.body as { bookingId: string };
    const moved = await call(api.baseUrl, 'PUT', `/bookings/${bookingId}`, {
      token,
      body: { date: day, time: '4:30 PM', vehicleType: 'Sedan', vehicle: 'Civic', totalPrice: 90 },
    });
    expect(moved.status).toBe(400);
    expect((moved.body as { message: string }).message).toContain('body/time');
    expect((moved.body as { message: string }).message).toContain('is not a time we offer');
  });
});
