/**
 * The business's offer as data: the published offer anyone reads, the owner's draft, publishing,
 * versions and restore; bad input refused naming the field with nothing stored; quotes priced by
 * the published offer, a stale total answered 409, and bookings keeping what they were sold.
 */
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { call, quote, serveApiForTests } from './helpers';

type Json = Record<string, unknown>;

const served = serveApiForTests({ quoteRateLimit: { max: 1000, windowMs: 60_000 } });

const OWNER_SUB = 'offer-owner-sub';
const asOwner = async () => {
  const token = await served.idp.ownerToken(OWNER_SUB);
  return (method: string, url: string, body?: unknown) =>
    call(served.api.baseUrl, method, url, { token, body });
};
const anonymous = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { body });

const copy = (): Offer => structuredClone(DEFAULT_OFFER);

/** Runs first: every later test of this file changes the offer. */
describe('before the owner changes anything', () => {
  it('publishes the seeded defaults as version 1, readable without signing in', async () => {
    const answer = await anonymous('GET', '/offer');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ version: 1, offer: DEFAULT_OFFER });
  });

  it('shows the owner the seeded defaults as the published draft, made by the seed', async () => {
    const owner = await asOwner();
    const draft = await owner('GET', '/owner/offer/draft');
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      version: 1,
      createdBy: 'seed',
      published: true,
      restoredFrom: null,
      offer: DEFAULT_OFFER,
    });
  });

  it('refuses the owner operations to visitors (401) and to customers (403)', async () => {
    expect((await anonymous('GET', '/owner/offer/draft')).status).toBe(401);
    const token = await served.idp.idToken('offer-customer', 'offer-customer@example.com');
    const asCustomer = await call(served.api.baseUrl, 'PUT', '/owner/offer/draft', {
      token,
      body: copy(),
    });
    expect(asCustomer.status).toBe(403);
  });
});

describe('bad input is refused naming the field, and nothing is stored', () => {
  const cases: [string, (offer: Offer) => void, string][] = [
    [
      'a negative price',
      (offer) => {
        offer.vehicleTypes.Sedan.price = -5;
      },
      'body/vehicleTypes/Sedan/price',
    ],
    [
      'an absurd price',
      (offer) => {
        offer.addons[2]!.price = 1_000_000;
      },
      'body/addons/2/price',
    ],
    [
      'a duplicate add-on name',
      (offer) => {
        offer.addons[3]!.name = ' pet hair  removal ';
      },
      'body/addons/3/name',
    ],
    [
      'an empty town',
      (offer) => {
        offer.towns[2] = '';
      },
      'body/towns/2',
    ],
    [
      'a review without text',
      (offer) => {
        offer.reviews[1]!.text = '   ';
      },
      'body/reviews/1/text',
    ],
    [
      'a picture twice',
      (offer) => {
        offer.gallery.push({ ...offer.gallery[2]!, caption: 'Again' });
      },
      'body/gallery/14/picture',
    ],
    [
      'a picture without alt text',
      (offer) => {
        offer.gallery[4]!.alt = '';
      },
      'body/gallery/4/alt',
    ],
  ];

  it.each(cases)('%s', async (_name, spoil, field) => {
    const owner = await asOwner();
    const before = (await owner('GET', '/owner/offer/versions')).body as Json[];
    const offer = copy();
    spoil(offer);
    const answer = await owner('PUT', '/owner/offer/draft', offer);
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toContain(field);
    expect((await owner('GET', '/owner/offer/versions')).body).toEqual(before);
  });
});

describe('the owner changes, publishes and restores', () => {
  it('keeps each change as a version with who and when; visitors see it once published', async () => {
    const owner = await asOwner();
    const changed = copy();
    changed.vehicleTypes.SUV.price = 130;
    const saved = await owner('PUT', '/owner/offer/draft', changed);
    expect(saved.status).toBe(200);
    const savedVersion = saved.body as Json;
    expect(savedVersion).toMatchObject({
      createdBy: OWNER_SUB,
      published: false,
      publishedAt: null,
      offer: changed,
    });
    expect(Date.now() - Date.parse(savedVersion.createdAt as string)).toBeLessThan(60_000);
    // Not yet published: visitors still see version 1.
    expect(((await anonymous('GET', '/offer')).body as Json).version).toBe(1);

    const published = await owner('POST', '/owner/offer/publish');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ version: savedVersion.version, offer: changed });
    // The API alone has no public pages to render again (test/server/sitePages.test.ts has).
    const { pages, ...offer } = published.body as Json;
    expect(pages).toEqual({
      status: 'none',
      paths: [],
      message: 'This server has no public pages to update.',
    });
    expect((await anonymous('GET', '/offer')).body).toEqual(offer);

    const versions = (await owner('GET', '/owner/offer/versions')).body as Json[];
    expect(versions[0]).toMatchObject({
      version: savedVersion.version,
      createdBy: OWNER_SUB,
      publishedAt: (published.body as Json).publishedAt,
    });
    expect(versions.at(-1)).toMatchObject({ version: 1, createdBy: 'seed' });
    expect(versions[0]).not.toHaveProperty('offer');
  });

  it('restores an earlier version as a new draft, and answers 404 for one that does not exist', async () => {
    const owner = await asOwner();
    const restored = await owner('POST', '/owner/offer/versions/1/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      restoredFrom: 1,
      createdBy: OWNER_SUB,
      published: false,
      offer: DEFAULT_OFFER,
    });
    expect((await owner('GET', '/owner/offer/draft')).body).toEqual(restored.body);
    const missing = await owner('POST', '/owner/offer/versions/999/restore');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not Found' });
  });

  it('lists the last 20 versions, newest first', async () => {
    const owner = await asOwner();
    for (let price = 91; price <= 112; price += 1) {
      const offer = copy();
      offer.vehicleTypes.Sedan.price = price;
      expect((await owner('PUT', '/owner/offer/draft', offer)).status).toBe(200);
    }
    const versions = (await owner('GET', '/owner/offer/versions')).body as Json[];
    expect(versions).toHaveLength(20);
    const numbers = versions.map((version) => version.version as number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const draft = (await owner('GET', '/owner/offer/draft')).body as Json;
    expect(numbers[0]).toBe(draft.version);
    expect((draft.offer as Offer).vehicleTypes.Sedan.price).toBe(112);
  });
});

describe('quotes are priced by the published offer', () => {
  const publish = async (change: (offer: Offer) => void) => {
    const owner = await asOwner();
    const offer = copy();
    change(offer);
    expect((await owner('PUT', '/owner/offer/draft', offer)).status).toBe(200);
    const published = await owner('POST', '/owner/offer/publish');
    expect(published.status).toBe(200);
    return (published.body as Json).version as number;
  };
  const bookingsOf = async (token: string) =>
    (await call(served.api.baseUrl, 'GET', '/bookings', { token })).body as Json[];

  it('a price change applies to new quotes only; a booking keeps its total and add-ons when an add-on is turned off', async () => {
    await publish(() => undefined);
    const token = await served.idp.idToken('offer-keeper', 'offer-keeper@example.com');
    const send = (body: Json) => call(served.api.baseUrl, 'POST', '/bookings', { token, body });
    const sedan = await send(
      quote({ vehicleType: 'Sedan', selectedAddons: ['Ceramic Wax'], totalPrice: 140 }),
    );
    expect(sedan.status).toBe(201);
    const premium = await send(quote({ vehicleType: 'Premium Package', totalPrice: 200 }));
    expect(premium.status).toBe(201);
    const everyAddon = DEFAULT_OFFER.addons.map((addon) => addon.name);
    expect(premium.body).toMatchObject({ selectedAddons: everyAddon });

    await publish((offer) => {
      offer.vehicleTypes.Sedan.price = 100;
      offer.vehicleTypes['Premium Package'].price = 210;
      offer.addons.find((addon) => addon.name === 'Ceramic Wax')!.enabled = false;
    });

    const listed = await bookingsOf(token);
    const find = (id: unknown) => listed.find((booking) => booking.bookingId === id);
    expect(find((sedan.body as Json).bookingId)).toMatchObject({
      totalPrice: 140,
      selectedAddons: ['Ceramic Wax'],
    });
    expect(find((premium.body as Json).bookingId)).toMatchObject({
      totalPrice: 200,
      selectedAddons: everyAddon,
    });

    // Changed by the customer without changing the type: the stored total and add-ons stay.
    const sedanBooking = sedan.body as Json;
    const changed = await call(
      served.api.baseUrl,
      'PUT',
      `/bookings/${sedanBooking.bookingId as string}`,
      {
        token,
        body: {
          date: sedanBooking.date,
          time: sedanBooking.time,
          vehicleType: 'Sedan',
          vehicle: '2019 Honda Civic',
          totalPrice: 100,
        },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ totalPrice: 140, selectedAddons: ['Ceramic Wax'] });

    // New quotes: the new prices, and the turned-off add-on is not accepted.
    const fresh = await send(quote({ vehicleType: 'Sedan', selectedAddons: [], totalPrice: 100 }));
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ totalPrice: 100 });
    const turnedOff = await send(
      quote({ vehicleType: 'Sedan', selectedAddons: ['Ceramic Wax'], totalPrice: 150 }),
    );
    expect(turnedOff.status).toBe(400);
    expect((turnedOff.body as Json).message).toContain('body/selectedAddons/0');
    const newPremium = await send(quote({ vehicleType: 'Premium Package', totalPrice: 210 }));
    expect(newPremium.body).toMatchObject({ selectedAddons: everyAddon.slice(0, -1) });
  });

  it('answers 409 with the new total to a quote sent from a page loaded before a publish, storing nothing', async () => {
    const seen = await publish((offer) => {
      offer.vehicleTypes.SUV.price = 120;
    });
    const token = await served.idp.idToken('offer-stale', 'offer-stale@example.com');
    const send = (body: Json) => call(served.api.baseUrl, 'POST', '/bookings', { token, body });
    const now = await publish((offer) => {
      offer.vehicleTypes.SUV.price = 135;
    });
    const stale = await send(
      quote({
        vehicleType: 'SUV',
        selectedAddons: ['Pet Hair Removal'],
        totalPrice: 145,
        offerVersion: seen,
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'Conflict', totalPrice: 160, offerVersion: now });
    expect((stale.body as Json).message).toContain('$160');
    expect(await bookingsOf(token)).toEqual([]);

    // Sent again with the total the visitor now saw: stored at that total.
    const again = await send(
      quote({
        vehicleType: 'SUV',
        selectedAddons: ['Pet Hair Removal'],
        totalPrice: 160,
        offerVersion: now,
      }),
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ totalPrice: 160 });
  });

  it('refuses an add-on the offer does not have, naming it', async () => {
    const answer = await anonymous(
      'POST',
      '/bookings',
      quote({ vehicleType: 'Sedan', selectedAddons: ['Gold Plating'], totalPrice: 90 }),
    );
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toContain('body/selectedAddons/0');
  });
});
