import fc from 'fast-check';
import {
  isEmptyLoyalty,
  normalizeExternalBooking,
  normalizeList,
  normalizeLoyalty,
  normalizeProfile,
  normalizeServicePic,
  normalizeSubscription,
  normalizeVehicle,
  normalizeWebsiteBooking,
} from './normalize';

describe('entity normalisers', () => {
  it('reads a legacy website booking', () => {
    const b = normalizeWebsiteBooking({
      id: { S: '65a1f0c2e4b0a1b2c3d4e5f7' },
      date: '2026-12-05',
      time: '10:00 AM',
      Booking_Status: ' CONFIRMED ',
      vehicle: { make: 'Honda', model: 'Accord', year: { N: '2021' } },
      selectedAddons: { L: [{ S: 'Ceramic Wax' }] },
      totalPrice: { N: '140' },
      service: 'Full Detail',
    });
    expect(b).toMatchObject({
      bookingId: '65a1f0c2e4b0a1b2c3d4e5f7',
      status: 'Booked',
      rawStatus: 'confirmed',
      vehicle: { text: 'Honda Accord (2021)', vehicleId: '' },
      selectedAddons: ['Ceramic Wax'],
      totalPrice: 140,
      serviceName: 'Full Detail',
      startsAt: '2026-12-05T15:00:00.000Z',
    });
  });

  it('defaults a website booking to Booked and Detailing Service; a 24-hex vehicle is an id', () => {
    const b = normalizeWebsiteBooking({ bookingId: 'b1', vehicle: '65a1f0c2e4b0a1b2c3d4e5f6' });
    expect(b.status).toBe('Booked');
    expect(b.serviceName).toBe('Detailing Service');
    expect(b.vehicle).toEqual({ text: '', vehicleId: '65a1f0c2e4b0a1b2c3d4e5f6' });
    expect(b.totalPrice).toBe(0);
  });

  it('reads an external booking: bookingStatus, then status, then Booked; Calendly Event by default', () => {
    expect(normalizeExternalBooking({ bookingId: 'c', bookingStatus: 'canceled' }).status).toBe(
      'Cancelled',
    );
    expect(normalizeExternalBooking({ bookingId: 'c', status: 'completed' }).status).toBe(
      'Completed',
    );
    const e = normalizeExternalBooking({ bookingId: 'c', startTime: '2026-05-01 14:00:00Z' });
    expect(e).toMatchObject({
      status: 'Booked',
      serviceName: 'Calendly Event',
      source: 'Calendly',
    });
    expect(e.startsAt).toBe('2026-05-01T14:00:00.000Z');
  });

  it('reads vehicles, profiles, pictures and subscriptions', () => {
    expect(
      normalizeVehicle({
        vehicleId: 'v',
        make: 'Kia',
        model: 'Soul',
        year: '2018',
        licensePlate: null,
      }),
    ).toEqual({
      vehicleId: 'v',
      make: 'Kia',
      model: 'Soul',
      year: 2018,
      licensePlate: '',
    });
    expect(normalizeProfile({ email: ' a@b.c ', name: { S: 'Jo' } })).toMatchObject({
      email: 'a@b.c',
      name: 'Jo',
      serviceAddress: { line1: '', city: '' },
    });
    expect(
      normalizeServicePic({
        signedUrl: 'https://x/y.jpg',
        bookingId: 'b',
        uploadedAt: 1767225600000,
      }),
    ).toMatchObject({
      uploadedAt: '2026-01-01T00:00:00.000Z',
    });
    const now = new Date('2026-11-21T00:00:00Z');
    expect(normalizeSubscription({ subscriptionId: 's', plan: 'weekly' }, now)).toEqual({
      subscriptionId: 's',
      userId: '',
      plan: 'weekly',
      status: 'active',
      createdAt: '2026-11-21T00:00:00.000Z',
    });
  });

  it('reads loyalty with totalPoints and typed values, and knows an empty answer', () => {
    const l = normalizeLoyalty({
      userId: 'u',
      totalPoints: { N: '2550' },
      transactions: [
        { id: 't', date: '2026-06-01 10:00:00', type: 'REDEEM', points: -200, source: 'Reward' },
      ],
    });
    expect(l.points).toBe(2550);
    expect(l.transactions[0]).toMatchObject({ type: 'redeem', points: -200 });
    expect(isEmptyLoyalty({})).toBe(true);
    expect(isEmptyLoyalty(null)).toBe(true);
    expect(isEmptyLoyalty({ points: 0 })).toBe(false);
  });

  it('reads wrapped lists', () => {
    expect(normalizeList({ Items: [{ vehicleId: 'a' }] }, normalizeVehicle)).toHaveLength(1);
    expect(normalizeList('nope', normalizeVehicle)).toEqual([]);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        normalizeWebsiteBooking(value);
        normalizeExternalBooking(value);
        normalizeVehicle(value);
        normalizeProfile(value);
        normalizeServicePic(value);
        normalizeSubscription(value);
        normalizeLoyalty(value);
        normalizeList(value, normalizeWebsiteBooking);
      }),
      { numRuns: 500 },
    );
  });
});
