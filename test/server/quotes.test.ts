/** Anonymous quotes under load and the per-address rate limit. */
import { openDatabase } from '../../server/platform/db';
import { mailFromEnv } from '../../server/platform/config';
import { renderMessage } from '../../server/mail/worker';
import type { OutboxRow } from '../../server/mail/outbox';
import { call, quote, startApi, startIdentityProvider, type IdentityProvider } from './helpers';

type Json = Record<string, unknown>;

let idp: IdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider();
});

afterAll(async () => {
  await idp.close();
});

it('stores exactly 200 rows for 200 concurrent anonymous quotes', async () => {
  const api = await startApi(idp, { quoteRateLimit: { max: 1000, windowMs: 60_000 } });
  try {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        call(api.baseUrl, 'POST', '/bookings', {
          body: quote({ email: `visitor${index}@example.com` }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    const ids = new Set(answers.map((answer) => (answer.body as Json).bookingId));
    expect(ids.size).toBe(200);

    const db = openDatabase(api.databasePath);
    try {
      const rows = db.prepare('SELECT booking_id, email FROM bookings').all() as {
        booking_id: string;
        email: string;
      }[];
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((row) => row.booking_id))).toEqual(ids);
      expect(new Set(rows.map((row) => row.email)).size).toBe(200);
    } finally {
      db.close();
    }
  } finally {
    await api.close();
  }
});

it('accepts a call-back request without a preferred date and time (docs/product.md §5)', async () => {
  const api = await startApi(idp);
  try {
    const body = quote();
    delete body.date;
    delete body.time;
    const answer = await call(api.baseUrl, 'POST', '/bookings', { body });
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('date');
    expect(answer.body).not.toHaveProperty('time');
    expect(answer.body).toMatchObject({ name: 'Sam Carter', status: 'Booked' });
  } finally {
    await api.close();
  }
});

describe("a visitor's service address (docs/product.md §4)", () => {
  const address = { line1: ' 12 Oak St ', line2: 'Apt 4', city: 'Cary', state: 'NC', zip: '27511' };
  const stored = { line1: '12 Oak St', line2: 'Apt 4', city: 'Cary', state: 'NC', zip: '27511' };

  it("is stored and answered, in the owner's e-mail but not in the confirmation to the visitor", async () => {
    const api = await startApi(idp);
    try {
      const answer = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote({ serviceAddress: address }),
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ userId: null, serviceAddress: stored });

      const db = openDatabase(api.databasePath);
      try {
        const row = db
          .prepare('SELECT service_address FROM bookings WHERE booking_id = ?')
          .get((answer.body as Json).bookingId) as { service_address: string };
        expect(JSON.parse(row.service_address)).toEqual(stored);
        const mails = (db.prepare('SELECT * FROM outbox').all() as OutboxRow[]).map((row) => ({
          audience: row.audience,
          ...renderMessage(row, mailFromEnv({})),
        }));
        const owner = mails.find((mail) => mail.audience === 'owner');
        const customer = mails.find((mail) => mail.audience === 'customer');
        expect(owner?.text).toContain('Service address: 12 Oak St, Apt 4, Cary, NC 27511');
        expect(owner?.html).toContain(
          'href="https://www.google.com/maps/search/?api=1&amp;query=12%20Oak%20St%2C%20Apt%204%2C%20Cary%2C%20NC%2027511"',
        );
        // To an address no account has verified: nothing the sender typed.
        expect(customer?.text).toContain('We received a quote request');
        expect(customer?.text).not.toContain('Sam Carter');
        expect(customer?.text).not.toContain('Oak St');
        expect(customer?.html).not.toContain('Oak St');
      } finally {
        db.close();
      }
    } finally {
      await api.close();
    }
  });

  it('answers 400 naming the field for a bad ZIP or a blank street, city or state', async () => {
    const api = await startApi(idp, { quoteRateLimit: { max: 1000, windowMs: 60_000 } });
    try {
      const cases: [Record<string, string>, string][] = [
        [{ zip: '2751' }, 'body/serviceAddress/zip'],
        [{ zip: '27511-12' }, 'body/serviceAddress/zip'],
        [{ line1: '   ' }, 'body/serviceAddress/line1'],
        [{ city: '' }, 'body/serviceAddress/city'],
        [{ state: ' ' }, 'body/serviceAddress/state'],
      ];
      for (const [change, field] of cases) {
        const answer = await call(api.baseUrl, 'POST', '/bookings', {
          body: quote({ serviceAddress: { ...address, ...change } }),
        });
        expect([field, answer.status]).toEqual([field, 400]);
        expect((answer.body as Json).message).toContain(field);
      }
    } finally {
      await api.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once an address has sent its quotes, per address', async () => {
    const api = await startApi(idp, {
      quoteRateLimit: { max: 3, windowMs: 60_000 },
      trustProxy: 1,
    });
    try {
      const from = (address: string) => ({
        'x-forwarded-for': address,
        origin: 'http://localhost:3000',
      });
      for (let index = 0; index < 3; index += 1) {
        const ok = await call(api.baseUrl, 'POST', '/bookings', {
          body: quote(),
          headers: from('203.0.113.7'),
        });
        expect(ok.status).toBe(201);
      }
      const limited = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote(),
        headers: from('203.0.113.7'),
      });
      expect(limited.status).toBe(429);
      expect((limited.body as Json).error).toBe('Too Many Requests');
      expect((limited.body as Json).message).toMatch(/^Too many quote requests; try again in /);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');

      // Invalid requests count too: the limit is checked before anything else.
      const stillLimited = await call(api.baseUrl, 'POST', '/bookings', {
        body: {},
        headers: from('203.0.113.7'),
      });
      expect(stillLimited.status).toBe(429);

      // Another address has its own allowance; a signed-in customer is not limited.
      const other = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote(),
        headers: from('198.51.100.2'),
      });
      expect(other.status).toBe(201);
      const token = await idp.idToken('limited-user', 'limited@example.com');
      const signedIn = await call(api.baseUrl, 'POST', '/bookings', {
        token,
        body: quote(),
        headers: from('203.0.113.7'),
      });
      expect(signedIn.status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const api = await startApi(idp, { quoteRateLimit: { max: 1, windowMs: 60_000 } });
    try {
      const first = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote(),
        headers: { 'x-forwarded-for': '203.0.113.1' },
      });
      const second = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote(),
        headers: { 'x-forwarded-for': '203.0.113.2' },
      });
      expect([first.status, second.status]).toEqual([201, 429]);
    } finally {
      await api.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('stores a repeated quote once and answers it the same; another body with the key is 422', async () => {
    const api = await startApi(idp, { corsOrigins: ['https://site.example'] });
    try {
      const key = 'quote-3f0c9a2e-4b1d-4e8a-9f3c-1a2b3c4d5e6f';
      const body = quote({ email: 'twice@example.com' });
      const send = (sent: Json, headers: Record<string, string> = { 'idempotency-key': key }) =>
        call(api.baseUrl, 'POST', '/bookings', { body: sent, headers });
      const first = await send(body);
      const again = await send(body);
      expect(first.status).toBe(201);
      expect({ status: again.status, body: again.body }).toEqual({
        status: first.status,
        body: first.body,
      });
      const other = await send({ ...body, name: 'Someone Else' });
      expect(other.status).toBe(422);
      expect((other.body as Json).message).toMatch(/already used for a different quote/);
      // Without a key, or with another one, each request is a quote of its own (at a time of
      // its own: the first one holds its time).
      const elsewhere = () => {
        const { date, time } = quote();
        return { ...body, date, time };
      };
      expect((await send(elsewhere(), {})).status).toBe(201);
      expect((await send(elsewhere(), { 'idempotency-key': `${key}-2` })).status).toBe(201);
      expect((await send(body, { 'idempotency-key': 'short' })).status).toBe(400);

      // The same key from a signed-in customer is that customer's own.
      const token = await idp.idToken('twice-sub', 'twice@example.com');
      const signedIn = await call(api.baseUrl, 'POST', '/bookings', {
        body: elsewhere(),
        token,
        headers: { 'idempotency-key': key },
      });
      expect(signedIn.status).toBe(201);
      expect((signedIn.body as Json).bookingId).not.toBe((first.body as Json).bookingId);

      const db = openDatabase(api.databasePath);
      try {
        const rows = db
          .prepare("SELECT COUNT(*) AS n FROM bookings WHERE email = 'twice@example.com'")
          .get() as { n: number };
        expect(rows.n).toBe(4);
      } finally {
        db.close();
      }
      // A browser on the site may send the header.
      const preflight = await fetch(`${api.baseUrl}/bookings`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://site.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,idempotency-key',
        },
      });
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'idempotency-key',
      );
    } finally {
      await api.close();
    }
  });

  it('forgets a key after 24 hours', async () => {
    const api = await startApi(idp);
    try {
      const headers = { 'idempotency-key': 'day-old-key-0123456789' };
      const first = await call(api.baseUrl, 'POST', '/bookings', { body: quote(), headers });
      const db = openDatabase(api.databasePath);
      try {
        const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
        db.prepare('UPDATE idempotency_keys SET created_at = ?').run(dayAgo);
      } finally {
        db.close();
      }
      const later = await call(api.baseUrl, 'POST', '/bookings', { body: quote(), headers });
      expect(later.status).toBe(201);
      expect((later.body as Json).bookingId).not.toBe((first.body as Json).bookingId);
    } finally {
      await api.close();
    }
  });
});
