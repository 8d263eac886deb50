import { formatUsd } from './money';

describe('formatUsd: US dollars as a person reads them', () => {
  it.each([
    [0, '$0'],
    [90, '$90'],
    [145.5, '$145.50'],
    [99.99, '$99.99'],
    [1234, '$1,234'],
    [1234.5, '$1,234.50'],
    [0.1, '$0.10'],
    [-25, '-$25'],
    // Arithmetic on prices leaves binary fractions: whole dollars stay whole, cents stay two.
    [1.1 * 100, '$110'],
    [0.1 + 0.2, '$0.30'],
  ])('%p is %p', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });
});
