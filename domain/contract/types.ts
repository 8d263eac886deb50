/**
 * The contract's types under their schema names, for the server and the domain rules. They come
 * from schema.generated.ts (`npm run codegen` writes it from openapi.yaml; never edit it). The app
 * uses the RTK Query endpoints' types in src/api/generated.ts, generated from the same file.
 */
import type { components, operations } from './schema.generated';

/** Every operation of openapi.yaml by its operationId: a table keyed by it misses none. */
export type OperationId = keyof operations;

/**
 * An operation's JSON request body as openapi.yaml declares it (with `undefined` when the body
 * is optional; only `undefined` for an operation without a JSON body).
 */
export type RequestBodyOf<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : operations[Id] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;

/**
 * An operation's query parameters as openapi.yaml declares them (the server validates them and
 * coerces them to these types before a handler runs); any record when it declares none.
 */
export type QueryOf<Id extends OperationId> = operations[Id]['parameters'] extends {
  query?: infer Query;
}
  ? [NonNullable<Query>] extends [never]
    ? Record<string, unknown>
    : NonNullable<Query>
  : Record<string, unknown>;

type Schemas = components['schemas'];

export type Address = Schemas['Address'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type EmailPreferences = Schemas['EmailPreferences'];
export type TextPreferences = Schemas['TextPreferences'];
export type TextKind = Schemas['OwnerText']['kind'];
export type Vehicle = Schemas['Vehicle'];
export type VehicleInput = Schemas['VehicleInput'];
export type Booking = Schemas['Booking'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type Offer = Schemas['Offer'];
export type AddonOffer = Schemas['AddonOffer'];
export type GalleryPicture = Schemas['GalleryPicture'];
export type GalleryUploadImage = Schemas['GalleryUploadImage'];
export type PublishedOffer = Schemas['PublishedOffer'];
export type OfferVersion = Schemas['OfferVersion'];
export type SitePagesUpdate = Schemas['SitePagesUpdate'];
export type OfferVersionSummary = Schemas['OfferVersionSummary'];
export type ClaimableRequest = Schemas['ClaimableRequest'];
export type ClaimDecision = Schemas['ClaimDecision'];
export type BookingUpdate = Schemas['BookingUpdate'];
export type ServicePic = Schemas['ServicePic'];
export type CalendlyBooking = Schemas['CalendlyBooking'];
export type CalendlyWebhookEvent = Schemas['CalendlyWebhookEvent'];
export type Subscription = Schemas['Subscription'];
export type SubscriptionInput = Schemas['SubscriptionInput'];
export type LoyaltyTransaction = Schemas['LoyaltyTransaction'];
export type Loyalty = Schemas['Loyalty'];
export type AccountDeletion = Schemas['AccountDeletion'];
export type AccountExport = Schemas['AccountExport'];
export type OwnerPointsAdjustment = Schemas['OwnerPointsAdjustment'];
export type OwnerHealth = Schemas['OwnerHealth'];
