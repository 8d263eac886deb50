import { DEFAULT_OFFER } from '../../../domain/offer';
import { normalizeWebsiteBooking } from '../../api/normalize';
import {
  draftFromBooking,
  editedTotal,
  fromTimeInput,
  toTimeInput,
  updateBody,
  updateFailureMessage,
} from './bookingEdit';

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
    });
    const odd = booking({ date: '2026-03-01T03:30:00Z', time: '', vehicleType: 'Truck' });
    expect(draftFromBooking(odd, '')).toMatchObject({
      date: '2026-02-28',
      time: '22:30',
      vehicleType: '',
    });
  });

  it('builds the PUT body: date, time, vehicleType, vehicle, and the stored total while the type stays', () => {
    // Sold at $130 under an earlier offer (Sedan 90 + Ceramic Wax 50 today): the price stays.
    const b = booking({ totalPrice: 130, selectedAddons: ['Ceramic Wax'] });
    const draft = { ...draftFromBooking(b, '2021 Honda Accord'), vehicle: ' Blue Civic ' };
    expect(updateBody(draft, b, '2021 Honda Accord', DEFAULT_OFFER)).toEqual({
      date: '2026-12-05',
      time: '4:00 PM',
      vehicleType: 'Sedan',
      vehicle: 'Blue Civic',
      totalPrice: 130,
    });
  });

  it('refuses a type that is not offered, and a missing date or time', () => {
    const b = booking();
    const draft = draftFromBooking(b, '2021 Honda Accord');
    expect(updateBody({ ...draft, vehicleType: '' }, b, '', DEFAULT_OFFER)).toBeNull();
    expect(updateBody({ ...draft, date: '' }, b, '', DEFAULT_OFFER)).toBeNull();
    expect(updateBody({ ...draft, time: '' }, b, '', DEFAULT_OFFER)).toBeNull();
  });

  it("prices another type with the customer's own add-ons under the offer, as the server stores it", () => {
    const suv = booking({
      vehicleType: 'SUV',
      selectedAddons: ['Pet Hair Removal'],
      totalPrice: 135,
    });
    expect(editedTotal({ vehicleType: 'SUV' }, suv, DEFAULT_OFFER)).toBe(135);
    expect(editedTotal({ vehicleType: 'Minivan' }, suv, DEFAULT_OFFER)).toBe(175);
    expect(editedTotal({ vehicleType: 'Premium Package' }, suv, DEFAULT_OFFER)).toBe(200);
    // A Premium Package lists every add-on, but none of them was the customer's choice.
    const premium = booking({
      vehicleType: 'Premium Package',
      selectedAddons: ['Pet Hair Removal', 'Ceramic Wax'],
    });
    expect(editedTotal({ vehicleType: 'Sedan' }, premium, DEFAULT_OFFER)).toBe(90);
  });

  it("tells the server's refusals in the customer's words", () => {
    const refusal = (status: number, serverMessage: string) => ({
      kind: 'http' as const,
      status,
      message: `API ${status}: ${serverMessage}`,
      serverMessage,
    });
    const failure = 'Failed to update booking';
    expect(
      updateFailureMessage(refusal(400, 'body/date must not be earlier than today'), failure),
    ).toBe('Please choose today or a later date.');
    expect(
      updateFailureMessage(
        refusal(
          400,
          'body/time 7:00 AM is not a time we offer on 2026-12-07; the times that day: 4:00 PM',
        ),
        failure,
      ),
    ).toBe('That time is not one we offer on that day. Please choose one of the listed times.');
    expect(
      updateFailureMessage(
        refusal(
          400,
          'body/time Mon, Dec 7, 2026 at 4:00 PM has already passed in New York; please choose a later time',
        ),
        failure,
      ),
    ).toBe('That time has already passed. Please choose a later time.');
    expect(updateFailureMessage(refusal(400, 'body/time must match pattern'), failure)).toBe(
      failure,
    );
    expect(updateFailureMessage(refusal(409, 'Only Booked bookings can be changed'), failure)).toBe(
      'Only Booked bookings can be changed',
    );
    expect(updateFailureMessage(refusal(500, ''), failure)).toBe(failure);
  });

  it('keeps a stored vehicle id when the vehicle is left as shown, sends text once changed', () => {
    const b = booking({ vehicle: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    const draft = draftFromBooking(b, 'Honda Civic (2020)');
    expect(updateBody(draft, b, 'Honda Civic (2020)', DEFAULT_OFFER)?.vehicle).toBe(
      'aaaaaaaaaaaaaaaaaaaaaaaa',
    );
    expect(
      updateBody({ ...draft, vehicle: 'Ford F-150' }, b, 'Honda Civic (2020)', DEFAULT_OFFER)
        ?.vehicle,
    ).toBe('Ford F-150');
  });
});
