/**
 * The services page with an offer applied, for the owner console's preview of a draft before it
 * is published (src/features/owner/business/OfferPreview.tsx): the marketing feature's own page
 * content, given that offer's page data. Its links do nothing here: following one would leave
 * the console with the form unsaved.
 */
import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import type { Offer } from '../../domain/offer';
import { OfferPageDataProvider, offerPageData } from '../features/marketing/offerPageData';
import { ServicesContent } from '../features/marketing/pages/ServicesPage';

const stayHere = (event: MouseEvent) => {
  if ((event.target as Element).closest('a')) event.preventDefault();
};

export function renderServicesPreview(offer: Offer) {
  return (
    <OfferPageDataProvider value={offerPageData(offer)}>
      <Box onClickCapture={stayHere}>
        <ServicesContent />
      </Box>
    </OfferPageDataProvider>
  );
}
