import { addressText, isInServiceArea, mapUrl } from './address';
import { DEFAULT_OFFER } from './offer';

const towns = DEFAULT_OFFER.towns;

describe('the service area (docs/product.md §2)', () => {
  it.each([...towns])('%s, NC is in it', (town) => {
    expect(isInServiceArea(town, 'NC', towns)).toBe(true);
  });

  it.each([
    [' wake   FOREST ', 'nc', true],
    ['Holly Springs', 'North Carolina', true],
    ['Cary', '', true],
    ['Charlotte', 'NC', false],
    ['Cary', 'IL', false],
    ['', 'NC', false],
    ['Caryville', 'NC', false],
  ])('%j, %j: %s', (city, state, inside) => {
    expect(isInServiceArea(city, state, towns)).toBe(inside);
  });

  it('follows the offer: a town the owner adds is in it', () => {
    expect(isInServiceArea('Fuquay-Varina', 'NC', towns)).toBe(false);
    expect(isInServiceArea('fuquay-varina', 'NC', [...towns, 'Fuquay-Varina'])).toBe(true);
  });
});

it('writes an address on one line and as a map search that keeps it one query', () => {
  const address = { line1: '1 A&B St', line2: '#4', city: 'Cary', state: 'NC', zip: '27511' };
  expect(addressText(address)).toBe('1 A&B St, #4, Cary, NC 27511');
  // The parts a legacy backend left empty are left out, not written as empty commas.
  expect(addressText({ line1: '', line2: '', city: 'Cary', state: '', zip: '' })).toBe('Cary');
  expect(addressText({ line1: '9 Elm St', city: 'Apex', state: '', zip: '27502' })).toBe(
    '9 Elm St, Apex, 27502',
  );
  expect(addressText(null)).toBe('');
  expect(mapUrl(address)).toBe(
    'https://www.google.com/maps/search/?api=1&query=1%20A%26B%20St%2C%20%234%2C%20Cary%2C%20NC%2027511',
  );
});
