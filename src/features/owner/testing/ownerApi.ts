/** MSW answers for the owner console's tests, typed by the generated contract types. */
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import { OWNERS_GROUP } from '../../../../domain/owners';
import type { OwnerBooking, OwnerRequestPage } from '../api/generated';

/** Stores an owner's session (the id token names the owners group). */
export const signInAsOwner = () => signIn({ email: 'owner@example.com', groups: [OWNERS_GROUP] });

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
