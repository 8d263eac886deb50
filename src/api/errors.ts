/** The error kinds the base query produces (docs/product.md §8 transport). */
export interface ApiHttpError {
  kind: 'http';
  status: number;
  /** `API {status}: {body text}` */
  message: string;
  /** The server's own explanation (the JSON body's `message`), or the body text. */
  serverMessage: string;
}
export interface ApiNetworkError {
  kind: 'network';
  status: 'FETCH_ERROR';
  message: string;
  serverMessage: string;
}
export type ApiError = ApiHttpError | ApiNetworkError;

export const NETWORK_ERROR_MESSAGE = 'Network error';

/** Shown while the base query sends a request again after a 503 (the service busy for a moment). */
export const BUSY_RETRY_MESSAGE = 'Busy for a moment, trying again';

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    ((value as ApiError).kind === 'http' || (value as ApiError).kind === 'network')
  );
}

/**
 * The message to show for a failed call: the server's explanation when it gave one,
 * "Network error" when the server could not be reached, else the fallback text the spec
 * names for that screen (a bare "API 500: " tells a customer nothing).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error))
    return error.serverMessage || (error.kind === 'network' ? error.message : fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The JSON body of an http error, or null when it has none. */
function errorBody(error: ApiHttpError): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(error.message.slice(`API ${error.status}: `.length));
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The published offer's total and version of a 409 that refused a quote because the prices
 * changed since the page was loaded (the contract's PriceChanged); null for any other failure.
 */
export function priceChange(error: unknown): { totalPrice: number; offerVersion: number } | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 409) return null;
  const body = errorBody(error);
  const { totalPrice, offerVersion } = body ?? {};
  if (typeof totalPrice !== 'number' || !Number.isFinite(totalPrice) || totalPrice < 0) return null;
  if (typeof offerVersion !== 'number' || !Number.isInteger(offerVersion)) return null;
  return { totalPrice, offerVersion };
}

/** A free time the server offered instead of a taken one (the contract's SlotTaken `nearest`). */
export interface FreeTime {
  date: string;
  time: string;
}

/**
 * The nearest free times of a 409 that refused a time as not free (the contract's SlotTaken,
 * which holds `nearest`, empty when nothing is free soon); null for any other failure.
 */
export function slotRefusal(error: unknown): FreeTime[] | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 409) return null;
  const nearest = errorBody(error)?.nearest;
  if (!Array.isArray(nearest)) return null;
  return nearest.filter(
    (item): item is FreeTime =>
      typeof (item as FreeTime).date === 'string' && typeof (item as FreeTime).time === 'string',
  );
}

/** The nearest free times a 409 answer offered; none for any other failure. */
export const nearestFreeTimes = (error: unknown): FreeTime[] => slotRefusal(error) ?? [];
