/**
 * The demo customer `npm start` creates: a profile, vehicles, website bookings over the
 * last six months in every status, Calendly bookings, subscriptions, pictures of completed
 * bookings and the loyalty history the rules produce. Idempotent: a second call for the
 * same customer changes nothing.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { bookingInstant } from '../domain/dates';
import { dayjs } from '../domain/dayjs';
import { timeZone } from '../domain/serviceArea';
import type { Booking } from '../domain/contract/types';
import { inWriteTransaction, openDatabase, type Db } from './platform/db';
import { ensureCustomer, getLoyalty, updateProfile, type Customer } from './customers/customers';
import { createVehicle } from './vehicles/vehicles';
import { cancelBooking, completeBooking, createBooking } from './bookings/bookings';
import { cancelSubscription, createSubscription } from './subscriptions/subscriptions';
import { applyWebhookEvent } from './calendly/calendly';
import { claimBooking } from './bookings/claims';
import { addPicture } from './pictures/pictures';

export interface DemoCustomer {
  /** The identity provider's `sub` of the demo user. */
  sub: string;
  email: string;
  name: string;
}

export type SeedTarget =
  { db: Db; picturesDir: string } | { databasePath: string; picturesDir: string };

export interface SeedResult {
  /** False when the customer had already been seeded (nothing changed). */
  seeded: boolean;
  vehicles: number;
  bookings: number;
  calendlyBookings: number;
  pictures: number;
  points: number;
}

interface PlannedBooking {
  /** Days from today (negative: in the past). */
  day: number;
  time: string;
  vehicleType: Booking['vehicleType'];
  addons: string[];
  vehicle: string;
  status: Booking['status'];
  /** Sent from the quote form without signing in (linked to the customer by e-mail). */
  anonymous?: boolean;
  colour: string;
}

const accord = '2021 Honda Accord';
const rav4 = '2019 Toyota RAV4';
const odyssey = '2017 Honda Odyssey';

const plannedBookings: PlannedBooking[] = [
  {
    day: -165,
    time: '10:00 AM',
    vehicleType: 'Sedan',
    addons: ['Tire Shine & Wheel Detail'],
    vehicle: accord,
    status: 'Completed',
    colour: '#c0392b',
  },
  {
    day: -130,
    time: '4:00 PM',
    vehicleType: 'SUV',
    addons: ['Pet Hair Removal', 'Leather Conditioning'],
    vehicle: rav4,
    status: 'Completed',
    colour: '#2e86c1',
  },
  {
    day: -100,
    time: '5:00 PM',
    vehicleType: 'Minivan',
    addons: [],
    vehicle: odyssey,
    status: 'Cancelled',
    colour: '#7f8c8d',
  },
  {
    day: -75,
    time: '12:00 PM',
    vehicleType: 'Premium Package',
    addons: [],
    vehicle: accord,
    status: 'Completed',
    colour: '#c0392b',
  },
  {
    day: -45,
    time: '9:00 AM',
    vehicleType: 'SUV',
    addons: ['Hydrophobic Coating', 'Ceramic Wax'],
    vehicle: rav4,
    status: 'Completed',
    anonymous: true,
    colour: '#2e86c1',
  },
  {
    day: -20,
    time: '6:00 PM',
    vehicleType: 'Sedan',
    addons: ['Ceramic Wax'],
    vehicle: accord,
    status: 'Cancelled',
    colour: '#c0392b',
  },
  {
    day: -10,
    time: '2:00 PM',
    vehicleType: 'Minivan',
    addons: ['Pet Hair Removal'],
    vehicle: odyssey,
    status: 'Completed',
    colour: '#7f8c8d',
  },
  {
    day: 5,
    time: '4:00 PM',
    vehicleType: 'SUV',
    addons: ['Tire Shine & Wheel Detail'],
    vehicle: rav4,
    status: 'Booked',
    colour: '#2e86c1',
  },
  {
    day: 21,
    time: '10:00 AM',
    vehicleType: 'Premium Package',
    addons: [],
    vehicle: accord,
    status: 'Booked',
    colour: '#c0392b',
  },
];

const pictureShots = [
  { label: 'Before', description: 'Before: exterior on arrival' },
  { label: 'After', description: 'After: exterior wash and wax' },
  { label: 'After', description: 'After: interior detail' },
];

/** A small picture of a car, dull before and shining after. */
export function demoPicture(label: string, colour: string): Promise<Buffer> {
  const after = label === 'After';
  const dirt = after
    ? ''
    : [
        [230, 330, 26],
        [340, 360, 18],
        [470, 320, 30],
        [600, 380, 20],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#6e5a3c" opacity="0.55"/>`)
        .join('');
  const shine = after
    ? '<path d="M300 280 L480 280" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.7"/>' +
      '<circle cx="620" cy="150" r="10" fill="#fff"/><circle cx="660" cy="190" r="6" fill="#fff"/>'
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${after ? '#8fc5ff' : '#b9b4a8'}"/><stop offset="1" stop-color="#eef4fb"/>
  </linearGradient></defs>
  <rect width="640" height="480" fill="url(#sky)"/>
  <rect y="350" width="640" height="130" fill="#5d6168"/>
  <path d="M110 330 L160 250 Q178 222 212 218 L420 218 Q452 221 478 246 L540 298 Q572 305 572 330 L572 352 L110 352 Z" fill="${colour}"/>
  <path d="M190 252 L216 232 L300 232 L300 262 Z M316 232 L416 232 Q440 236 458 260 L316 262 Z" fill="#d6eaf8" opacity="0.85"/>
  ${dirt}${shine}
  <circle cx="200" cy="352" r="40" fill="#222"/><circle cx="200" cy="352" r="16" fill="#aaa"/>
  <circle cx="480" cy="352" r="40" fill="#222"/><circle cx="480" cy="352" r="16" fill="#aaa"/>
  <text x="32" y="64" font-family="sans-serif" font-size="40" font-weight="bold" fill="#1b2631">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** Midday in New York, `days` from `now`, as YYYY-MM-DD. */
function localDate(now: Date, days: number): string {
  return dayjs(now).tz(timeZone).add(days, 'day').format('YYYY-MM-DD');
}

function instant(date: string, time: string): Date {
  const at = bookingInstant(date, time);
  if (!at) throw new Error(`Bad seed date ${date} ${time}`);
  return at;
}

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000);
const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

export async function seedDemoCustomer(
  target: SeedTarget,
  demo: DemoCustomer,
  now: Date = new Date(),
): Promise<SeedResult> {
  const ownDb = !('db' in target);
  const db = 'db' in target ? target.db : openDatabase(target.databasePath);
  try {
    const already = () =>
      Boolean(db.prepare('SELECT 1 FROM seeded_customers WHERE user_id = ?').get(demo.sub));
    if (already()) return summary(db, demo, false);

    const completed = plannedBookings.filter((plan) => plan.status === 'Completed');
    const images = await Promise.all(
      completed.map((plan) =>
        Promise.all(pictureShots.map((shot) => demoPicture(shot.label, plan.colour))),
      ),
    );

    inWriteTransaction(db, () => {
      if (already()) return;
      const joined = daysBefore(now, 185);
      const customer: Customer = ensureCustomer(db, { sub: demo.sub, email: demo.email }, joined);
      updateProfile(
        db,
        customer,
        {
          name: demo.name,
          phone: '(919) 555-0123',
          mobile: '9195550123',
          serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
        },
        joined,
      );
      createVehicle(
        db,
        customer,
        { make: 'Honda', model: 'Accord', year: 2021, licensePlate: 'ABC-1234' },
        joined,
      );
      createVehicle(
        db,
        customer,
        { make: 'Toyota', model: 'RAV4', year: 2019, licensePlate: 'XYZ-987' },
        hoursAfter(joined, 1),
      );
      createVehicle(
        db,
        customer,
        { make: 'Honda', model: 'Odyssey', year: 2017, licensePlate: null },
        daysBefore(now, 120),
      );

      let pictureSet = 0;
      for (const plan of plannedBookings) {
        const date = localDate(now, plan.day);
        const at = instant(date, plan.time);
        const createdAt = plan.day > 0 ? daysBefore(now, 3 - plan.day / 10) : daysBefore(at, 7);
        const booking = createBooking(
          db,
          {
            name: demo.name,
            phone: '(919) 555-0123',
            email: demo.email,
            vehicleType: plan.vehicleType,
            selectedAddons: plan.addons,
            date,
            time: plan.time,
            vehicle: plan.vehicle,
            message: plan.anonymous ? 'Sent from the quote form before signing in' : '',
            totalPrice: 0,
          },
          plan.anonymous ? null : customer,
          createdAt,
          { demo: true },
        );
        // Sent before signing in, then confirmed as theirs on the dashboard.
        if (plan.anonymous) claimBooking(db, customer, booking.bookingId, 'mine', createdAt);
        if (plan.status === 'Cancelled') {
          cancelBooking(db, customer, booking.bookingId, hoursAfter(createdAt, 26), {
            notify: false,
          });
        } else if (plan.status === 'Completed') {
          const done = hoursAfter(at, 2);
          completeBooking(db, booking.bookingId, done, { notify: false });
          const shots = images[pictureSet] ?? [];
          pictureSet += 1;
          shots.forEach((data, index) =>
            addPicture(db, target.picturesDir, {
              bookingId: booking.bookingId,
              data,
              extension: 'jpg',
              description: pictureShots[index]?.description ?? '',
              at: hoursAfter(done, index / 10),
            }),
          );
        }
      }

      const weekly = createSubscription(db, customer, { plan: 'weekly' }, daysBefore(now, 150));
      cancelSubscription(db, customer, weekly.subscriptionId, daysBefore(now, 118));
      createSubscription(db, customer, { plan: 'monthly' }, daysBefore(now, 60));

      const tag = createHash('sha256').update(demo.sub).digest('hex').slice(0, 12);
      const calendly = [
        { day: -90, name: 'Full Detail (Calendly)', vehicle: rav4, type: 'SUV', canceled: false },
        {
          day: -35,
          name: 'Interior Refresh (Calendly)',
          vehicle: odyssey,
          type: 'Minivan',
          canceled: true,
        },
        {
          day: 12,
          name: 'Exterior Wash (Calendly)',
          vehicle: accord,
          type: 'Sedan',
          canceled: false,
        },
      ];
      calendly.forEach((event, index) => {
        const start = instant(localDate(now, event.day), '11:00 AM');
        const booked = daysBefore(start, 9);
        const payload = {
          uri: `https://api.calendly.com/scheduled_events/demo-${tag}-${index}/invitees/${tag}`,
          email: demo.email,
          name: demo.name,
          scheduled_event: { name: event.name, start_time: start.toISOString() },
          questions_and_answers: [
            { question: 'Vehicle type', answer: event.type },
            { question: 'Vehicle (year, make, model)', answer: event.vehicle },
          ],
        };
        applyWebhookEvent(db, { event: 'invitee.created', payload }, booked);
        if (event.canceled) {
          applyWebhookEvent(db, { event: 'invitee.canceled', payload }, hoursAfter(booked, 30));
        }
      });

      db.prepare('INSERT INTO seeded_customers (user_id, seeded_at) VALUES (?, ?)').run(
        demo.sub,
        now.toISOString(),
      );
    });
    return summary(db, demo, true);
  } finally {
    if (ownDb) db.close();
  }
}

function summary(db: Db, demo: DemoCustomer, seeded: boolean): SeedResult {
  const count = (sql: string, ...args: string[]) =>
    (db.prepare(sql).get(...args) as { n: number }).n;
  const customer = { userId: demo.sub, email: demo.email };
  return {
    seeded,
    vehicles: count('SELECT COUNT(*) AS n FROM vehicles WHERE user_id = ?', demo.sub),
    bookings: count('SELECT COUNT(*) AS n FROM bookings WHERE user_id = ?', demo.sub),
    calendlyBookings: count(
      'SELECT COUNT(*) AS n FROM calendly_bookings WHERE email_lower = ?',
      demo.email.toLowerCase(),
    ),
    pictures: count(
      `SELECT COUNT(*) AS n FROM pictures JOIN bookings USING (booking_id)
       WHERE bookings.user_id = ?`,
      demo.sub,
    ),
    points: getLoyalty(db, customer).points,
  };
}
