import { DEFAULT_OFFER } from './offer';
import { pageOffer, pageOfferElement, SEEDED_SITE_OFFER, siteOfferOf } from './pageOffer';

describe("a page's offer", () => {
  it('carries only what differs from the seeded defaults, and reads back to the whole offer', () => {
    expect(pageOffer(SEEDED_SITE_OFFER, ['header', 'quote'])).toEqual({ version: 1, offer: {} });
    const offer = structuredClone(DEFAULT_OFFER);
    offer.vehicleTypes.Sedan.price = 95;
    offer.gallery = offer.gallery.slice(1);
    const page = pageOffer({ version: 4, offer }, ['header', 'quote']);
    expect(page).toEqual({ version: 4, offer: { vehicleTypes: offer.vehicleTypes } });
    expect(siteOfferOf(page).offer.vehicleTypes.Sedan.price).toBe(95);
    // The pictures only beside the slideshow.
    expect(Object.keys(pageOffer({ version: 4, offer }, ['gallery']).offer)).toEqual([
      'vehicleTypes',
      'gallery',
    ]);
    expect(siteOfferOf(pageOffer({ version: 4, offer }, ['gallery']))).toEqual({
      version: 4,
      offer,
    });
  });

  it('cannot close its element, whatever the owner typed', () => {
    const offer = structuredClone(DEFAULT_OFFER);
    offer.towns = ['</script><script>alert(1)</script>'];
    const element = pageOfferElement(pageOffer({ version: 2, offer }, []));
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).toContain('\\u003c/script>');
  });
});
