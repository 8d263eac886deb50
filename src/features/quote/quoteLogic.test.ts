import { todayLocal } from '../../../domain/dates';
import { quoteTotal as offerTotal, type VehicleTypeName } from '../../../domain/pricing';
import { DEFAULT_OFFER } from '../../../domain/offer';
import { siteOffer } from '../../config/offer';
import {
  isDateAllowed,
  quotePayload,
  validateQuoteForm,
  validationMessages,
  emptyForm,
} from './quoteLogic';
import { addressMessages } from '../../lib/address';

const quoteTotal = (type: string | null, selected: readonly string[]) =>
  offerTotal(DEFAULT_OFFER, type, selected);

const ALL: string[] = [
  'Tire Shine & Wheel Detail',
  'Pet Hair Removal',
  'Leather Conditioning',
  'Vinyl Protection',
  'Hydrophobic Coating',
  'Ceramic Wax',
];

describe('quoteTotal', () => {
  const sets: [string, string[], number][] = [
    ['no add-ons', [], 0],
    ['Tire Shine & Wheel Detail', ['Tire Shine & Wheel Detail'], 15],
    ['Pet Hair Removal', ['Pet Hair Removal'], 25],
    ['Leather Conditioning', ['Leather Conditioning'], 30],
    ['Vinyl Protection', ['Vinyl Protection'], 30],
    ['Hydrophobic Coating', ['Hydrophobic Coating'], 30],
    ['Ceramic Wax', ['Ceramic Wax'], 50],
    ['Tire Shine + Ceramic Wax', ['Tire Shine & Wheel Detail', 'Ceramic Wax'], 65],
    [
      'Pet Hair + Leather + Vinyl',
      ['Pet Hair Removal', 'Leather Conditioning', 'Vinyl Protection'],
      85,
    ],
    ['all six', ALL, 180],
    ['a duplicate counts once', ['Ceramic Wax', 'Ceramic Wax'], 50],
  ];
  const bases: [VehicleTypeName, number][] = [
    ['Sedan', 90],
    ['SUV', 120],
    ['Minivan', 150],
  ];
  const cases = bases.flatMap(([type, base]) =>
    sets.map(([label, selected, extra]) => ({ type, label, selected, expected: base + extra })),
  );

  it.each(cases)('$type with $label costs $expected', ({ type, selected, expected }) => {
    expect(quoteTotal(type, selected)).toBe(expected);
  });

  it.each(sets)('Premium Package with %s is a flat $200', (_label, selected) => {
    expect(quoteTotal('Premium Package', selected)).toBe(200);
  });

  it('is 0 before a vehicle type is chosen', () => {
    expect(quoteTotal(null, ['Ceramic Wax'])).toBe(0);
  });
});

describe('the preferred date may not be earlier than today (business time zone)', () => {
  // 02:30 UTC on 15 March is still 14 March in Cary (America/New_York, UTC-4).
  const today = todayLocal(new Date('2026-03-15T02:30:00Z'));

  it('today is the local date', () => expect(today).toBe('2026-03-14'));

  it.each([
    ['2026-03-13', false],
    ['2026-03-14', true],
    ['2026-03-15', true],
    ['2027-01-01', true],
    ['', false],
    ['2026-13-01', false],
  ])('%j allowed: %s', (date, allowed) => {
    expect(isDateAllowed(date, today)).toBe(allowed);
  });
});

describe('validateQuoteForm', () => {
  const today = '2026-03-14';
  const valid = {
    ...emptyForm,
    name: 'Jordan Miles',
    phone: '(919) 555-0199',
    email: 'jordan@example.com',
    date: '2026-03-14',
    time: '9:00 AM',
    line1: '12 Oak St',
    city: 'Cary',
    zip: '27511',
  };
  const m = validationMessages;

  it('accepts a complete form; vehicle, notes and address line 2 are optional', () => {
    expect(validateQuoteForm(valid, today)).toEqual({});
  });

  it.each([
    ['name', { name: '  ' }, { name: m.name }],
    ['phone', { phone: '' }, { phone: m.phone }],
    ['phone too short', { phone: '555-01' }, { phone: m.phoneInvalid }],
    ['email', { email: '' }, { email: m.email }],
    ['email without @', { email: 'jordan.example.com' }, { email: m.emailInvalid }],
    [
      'email that would add a Bcc to a mailto: link (the server refuses it)',
      { email: 'jane%40gmail.com?bcc=attacker%40evil.com&x=@example.com' },
      { email: m.emailInvalid },
    ],
    ['no date and no time (a call-back request)', { date: '', time: '' }, {}],
    ['a date without a time', { date: '2026-03-16', time: '' }, {}],
    ['past date', { date: '2026-03-13', time: '' }, { date: m.datePast }],
    ['a time without a date', { date: '', time: '9:00 AM' }, { time: m.time }],
    ['blank street', { line1: ' ' }, { line1: addressMessages.line1 }],
    ['blank city', { city: '' }, { city: addressMessages.city }],
    ['blank state', { state: '' }, { state: addressMessages.state }],
    ['ZIP of 4 digits', { zip: '2751' }, { zip: addressMessages.zip }],
    ['ZIP+4', { zip: '27511-1234' }, {}],
    ['a town outside the area (a note, not an error)', { city: 'Charlotte' }, {}],
    [
      'no address at all: name, phone and e-mail are enough (we call for the address)',
      { line1: '', line2: '', city: '', zip: '', date: '', time: '' },
      {},
    ],
    [
      'an address begun is checked whole',
      { line1: '', line2: '', city: 'Cary', zip: '' },
      { line1: addressMessages.line1, zip: addressMessages.zip },
    ],
  ])('%s', (_label, change, expected) => {
    expect(validateQuoteForm({ ...valid, ...change }, today)).toEqual(expected);
  });

  it('a time the server did not answer as free that day is refused', () => {
    const monday = { ...valid, date: '2026-03-16', time: '9:00 AM' };
    expect(validateQuoteForm(monday, today, ['4:00 PM', '5:00 PM'])).toEqual({ time: m.time });
    expect(validateQuoteForm(monday, today, ['8:00 AM', '9:00 AM'])).toEqual({});
  });
});

describe('quotePayload', () => {
  const form = {
    ...emptyForm,
    line1: ' 12 Oak St ',
    line2: ' ',
    city: 'Cary ',
    zip: '27511',
    name: ' Jordan Miles ',
    phone: '919-555-0199',
    email: 'jordan@example.com ',
    date: '2026-03-21',
    time: '10:00 AM',
    vehicle: '2021 Honda CR-V',
    message: '',
  };

  it('carries the spec fields and the service address, trimmed, with add-ons in price-list order and the total', () => {
    expect(quotePayload(siteOffer, 'SUV', ['Ceramic Wax', 'Pet Hair Removal'], form)).toEqual({
      name: 'Jordan Miles',
      phone: '919-555-0199',
      email: 'jordan@example.com',
      vehicleType: 'SUV',
      selectedAddons: ['Pet Hair Removal', 'Ceramic Wax'],
      date: '2026-03-21',
      time: '10:00 AM',
      vehicle: '2021 Honda CR-V',
      message: '',
      serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
      totalPrice: 195,
      offerVersion: siteOffer.version,
    });
  });

  it('sends the total and version the visitor was shown after the server repriced the choice', () => {
    const payload = quotePayload(siteOffer, 'SUV', ['Pet Hair Removal'], form, {
      totalPrice: 160,
      offerVersion: 7,
    });
    expect(payload).toMatchObject({ totalPrice: 160, offerVersion: 7 });
  });

  it('leaves out the service address when none was typed (the state is filled in for them)', () => {
    const payload = quotePayload(siteOffer, 'Sedan', [], {
      ...form,
      line1: ' ',
      city: '',
      zip: '',
    });
    expect(payload).not.toHaveProperty('serviceAddress');
  });

  it('leaves out the date and time when none was chosen', () => {
    const payload = quotePayload(siteOffer, 'Sedan', [], { ...form, date: '', time: '' });
    expect(payload).not.toHaveProperty('date');
    expect(payload).not.toHaveProperty('time');
  });

  it('Premium sends every add-on at $200', () => {
    const payload = quotePayload(siteOffer, 'Premium Package', [], form);
    expect(payload.selectedAddons).toEqual(ALL);
    expect(payload.totalPrice).toBe(200);
  });
});
