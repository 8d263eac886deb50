/**
 * Dredd 14 hooks for running openapi.yaml against any backend:
 *
 *   DREDD_TOKEN=<id token> DREDD_WEBHOOK_KEY=<Calendly signing key> \
 *     npx dredd openapi.yaml <base URL> --hookfiles test/contract/dredd-hooks.cjs
 *
 * Dredd sends each operation's example request once per declared answer. These hooks give
 * the requests what examples cannot: the customer's token, ids of records the customer
 * owns (created first, through the API), dates in the future, a webhook signature, and for
 * each refusal the request that should be refused. Answers no request can bring about on
 * a healthy backend (403 to a valid token, 429, 400 from the health check, a signed link to
 * a missing picture, which needs the server's secret) are skipped. What Dredd itself cannot
 * check, and what is skipped, is in README ("For backend developers").
 */
const { createHmac } = require('node:crypto');
const hooks = require('hooks');

const token = process.env.DREDD_TOKEN;
const webhookKey = process.env.DREDD_WEBHOOK_KEY;
const UNKNOWN_ID = 'ffffffffffffffffffffffff';
/** The ids in the contract's examples (parameters and paths), replaced by real ones. */
const EXAMPLE_ID = '65a1f0c2e4b0a1b2c3d4e5f6';
const EXAMPLE_BOOKING_ID = '65a1f0c2e4b0a1b2c3d4e5f7';

/** Filled in `beforeAll`: records of the token's customer. */
const ids = {};
let baseUrl = '';
let email = '';

const future = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function api(method, path, body, { anonymous = false } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(anonymous ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

const quote = (overrides = {}) => ({
  name: 'Dredd Check',
  phone: '(919) 555-0100',
  email: email || 'dredd-check@example.com',
  vehicleType: 'SUV',
  selectedAddons: ['Pet Hair Removal'],
  date: future(30),
  time: '10:00 AM',
  vehicle: '2020 Dredd Check',
  totalPrice: 145,
  ...overrides,
});

hooks.beforeAll((transactions, done) => {
  const first = transactions[0];
  baseUrl = `${first.protocol}//${first.host}:${first.port}`;
  if (!token) {
    hooks.log('DREDD_TOKEN is not set: every transaction that needs a token will fail');
    done();
    return;
  }
  (async () => {
    email = (await api('GET', '/profile/me')).email;
    ids.vehicle = (
      await api('POST', '/vehicles/me', { make: 'Dredd', model: 'Check', year: 2020 })
    ).vehicleId;
    ids.booking = (await api('POST', '/bookings', quote())).bookingId;
    ids.cancelledBooking = (await api('POST', '/bookings', quote())).bookingId;
    await api('DELETE', `/bookings/${ids.cancelledBooking}`);
    // Sent without signing in with the customer's e-mail: offered to them to claim.
    ids.claimable = (await api('POST', '/bookings', quote(), { anonymous: true })).bookingId;
    ids.subscription = (await api('POST', '/subscriptions', { plan: 'monthly' })).subscriptionId;
    ids.cancelledSubscription = (
      await api('POST', '/subscriptions', { plan: 'weekly' })
    ).subscriptionId;
    await api('DELETE', `/subscriptions/${ids.cancelledSubscription}`);
    for (const booking of await api('GET', '/bookings')) {
      const pictures = await api('GET', `/service-pics?bookingId=${booking.bookingId}`);
      if (pictures.length > 0) {
        ids.pictureBooking = booking.bookingId;
        ids.pictureUrl = new URL(pictures[0].signedUrl);
        break;
      }
    }
  })().then(
    () => done(),
    (error) => {
      hooks.log(`could not prepare records: ${error.message}`);
      done();
    },
  );
});

const setPath = (transaction, path) => {
  transaction.fullPath = path;
  transaction.request.uri = path;
};
const replaceId = (transaction, id) =>
  setPath(transaction, transaction.fullPath.replace(EXAMPLE_ID, id));
const setBody = (transaction, body) => {
  transaction.request.body = typeof body === 'string' ? body : JSON.stringify(body);
};
const editBody = (transaction, edit) =>
  setBody(transaction, edit(JSON.parse(transaction.request.body)));
const withoutToken = (transaction) => {
  delete transaction.request.headers.Authorization;
};
const sign = (transaction) => {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', webhookKey || '')
    .update(`${t}.${transaction.request.body}`)
    .digest('hex');
  transaction.request.headers['Calendly-Webhook-Signature'] = `t=${t},v1=${v1}`;
};

/** What to send for each answer: `'METHOD path status'` → change to the example request. */
const plans = {
  'GET /profile/me 200': () => {},
  'GET /profile/me 401': withoutToken,
  'PUT /profile/me 200': (t) => editBody(t, (body) => ({ ...body, email })),
  'PUT /profile/me 400': (t) => setBody(t, { name: 42 }),
  'PUT /profile/me 401': withoutToken,
  'GET /vehicles/me 200': () => {},
  'GET /vehicles/me 401': withoutToken,
  'POST /vehicles/me 201': () => {},
  'POST /vehicles/me 400': (t) => editBody(t, (body) => ({ ...body, year: 'twenty' })),
  'POST /vehicles/me 401': withoutToken,
  'PUT /vehicles/{id} 200': (t) => replaceId(t, ids.vehicle),
  'PUT /vehicles/{id} 400': (t) => {
    replaceId(t, ids.vehicle);
    setBody(t, { model: 'Check', year: 2021 });
  },
  'PUT /vehicles/{id} 401': withoutToken,
  'PUT /vehicles/{id} 404': (t) => replaceId(t, UNKNOWN_ID),
  'DELETE /vehicles/{id} 204': (t) => replaceId(t, ids.vehicle),
  'DELETE /vehicles/{id} 400': (t) => replaceId(t, 'not-an-id'),
  'DELETE /vehicles/{id} 401': withoutToken,
  'DELETE /vehicles/{id} 404': (t) => replaceId(t, UNKNOWN_ID),
  'GET /loyalty 200': (t) => setPath(t, `/loyalty?email=${encodeURIComponent(email)}`),
  'GET /loyalty 400': (t) => setPath(t, '/loyalty?email=not-an-email'),
  'GET /loyalty 401': withoutToken,
  'GET /loyalty 404': (t) => setPath(t, '/loyalty?email=someone-else%40example.com'),
  'GET /bookings 200': () => {},
  'GET /bookings 401': withoutToken,
  'POST /bookings 201': (t) => editBody(t, (body) => ({ ...body, date: future(30) })),
  'POST /bookings 400': (t) => editBody(t, (body) => ({ ...body, name: undefined })),
  'POST /bookings 401': (t) => {
    t.request.headers.Authorization = 'Bearer not-a-token';
  },
  // A valid quote padded with whitespace: only the size is wrong.
  'POST /bookings 413': (t) =>
    setBody(t, `${JSON.stringify(quote({ date: future(30) }))}${' '.repeat(17 * 1024)}`),
  'GET /bookings/claimable 200': () => {},
  'GET /bookings/claimable 401': withoutToken,
  'POST /bookings/{id}/claim 204': (t) => replaceId(t, ids.claimable),
  'POST /bookings/{id}/claim 400': (t) => {
    replaceId(t, ids.claimable);
    setBody(t, { decision: 'maybe' });
  },
  'POST /bookings/{id}/claim 401': withoutToken,
  'POST /bookings/{id}/claim 404': (t) => replaceId(t, UNKNOWN_ID),
  'PUT /bookings/{id} 200': (t) => {
    replaceId(t, ids.booking);
    editBody(t, (body) => ({ ...body, date: future(31) }));
  },
  'PUT /bookings/{id} 400': (t) => {
    replaceId(t, ids.booking);
    editBody(t, (body) => ({ ...body, date: future(31), time: '25:00' }));
  },
  'PUT /bookings/{id} 401': withoutToken,
  'PUT /bookings/{id} 404': (t) => {
    replaceId(t, UNKNOWN_ID);
    editBody(t, (body) => ({ ...body, date: future(31) }));
  },
  'PUT /bookings/{id} 409': (t) => {
    replaceId(t, ids.cancelledBooking);
    editBody(t, (body) => ({ ...body, date: future(31) }));
  },
  'DELETE /bookings/{id} 200': (t) => replaceId(t, ids.booking),
  'DELETE /bookings/{id} 400': (t) => replaceId(t, 'not-an-id'),
  'DELETE /bookings/{id} 401': withoutToken,
  'DELETE /bookings/{id} 404': (t) => replaceId(t, UNKNOWN_ID),
  'DELETE /bookings/{id} 409': (t) => replaceId(t, ids.cancelledBooking),
  'GET /service-pics 200': (t) =>
    setPath(t, t.fullPath.replace(EXAMPLE_BOOKING_ID, ids.pictureBooking)),
  'GET /service-pics 400': (t) => setPath(t, '/service-pics?bookingId=not-an-id'),
  'GET /service-pics 401': withoutToken,
  'GET /service-pics 404': (t) => setPath(t, `/service-pics?bookingId=${UNKNOWN_ID}`),
  'GET /service-pics/files/{file} 400': (t) =>
    setPath(t, t.fullPath.replace(/signature=[^&]*/, 'signature=xyz')),
  // The example's signature is not the server's: a wrong signature.
  'GET /service-pics/files/{file} 403': () => {},
  'GET /calendly-bookings 200': () => {},
  'GET /calendly-bookings 401': withoutToken,
  'POST /webhooks/calendly 204': (t) => {
    editBody(t, (body) => ({
      ...body,
      payload: { ...body.payload, uri: `${body.payload.uri}-${Date.now()}`, email },
    }));
    sign(t);
  },
  'POST /webhooks/calendly 400': (t) => {
    editBody(t, (body) => ({ ...body, event: 'invitee.rescheduled' }));
    sign(t);
  },
  // A replay: the same signed delivery, received once already (by the hook itself).
  'POST /webhooks/calendly 409': async (t) => {
    editBody(t, (body) => ({
      ...body,
      payload: { ...body.payload, uri: `${body.payload.uri}-replay-${Date.now()}`, email },
    }));
    sign(t);
    await fetch(`${baseUrl}${t.fullPath}`, {
      method: 'POST',
      headers: t.request.headers,
      body: t.request.body,
    });
  },
  'POST /webhooks/calendly 401': (t) => {
    delete t.request.headers['Calendly-Webhook-Signature'];
  },
  'GET /subscriptions 200': () => {},
  'GET /subscriptions 401': withoutToken,
  'POST /subscriptions 201': () => {},
  'POST /subscriptions 400': (t) => setBody(t, { plan: 'yearly' }),
  'POST /subscriptions 401': withoutToken,
  'DELETE /subscriptions/{id} 200': (t) => replaceId(t, ids.subscription),
  'DELETE /subscriptions/{id} 400': (t) => replaceId(t, 'not-an-id'),
  'DELETE /subscriptions/{id} 401': withoutToken,
  'DELETE /subscriptions/{id} 404': (t) => replaceId(t, UNKNOWN_ID),
  'DELETE /subscriptions/{id} 409': (t) => replaceId(t, ids.cancelledSubscription),
  'GET /health 200': () => {},
};

/** No token for operations that take none (the token would be ignored, but be exact). */
const PUBLIC = new Set(['/health', '/service-pics/files/{file}', '/webhooks/calendly']);

hooks.beforeEach((transaction, done) => {
  const { method } = transaction.request;
  const key = `${method} ${transaction.origin.resourceName} ${transaction.expected.statusCode}`;
  const plan = plans[key];
  if (!plan) {
    transaction.skip = true;
    done();
    return;
  }
  if (token && !PUBLIC.has(transaction.origin.resourceName)) {
    transaction.request.headers.Authorization = `Bearer ${token}`;
  }
  Promise.resolve(plan(transaction)).then(
    () => done(),
    (error) => {
      hooks.log(`${key}: ${error.message}`);
      done();
    },
  );
});

// Gavel compares Content-Type exactly; `application/json; charset=utf-8` is application/json.
hooks.beforeEachValidation((transaction, done) => {
  const type = transaction.real && transaction.real.headers['content-type'];
  if (type) transaction.real.headers['content-type'] = type.split(';')[0].trim();
  done();
});
