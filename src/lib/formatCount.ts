// One formatter, made on first use: Number's toLocaleString() builds a new one per call.
let counts: Intl.NumberFormat | undefined;

/** A whole count with US digit grouping: 1,655. */
export function formatCount(n: number): string {
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(n);
}
