/**
 * The offer a booking's new vehicle type is priced by: the one published now (GET /offer, asked
 * when an edit opens), as the server prices it. The dashboard's shell may come from the device
 * (the service worker keeps it from its release), so the offer its code started with can be
 * older than the owner's last publish; until the answer comes, and if it cannot, that one.
 */
import { useGetOfferQuery } from '../../api/endpoints';
import { siteOffer } from '../../config/offer';
import type { Offer } from '../../../domain/offer';

export function usePublishedOffer(asked = true): Offer {
  const { data } = useGetOfferQuery(undefined, { skip: !asked });
  return data?.offer ?? siteOffer.offer;
}
