import { changeKind, customerChangeText, type CustomerChange } from './customerChange';

const side = (date: string, time: string, vehicleType = 'SUV', vehicle = '2021 Honda CR-V') => ({
  date,
  time,
  vehicleType,
  vehicle,
});
const at = '2026-12-01T15:00:00.000Z';

describe("the owner's words for a customer's change", () => {
  it('names the move from the first time to the latest, and the vehicle changed with it', () => {
    const moved: CustomerChange = {
      kind: 'moved',
      at,
      from: side('2026-12-05', '10:00 AM'),
      to: side('2026-12-07', '4:00 PM', 'Sedan'),
    };
    expect(customerChangeText(moved)).toBe(
      'Customer moved this from Sat, Dec 5, 2026 at 10:00 AM to Mon, Dec 7, 2026 at 4:00 PM and changed the vehicle type from SUV to Sedan',
    );
  });

  it('names an edit of the vehicle alone', () => {
    const edited: CustomerChange = {
      kind: 'edited',
      at,
      from: side('2026-12-05', '10:00 AM'),
      to: side('2026-12-05', '10:00 AM', 'SUV', '2022 Honda CR-V'),
    };
    expect(customerChangeText(edited)).toBe(
      'Customer changed the vehicle from “2021 Honda CR-V” to “2022 Honda CR-V”',
    );
  });

  it('a booking moved and then cancelled before the owner saw it: the appointment it had last', () => {
    const cancelled: CustomerChange = {
      kind: 'cancelled',
      at,
      from: side('2026-12-05', '10:00 AM'),
      to: side('2026-12-07', '4:00 PM'),
    };
    expect(customerChangeText(cancelled)).toBe(
      'Customer cancelled this (it was on Mon, Dec 7, 2026 at 4:00 PM)',
    );
    expect(
      customerChangeText({ ...cancelled, from: {}, to: {} } as unknown as CustomerChange),
    ).toBe('Customer cancelled this');
  });

  it('a save that changes nothing the owner sees is no change', () => {
    expect(changeKind(side('2026-12-05', '10:00 AM'), side('2026-12-05', '10:00 AM'))).toBeNull();
    expect(changeKind(side('2026-12-05', '10:00 AM'), side('2026-12-05', '11:00 AM'))).toBe(
      'moved',
    );
  });
});
