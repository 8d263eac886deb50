import { isValidZip } from '../../../domain/address';
import {
  isValidMobile,
  toProfileUpdate,
  validateProfile,
  type ProfileFormValues,
} from './profileForm';

const valid: ProfileFormValues = {
  name: 'Jordan',
  phone: '',
  mobile: '9195550101',
  line1: '12 Oak St',
  line2: '',
  city: 'Cary',
  state: 'NC',
  zip: '27511',
};

describe('profile form rules (docs/product.md §5)', () => {
  it.each([
    ['9195550101', true],
    ['(919) 555-0101', true],
    ['+1 919 555 0101', true],
    ['19195550101', true],
    ['29195550101', false],
    ['919555010', false],
    ['919555010122', false],
    ['', false],
  ])('mobile %j valid: %s', (mobile, ok) => {
    expect(isValidMobile(mobile)).toBe(ok);
  });

  it.each([
    ['27511', true],
    [' 27511 ', true],
    ['27511-1234', true],
    ['275111234', false],
    ['2751', false],
    ['27511-123', false],
    ['ABCDE', false],
  ])('zip %j valid: %s', (zip, ok) => {
    expect(isValidZip(zip)).toBe(ok);
  });

  it('accepts a complete form and rejects blank required fields', () => {
    expect(validateProfile(valid)).toEqual({});
    expect(
      validateProfile({ ...valid, name: ' ', line1: '', city: '\t', state: '', zip: '' }),
    ).toEqual({
      name: 'Name is required.',
      line1: 'Address line 1 is required.',
      city: 'City is required.',
      state: 'State is required.',
      zip: 'ZIP must be 5 or 9 digits.',
    });
  });

  it('trims every string and keeps the last 10 digits of the mobile', () => {
    expect(
      toProfileUpdate(
        {
          name: ' Jordan ',
          phone: ' 919-555-0100 ',
          mobile: '+1 (919) 555-0101',
          line1: ' 12 Oak St ',
          line2: ' ',
          city: ' Cary',
          state: 'NC ',
          zip: ' 27511 ',
        },
        ' jordan@example.com ',
      ),
    ).toEqual({
      name: 'Jordan',
      email: 'jordan@example.com',
      phone: '919-555-0100',
      mobile: '9195550101',
      serviceAddress: { line1: '12 Oak St', line2: '', city: 'Cary', state: 'NC', zip: '27511' },
    });
  });
});
