// Two formatters, each made once: toLocaleString() with options builds a new one per call
// (a list of prices pays for it on every row).
let whole: Intl.NumberFormat | undefined;
let cents: Intl.NumberFormat | undefined;

/** US dollar display: $145 or $145.50. */
export function formatUsd(amount: number): string {
  if (Number.isInteger(amount)) {
    whole ??= usd(0);
    return whole.format(amount);
  }
  cents ??= usd(2);
  return cents.format(amount);
}

function usd(minimumFractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits,
    maximumFractionDigits: 2,
  });
}
