// Two formatters, each made once: toLocaleString() with options builds a new one per call
// (a list of prices pays for it on every row).
let whole: Intl.NumberFormat | undefined;
let cents: Intl.NumberFormat | undefined;

/**
 * US dollars as every screen and e-mail writes them: `$145`, `$145.50`, `$1,234`. An amount is
 * taken to the cent first, so arithmetic's binary fractions (1.1 * 100) stay whole dollars.
 */
export function formatUsd(amount: number): string {
  const toCent = Math.round(amount * 100) / 100;
  if (Number.isInteger(toCent)) {
    whole ??= usd(0);
    return whole.format(toCent);
  }
  cents ??= usd(2);
  return cents.format(toCent);
}

function usd(minimumFractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits,
    maximumFractionDigits: 2,
  });
}
