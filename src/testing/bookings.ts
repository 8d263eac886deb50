import type { Booking } from '../api/generated';

/** A Booked website booking of the signed-in test customer (src/testing/handlers.ts). */
export const websiteBooking = (id: string, overrides: Partial<Booking> = {}): Booking => ({
  bookingId: id,
  userId: 'user-1',
  email: 'jordan@example.com',
  date: '2026-12-05',
  time: '10:00 AM',
  vehicleType: 'SUV',
  vehicle: '2020 Subaru Outback',
  selectedAddons: [],
  totalPrice: 145,
  status: 'Booked',
  source: 'website',
  createdAt: '2026-11-01T12:00:00Z',
  ...overrides,
});
