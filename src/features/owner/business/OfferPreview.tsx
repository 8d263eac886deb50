/**
 * How the "Your business" screen shows the services page with a draft applied. A feature imports
 * no other feature, so the page itself comes from src/app (src/app/OwnerGate.tsx passes it to the
 * console's routes), which renders the marketing feature's services page from an offer.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Offer } from '../../../../domain/offer';

export type RenderOfferPreview = (offer: Offer) => ReactNode;

const OfferPreviewContext = createContext<RenderOfferPreview | null>(null);

export function OfferPreviewProvider({
  render,
  children,
}: {
  render: RenderOfferPreview | undefined;
  children: ReactNode;
}) {
  return (
    <OfferPreviewContext.Provider value={render ?? null}>{children}</OfferPreviewContext.Provider>
  );
}

/** The services page for an offer, or null when the console was given none. */
export const useOfferPreview = () => useContext(OfferPreviewContext);
