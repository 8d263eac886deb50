/**
 * The API's own response headers: every answer says `nosniff` and sends no referrer, and a
 * service picture opened from its signed link runs nothing (a restrictive CSP).
 */
import { completeBooking } from '../../server/bookings/bookings';
import { openDatabase } from '../../server/platform/db';
import { addPicture } from '../../server/pictures/pictures';
import { demoPicture } from '../../server/seed';
import { call, quote, serveApiForTests } from './helpers';

type Json = Record<string, unknown>;

const served = serveApiForTests();

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

/** @fastify/helmet's whole set with the API's options, as every answer carries it. */
const HELMET_SET = {
  'content-security-policy':
    "default-src 'none';img-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'none';sandbox",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  const sent = Object.fromEntries(Object.keys(HELMET_SET).map((name) => [name, headers.get(name)]));
  expect(sent).toEqual(HELMET_SET);
}

it('serves a picture with nosniff, no referrer and a CSP that runs nothing', async () => {
  const token = await served.idp.idToken('pictures-owner', 'pictures-owner@example.com');
  const booked = await call(served.api.baseUrl, 'POST', '/bookings', { token, body: quote() });
  const bookingId = (booked.body as Json).bookingId as string;
  const db = openDatabase(served.api.databasePath);
  try {
    completeBooking(db, bookingId, new Date(), { doneEarly: true });
    addPicture(db, served.api.picturesDir, {
      bookingId,
      data: await demoPicture('After', '#2e86c1'),
      extension: 'jpg',
      description: 'After',
    });
  } finally {
    db.close();
  }
  const listed = await call(served.api.baseUrl, 'GET', `/service-pics?bookingId=${bookingId}`, {
    token,
  });
  const [picture] = listed.body as Json[];
  const response = await fetch(picture?.signedUrl as string);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expectCommonHeaders(response.headers);
  const csp = directives(response.headers.get('content-security-policy'));
  expect(Object.fromEntries(csp)).toEqual({
    'default-src': "'none'",
    'img-src': "'self'",
    'frame-ancestors': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    sandbox: '',
  });
  // The app on its own origin may still show it in an <img>.
  expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
});

it('sends the same headers with JSON answers and errors', async () => {
  for (const answer of [
    await call(served.api.baseUrl, 'GET', '/health'),
    await call(served.api.baseUrl, 'GET', '/profile/me'),
    await call(served.api.baseUrl, 'GET', '/no-such-route'),
  ]) {
    expectCommonHeaders(answer.headers);
    expect(directives(answer.headers.get('content-security-policy')).get('default-src')).toBe(
      "'none'",
    );
  }
});
