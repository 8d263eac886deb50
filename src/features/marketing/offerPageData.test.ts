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

  it('shows a picture the owner uploaded with its size and its WebP files on the API', () => {
    const offer: Offer = structuredClone(DEFAULT_OFFER);
    const image = { width: 3000, height: 4000, color: '#5a6e82', widths: [480, 720, 960, 1440] };
    offer.gallery = [
      { picture: 'uploads/3f2a9c0d1e4b5a67', alt: 'A white SUV', caption: 'SUV', image },
      DEFAULT_OFFER.gallery[0]!,
      // An upload without its figures (never stored so by the server) is left out.
      { picture: 'uploads/00000000000000aa', alt: 'Nothing', caption: '' },
    ];
    const [uploaded, seeded, ...rest] = offerPageData(offer).gallery;
    const file = (width: number) => `/api/gallery-pictures/3f2a9c0d1e4b5a67-${width}.webp`;
    expect(uploaded).toEqual({
      id: 'uploads/3f2a9c0d1e4b5a67',
      alt: 'A white SUV',
      caption: 'SUV',
      image: {
        width: 3000,
        height: 4000,
        color: '#5a6e82',
        src: file(720),
        srcSet: {
          webp: `${file(480)} 480w, ${file(720)} 720w, ${file(960)} 960w, ${file(1440)} 1440w`,
        },
      },
    });
    expect(seeded?.id).toBe('gallery/01-foam-bath');
    expect(rest).toEqual([]);
  });
});
