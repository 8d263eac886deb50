/** MSW answers for the owner console's tests, typed by the generated contract types. */
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import { createFakeCognito } from '../../../testing/cognito';
import { env } from '../../../config/env';
import { OWNERS_GROUP } from '../../../../domain/owners';
import type { OwnerBooking, OwnerCustomer, OwnerRequestPage } from '../api/generated';

/** Where Amplify sends the user-pool calls: the configured endpoint, else the region's. */
const poolEndpoint = () =>
  env.cognitoEndpoint || `https://cognito-idp.${env.cognitoRegion}.amazonaws.com`;

/**
 * Stores an owner's session (the tokens name the owners group) and answers the user pool's
 * calls for that account (a fake pool, through MSW): by default the account has an
 * authenticator app, so the console opens; `{ authenticator: false }` for one without.
 */
export function signInAsOwner(options: { authenticator?: boolean } = {}) {
  const pool = createFakeCognito({ endpoint: poolEndpoint() });
  const owner = pool.addUser({
    email: 'owner@example.com',
    password: 'Owner#Pass1',
    mfa: options.authenticator === false ? [] : 'SOFTWARE_TOKEN_MFA',
  });
  server.use(...pool.handlers);
  const tokens = signIn({ email: owner.email, groups: [OWNERS_GROUP], sub: owner.sub });
  return { pool, ...tokens };
}

let serial = 0;
/** A request as the inbox lists it. */
export function ownerBooking(overrides: Partial<OwnerBooking> = {}): OwnerBooking {
  serial += 1;
  return {
    bookingId: `b-${serial}`,
    userId: 'user-9',
    name: `Customer ${serial}`,
    email: `customer${serial}@example.com`,
    phone: '(919) 555-0100',
    date: '2026-12-01',
    time: '4:00 PM',
    vehicleType: 'SUV',
    vehicle: '2021 Honda CR-V',
    selectedAddons: ['Pet Hair Removal'],
    totalPrice: 175,
    status: 'Booked',
    source: 'website',
    serviceName: 'Detailing Service',
    message: 'Gate code 1234',
    serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
    createdAt: '2026-11-25T15:00:00.000Z',
    seen: false,
    note: '',
    cancelReason: '',
    ...overrides,
  };
}

/** Answers the inbox with `page(url)` and records every query string it was asked with. */
export function inboxAnswers(page: (url: URL) => OwnerRequestPage) {
  const asked: URLSearchParams[] = [];
  server.use(
    contractHttp.get('/owner/requests', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      return HttpResponse.json<OwnerRequestPage>(page(url));
    }),
  );
  return asked;
}

/** Ada's account, holding `bookings`, answered for her customer page (`/owner/customers/cust-1`). */
export function customerPageAnswers(bookings: OwnerBooking[]): OwnerCustomer {
  const customer: OwnerCustomer = {
    profile: { userId: 'cust-1', email: 'ada@example.com', name: 'Ada', phone: null },
    createdAt: '2026-06-01T14:00:00Z',
    vehicles: [],
    bookings,
    subscriptions: [],
    loyalty: {
      userId: 'cust-1',
      email: 'ada@example.com',
      points: 0,
      transactions: [],
      createdAt: '2026-06-01T14:00:00Z',
      lastUpdated: '2026-06-01T14:00:00Z',
    },
  };
  server.use(
    contractHttp.get('/owner/customers/{userId}', () => HttpResponse.json<OwnerCustomer>(customer)),
  );
  return customer;
}
