/**
 * A new `Idempotency-Key` (openapi.yaml): 32 random hex digits (crypto.getRandomValues works
 * outside secure contexts too). One per quote (src/features/quote/QuoteSection.tsx) and one per
 * action kept offline (src/api/actionQueue.ts).
 */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
