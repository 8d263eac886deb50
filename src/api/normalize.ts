/**
 * Response normalisers: whatever shape a backend answers (canonical or legacy, see
 * openapi.yaml), the app works with these types. Pure; never throw.
 *
 * The types come from the contract's schemas (src/api/generated.ts): `Normalized<S>` makes every
 * field of schema S present and non-null, so a field added to openapi.yaml is a compile error in
 * its normaliser until it fills it. Where the app's shape differs from the schema on purpose
 * (a booking's appointment instant, a loose status text), `Covers` names the schema's fields the
 * type leaves out, and a new field is a compile error there too.
 */
import { firstOf, toList, toNumber, toRecord, toText } from '../../domain/unwrap';
import { mapStatus, rawExternalStatus, rawWebsiteStatus, type BookingStatus } from '../lib/status';
import { DEFAULT_SERVICE_NAME } from '../../domain/business';
import { bookingInstant, parseDate, toIsoOrEmpty } from '../../domain/dates';
import { vehicleName } from '../../domain/vehicle';
import { addressText } from '../../domain/address';
import type * as Contract from './generated';

/** A contract schema as the app holds it: every field present, none null, nested ones too. */
export type Normalized<S> = { [K in keyof S]-?: NormalizedValue<NonNullable<S[K]>> };
type NormalizedValue<V> = V extends (infer I)[]
  ? NormalizedValue<I>[]
  : V extends object
    ? Normalized<V>
    : V;

/**
 * `true` when every field of `Schema` is in `App` or named in `LeftOut` (fields the app does not
 * keep, or keeps under another name); otherwise a type naming the missing fields, which `true`
 * is not assignable to.
 */
export type Covers<App, Schema, LeftOut extends keyof Schema = never> = [
  Exclude<keyof Schema, keyof App | LeftOut>,
] extends [never]
  ? true
  : { missingFromTheAppType: Exclude<keyof Schema, keyof App | LeftOut> };

export type Address = Normalized<Contract.Address>;
export type Profile = Normalized<Contract.Profile>;
export type Vehicle = Normalized<Contract.Vehicle>;
/** Which optional e-mails the customer wants (on unless turned off). */
export type EmailChoices = Normalized<Contract.EmailPreferences>;
export interface BookingVehicle {
  /** What to show; '' when only an id is known. */
  text: string;
  /** Set when the booking refers to a stored vehicle. */
  vehicleId: string;
}
export interface WebsiteBooking extends Omit<WebsiteBookingFields, 'vehicleType' | 'status'> {
  /** The appointment instant (ISO), '' when the date is unknown. */
  startsAt: string;
  vehicleType: string;
  vehicle: BookingVehicle;
  status: BookingStatus;
  /** The raw status text, trimmed (for "upcoming": booked, scheduled or confirmed). */
  rawStatus: string;
  source: string;
  /** Where the job is: the request's service address on one line ('' when none was sent). */
  address: string;
}
export interface ExternalBooking {
  bookingId: string;
  startsAt: string;
  serviceName: string;
  status: BookingStatus;
  rawStatus: string;
  vehicle: string;
  vehicleType: string;
  source: 'Calendly';
  /** The scheduling service's own reschedule and cancel pages ('' when not sent, or not https). */
  rescheduleUrl: string;
  cancelUrl: string;
}
/**
 * The app's booking: the schema's fields it shows, with the vehicle as text or a stored
 * vehicle's id, the appointment instant and the raw status next to the mapped one.
 */
type WebsiteBookingFields = Omit<
  Normalized<Contract.Booking>,
  'vehicle' | 'source' | BookingFieldsNotShown
>;
/** The request's contact and message fields: the owner's, not shown in the customer's lists. */
type BookingFieldsNotShown = 'name' | 'phone' | 'message' | 'serviceAddress';
const bookingCovered: Covers<WebsiteBooking, Contract.Booking, BookingFieldsNotShown> = true;
const externalBookingCovered: Covers<ExternalBooking, Contract.CalendlyBooking, 'startTime'> = true;
void bookingCovered;
void externalBookingCovered;
export type ServicePic = Normalized<Contract.ServicePic>;
export type SubscriptionPlan = Contract.Subscription['plan'];
/** Plan and status stay text: an unknown value from an older backend is shown, not dropped. */
export type Subscription = Omit<Normalized<Contract.Subscription>, 'plan' | 'status'> & {
  plan: string;
  status: string;
};
/** The type stays text for the same reason (a type this app does not know yet). */
export type LoyaltyTransactionType = Contract.LoyaltyTransaction['type'] | (string & {});
export type LoyaltyTransaction = Omit<Normalized<Contract.LoyaltyTransaction>, 'type'> & {
  type: LoyaltyTransactionType;
};
export type Loyalty = Omit<Normalized<Contract.Loyalty>, 'transactions'> & {
  transactions: LoyaltyTransaction[];
};

export const DEFAULT_EXTERNAL_SERVICE = 'Calendly Event';

/** A service address as the forms hold it: every part text, '' when absent. */
function normalizeAddress(raw: unknown): Profile['serviceAddress'] {
  const a = toRecord(raw);
  return {
    line1: toText(a.line1),
    line2: toText(a.line2),
    city: toText(a.city),
    state: toText(a.state),
    zip: toText(a.zip),
  };
}

export function normalizeProfile(raw: unknown): Profile {
  const r = toRecord(raw);
  return {
    userId: toText(r.userId),
    email: toText(r.email),
    name: toText(r.name),
    phone: toText(r.phone),
    mobile: toText(r.mobile),
    serviceAddress: normalizeAddress(r.serviceAddress),
    // A backend that keeps no preferences sends none: everything is on.
    emailPreferences: {
      reminders: toRecord(r.emailPreferences).reminders !== false,
      statusUpdates: toRecord(r.emailPreferences).statusUpdates !== false,
    },
    // A backend that sends no texts says nothing: every text off, no number.
    textPreferences: {
      reminders: toRecord(r.textPreferences).reminders === true,
      statusUpdates: toRecord(r.textPreferences).statusUpdates === true,
      number: toText(toRecord(r.textPreferences).number),
      stopped: toRecord(r.textPreferences).stopped === true,
    },
  };
}

export function normalizeVehicle(raw: unknown): Vehicle {
  const r = toRecord(raw);
  return {
    vehicleId: toText(firstOf(r, ['vehicleId', 'id', '_id'])),
    make: toText(r.make),
    model: toText(r.model),
    year: toNumber(r.year),
    licensePlate: toText(r.licensePlate),
  };
}

const HEX_ID = /^[0-9a-f]{24}$/i;

function normalizeBookingVehicle(raw: unknown): BookingVehicle {
  const r = toRecord(raw);
  if (Object.keys(r).length > 0) {
    const v = normalizeVehicle(r);
    return { text: vehicleName(v), vehicleId: v.vehicleId };
  }
  const text = toText(raw);
  return HEX_ID.test(text) ? { text: '', vehicleId: text } : { text, vehicleId: '' };
}

export function normalizeWebsiteBooking(raw: unknown): WebsiteBooking {
  const r = toRecord(raw);
  const rawStatus = toText(rawWebsiteStatus(r));
  const date = toText(r.date);
  const time = toText(r.time);
  const instant = bookingInstant(date, time);
  return {
    bookingId: toText(firstOf(r, ['bookingId', 'id', '_id'])),
    userId: toText(r.userId),
    email: toText(r.email),
    date,
    time,
    startsAt: instant ? instant.toISOString() : '',
    vehicleType: toText(r.vehicleType),
    vehicle: normalizeBookingVehicle(r.vehicle),
    selectedAddons: toList(r.selectedAddons).map(toText).filter(Boolean),
    totalPrice: toNumber(r.totalPrice),
    status: rawStatus === '' ? 'Booked' : mapStatus(rawStatus),
    rawStatus: rawStatus === '' ? 'booked' : rawStatus.toLowerCase(),
    // Absent (an older backend): nothing says the owner still has to confirm it.
    awaitingConfirmation: r.awaitingConfirmation === true,
    source: toText(r.source),
    serviceName: toText(firstOf(r, ['serviceName', 'service'])) || DEFAULT_SERVICE_NAME,
    createdAt: toIsoOrEmpty(r.createdAt),
    address: addressText(normalizeAddress(r.serviceAddress)),
  };
}

/** A link the page may follow: an absolute https URL, else ''. */
function httpsUrl(raw: unknown): string {
  const text = toText(raw);
  try {
    return new URL(text).protocol === 'https:' ? text : '';
  } catch {
    return '';
  }
}

export function normalizeExternalBooking(raw: unknown): ExternalBooking {
  const r = toRecord(raw);
  const rawStatus = toText(rawExternalStatus(r));
  return {
    bookingId: toText(firstOf(r, ['bookingId', 'id', 'uri'])),
    startsAt: toIsoOrEmpty(r.startTime),
    serviceName: toText(firstOf(r, ['serviceName', 'service'])) || DEFAULT_EXTERNAL_SERVICE,
    status: rawStatus === '' ? 'Booked' : mapStatus(rawStatus),
    rawStatus: rawStatus === '' ? 'booked' : rawStatus.toLowerCase(),
    vehicle: toText(r.vehicle),
    vehicleType: toText(r.vehicleType),
    source: 'Calendly',
    rescheduleUrl: httpsUrl(r.rescheduleUrl),
    cancelUrl: httpsUrl(r.cancelUrl),
  };
}

export function normalizeServicePic(raw: unknown): ServicePic {
  const r = toRecord(raw);
  return {
    signedUrl: toText(r.signedUrl),
    bookingId: toText(r.bookingId),
    description: toText(r.description),
    uploadedAt: toIsoOrEmpty(r.uploadedAt),
  };
}

export function normalizeSubscription(raw: unknown, now: Date = new Date()): Subscription {
  const r = toRecord(raw);
  return {
    subscriptionId: toText(firstOf(r, ['subscriptionId', 'id'])),
    userId: toText(r.userId),
    plan: toText(r.plan),
    status: toText(r.status).toLowerCase() || 'active',
    createdAt: toIsoOrEmpty(r.createdAt) || now.toISOString(),
  };
}

export function normalizeLoyaltyTransaction(raw: unknown, index: number): LoyaltyTransaction {
  const r = toRecord(raw);
  const date = parseDate(r.date);
  return {
    id: toText(r.id) || `tx-${index}`,
    date: date ? date.toISOString() : '',
    type: toText(r.type).toLowerCase() || 'earn',
    // The sign is kept: a negative adjustment stays negative (docs/product.md §4).
    points: toNumber(r.points),
    source: toText(r.source),
  };
}

/** True when a loyalty answer carries no account (legacy backends answered {} or null). */
export function isEmptyLoyalty(raw: unknown): boolean {
  const r = toRecord(raw);
  return firstOf(r, ['points', 'totalPoints', 'transactions', 'userId']) === undefined;
}

export function normalizeLoyalty(raw: unknown): Loyalty {
  const r = toRecord(raw);
  return {
    userId: toText(r.userId),
    email: toText(r.email),
    points: toNumber(firstOf(r, ['points', 'totalPoints'])),
    transactions: toList(r.transactions).map(normalizeLoyaltyTransaction),
    createdAt: toIsoOrEmpty(r.createdAt),
    lastUpdated: toIsoOrEmpty(r.lastUpdated),
  };
}

export const emptyLoyalty: Loyalty = {
  userId: '',
  email: '',
  points: 0,
  transactions: [],
  createdAt: '',
  lastUpdated: '',
};

/** A list answer as a list of normalised items ([] when the answer is not a list). */
export function normalizeList<T>(raw: unknown, item: (value: unknown) => T): T[] {
  const list = toList(raw);
  const wrapped = toRecord(raw);
  const items = list.length > 0 ? list : toList(firstOf(wrapped, ['items', 'Items', 'data']));
  return items.map((value) => item(value));
}
