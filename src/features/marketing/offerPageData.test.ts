import { DEFAULT_OFFER, type Offer } from '../../../domain/offer';
import { offerPageData, sitePageData } from './offerPageData';

describe('the public pages’ data is a function of the offer', () => {
  it('shows the seeded offer on the prerendered pages', () => {
    expect(sitePageData).toEqual(offerPageData(DEFAULT_OFFER));
    expect(sitePageData.startingPrice).toBe(90);
    expect(sitePageData.premium).toEqual({ listPrice: 250, saving: 50, percentOff: 20 });
    expect(sitePageData.townsText).toBe(
      'Cary, Apex, Morrisville, Durham, Raleigh, Holly Springs, Garner and Wake Forest',
    );
    expect(sitePageData.gallery).toHaveLength(14);
  });

  it('follows a changed offer: prices, turned-off add-ons, plans, towns, reviews and pictures', () => {
    const offer: Offer = structuredClone(DEFAULT_OFFER);
    offer.vehicleTypes.Sedan.price = 80;
    offer.vehicleTypes['Premium Package'].price = 220;
    offer.premiumSaving = 30;
    offer.addons[1]!.enabled = false;
    offer.addons.reverse();
    offer.plans.monthly.pricePerVisit = 95;
    offer.towns = ['Cary', 'Fuquay-Varina'];
    offer.reviews = [{ name: 'Sam T.', town: 'Fuquay-Varina', rating: 4, text: 'Great work.' }];
    offer.gallery = [
      { picture: 'gallery/05-suv-rinse', alt: 'A white SUV rinsed', caption: 'Rinse' },
      { picture: 'gallery/99-not-a-picture', alt: 'Gone', caption: '' },
    ];
    const data = offerPageData(offer);
    expect(data.startingPrice).toBe(80);
    expect(data.highestPrice).toBe(220);
    expect(data.premium).toEqual({ listPrice: 250, saving: 30, percentOff: 12 });
    expect(data.addons.map((addon) => addon.name)).toEqual([
      'Ceramic Wax',
      'Hydrophobic Coating',
      'Vinyl Protection',
      'Leather Conditioning',
      'Tire Shine & Wheel Detail',
    ]);
    expect(data.plans.map((plan) => [plan.plan, plan.pricePerVisit])).toEqual([
      ['weekly', 70],
      ['biweekly', 80],
      ['monthly', 95],
    ]);
    expect(data.townsText).toBe('Cary and Fuquay-Varina');
    expect(data.reviews).toEqual(offer.reviews);
    // A reference to a picture the site does not have is left out.
    expect(data.gallery.map((image) => [image.id, image.alt])).toEqual([
      ['gallery/05-suv-rinse', 'A white SUV rinsed'],
    ]);
  });
});
