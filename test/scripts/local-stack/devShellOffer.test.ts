import type { IncomingMessage } from 'node:http';
import { DEFAULT_OFFER } from '../../../domain/offer';
import { PAGE_OFFER_ELEMENT_ID } from '../../../domain/pageOffer';
import { isPageRequest, shellWithOffer } from '../../../scripts/local-stack/devShellOffer';

const SHELL = '<html><head><title>Shine</title></head><body><div id="root"></div></body></html>';

const answer = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("npm start's pages carry the published offer", () => {
  test('the shell gets the published offer as its data block: what differs from the seed', async () => {
    const offer = {
      ...DEFAULT_OFFER,
      vehicleTypes: { ...DEFAULT_OFFER.vehicleTypes, Sedan: { price: 95, description: 'x' } },
      towns: [...DEFAULT_OFFER.towns, 'Fuquay-Varina </script><script>alert(1)</script>'],
    };
    const html = await shellWithOffer(
      SHELL,
      'http://api.test',
      answer({ version: 7, publishedAt: '2026-11-29T12:00:00.000Z', offer }),
    );
    const block = new RegExp(
      `<script type="application/json" id="${PAGE_OFFER_ELEMENT_ID}">(.*?)</script></head>`,
    ).exec(html ?? '');
    expect(block).not.toBeNull();
    // A town's text cannot close the element.
    expect(block![1]).not.toContain('<');
    const carried = JSON.parse(block![1]!) as { version: number; offer: Record<string, unknown> };
    expect(carried.version).toBe(7);
    expect(carried.offer.vehicleTypes).toEqual(offer.vehicleTypes);
    expect(carried.offer.towns).toEqual(offer.towns);
    expect(carried.offer).not.toHaveProperty('addons');
  });

  test('no answer from the API: the shell as the build wrote it', async () => {
    expect(await shellWithOffer(SHELL, 'http://api.test', answer({ error: 'x' }, 503))).toBeNull();
  });

  test('only page requests: not /api, not files, not other methods', () => {
    const request = (url: string, accept = 'text/html', method = 'GET') =>
      ({ url, method, headers: { accept } }) as unknown as IncomingMessage;
    expect(isPageRequest(request('/services'))).toBe(true);
    expect(isPageRequest(request('/dashboard/bookings?x=1'))).toBe(true);
    expect(isPageRequest(request('/api/offer'))).toBe(false);
    expect(isPageRequest(request('/assets/app.js'))).toBe(false);
    expect(isPageRequest(request('/services', 'application/json'))).toBe(false);
    expect(isPageRequest(request('/services', 'text/html', 'POST'))).toBe(false);
  });
});
