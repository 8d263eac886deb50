import { screen, within } from '@testing-library/react';
import { renderApp } from '../testing/render';
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { renderServicesPreview } from './OfferServicesPreview';

const draft: Offer = {
  ...DEFAULT_OFFER,
  vehicleTypes: { ...DEFAULT_OFFER.vehicleTypes, Sedan: { price: 95, description: 'four doors' } },
  addons: [
    ...DEFAULT_OFFER.addons,
    { name: 'Engine Bay Cleaning', price: 40, minutes: 30, enabled: true },
  ],
};

it("renders the services page's prices from the draft it is given, not the site's", async () => {
  renderApp('/owner/business', {
    routes: [{ path: '/owner/business', element: <>{renderServicesPreview(draft)}</> }],
  });
  const prices = (await screen.findByRole('heading', { name: 'Prices by vehicle' })).parentElement!;
  const sedan = within(prices).getByText('Sedan', { exact: true }).closest('li')!;
  expect(sedan).toHaveTextContent('four doors');
  expect(sedan).toHaveTextContent('$95');
  const addon = screen.getByText('Engine Bay Cleaning').closest('li')!;
  expect(addon).toHaveTextContent('$40');
  expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
});
