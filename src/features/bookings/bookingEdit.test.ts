import { normalizeWebsiteBooking } from '../../api/normalize';
import { draftFromBooking, fromTimeInput, toTimeInput, updateBody } from './bookingEdit';

const booking = (overrides: Record<string, unknown> = {}) =>
  normalizeWebsiteBooking({
    bookingId: '65a1f0c2e4b0a1b2c3d4e5f6',
    date: '2026-12-05',
    time: '4:00 PM',
    vehicleType: 'Sedan',
    vehicle: '2021 Honda Accord',
    totalPrice: 105,
    status: 'Booked',
    ...overrides,
  });

describe('booking edit form', () => {
  it.each([
    ['4:00 PM', '16:00'],
    ['9:30 am', '09:30'],
    ['16:30', '16:30'],
    ['12:00 PM', '12:00'],
    ['whenever', ''],
  ])('time %j fills the time input with %j', (time, value) => {
    expect(toTimeInput(time)).toBe(value);
  });

  it('sends the time the way bookings store it', () => {
    expect(fromTimeInput('16:30')).toBe('4:30 PM');
    expect(fromTimeInput('09:05')).toBe('9:05 AM');
  });

  it('starts from the booking, and from its instant when the date is not a plain day', () => {
    expect(draftFromBooking(booking(), '2021 Honda Accord')).toEqual({
      date: '2026-12-05',
      time: '16:00',
      vehicleType: 'Sedan',
      vehicle: '2021 Honda Accord',
      totalPrice: '105',
    });
    const odd = booking({ date: '2026-03-01T03:30:00Z', time: '', vehicleType: 'Truck' });
    expect(draftFromBooking(odd, '')).toMatchObject({
      date: '2026-02-28',
      time: '22:30',
      vehicleType: '',
    });
  });

  it('builds the PUT body: date, time, vehicleType, vehicle, totalPrice', () => {
    const b = booking();
    const draft = {
      ...draftFromBooking(b, '2021 Honda Accord'),
      vehicle: ' Blue Civic ',
      totalPrice: '0',
    };
    expect(updateBody(draft, b, '2021 Honda Accord')).toEqual({
      date: '2026-12-05',
      time: '4:00 PM',
      vehicleType: 'Sedan',
      vehicle: 'Blue Civic',
      totalPrice: 0,
    });
  });

  it('refuses a negative or missing total, and a type that is not offered', () => {
    const b = booking();
    const draft = draftFromBooking(b, '2021 Honda Accord');
    expect(updateBody({ ...draft, totalPrice: '-1' }, b, '')).toBeNull();
    expect(updateBody({ ...draft, totalPrice: '' }, b, '')).toBeNull();
    expect(updateBody({ ...draft, totalPrice: 'abc' }, b, '')).toBeNull();
    expect(updateBody({ ...draft, vehicleType: '' }, b, '')).toBeNull();
  });

  it('keeps a stored vehicle id when the vehicle is left as shown, sends text once changed', () => {
    const b = booking({ vehicle: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    const draft = draftFromBooking(b, 'Honda Civic (2020)');
    expect(updateBody(draft, b, 'Honda Civic (2020)')?.vehicle).toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(updateBody({ ...draft, vehicle: 'Ford F-150' }, b, 'Honda Civic (2020)')?.vehicle).toBe(
      'Ford F-150',
    );
  });
});
