/** The token cases: missing, malformed, forged, expired, wrong issuer, wrong client, wrong use. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { openDatabase } from '../../server/platform/db';
import {
  call,
  quote,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

type Json = Record<string, unknown>;

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let idp: IdentityProvider;
let api: TestApi;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const profileWith = (headers: Record<string, string>) =>
  call(api.baseUrl, 'GET', '/profile/me', { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expect401(headers: Record<string, string>, message: string) {
  const answer = await profileWith(headers);
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: 'Unauthorized', message });
}

describe('token verification', () => {
  it('accepts a valid id token and uses its sub and e-mail', async () => {
    const answer = await profileWith(bearer(await idp.idToken('id-user', 'id@example.com')));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: 'id-user', email: 'id@example.com' });
  });

  it('accepts a valid access token and keeps the e-mail stored with the profile', async () => {
    await profileWith(bearer(await idp.idToken('both-user', 'stored@example.com')));
    const access = await idp.accessToken('both-user', { username: 'someone@example.com' });
    const answer = await profileWith(bearer(access));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: 'both-user', email: 'stored@example.com' });
  });

  it('never takes an e-mail from an access token (its username is not proof of an address)', async () => {
    const access = await idp.accessToken('access-only', {
      username: 'access@example.com',
      email: 'access@example.com',
    });
    const answer = await profileWith(bearer(access));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: 'access-only', email: '' });
  });

  it.each([
    ['false', { email_verified: false }],
    ['the string "false"', { email_verified: 'false' }],
    ['missing', { email_verified: undefined }],
  ])('uses no id-token e-mail whose email_verified is %s', async (_label, claims) => {
    const sub = `unverified-${String(claims.email_verified)}`;
    const answer = await profileWith(
      bearer(await idp.idToken(sub, 'unverified@example.com', claims)),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: sub, email: '' });
  });

  it('takes an id-token e-mail whose email_verified is the string "true"', async () => {
    const token = await idp.idToken('verified-string', 'verified@example.com', {
      email_verified: 'true',
    });
    expect((await profileWith(bearer(token))).body).toMatchObject({
      email: 'verified@example.com',
    });
  });

  it('forgets a stored e-mail once an id token says the address is unverified', async () => {
    await profileWith(bearer(await idp.idToken('changer', 'first@example.com')));
    const unverified = await idp.idToken('changer', 'second@example.com', {
      email_verified: false,
    });
    expect((await profileWith(bearer(unverified))).body).toMatchObject({ email: '' });
    const access = await idp.accessToken('changer');
    expect((await profileWith(bearer(access))).body).toMatchObject({ email: '' });
  });

  it('refuses a missing or non-bearer Authorization header', async () => {
    await expect401({}, 'Missing bearer token');
    await expect401(
      { authorization: 'Basic dXNlcjpwYXNz' },
      'The Authorization header must be "Bearer <token>"',
    );
    await expect401(
      { authorization: 'Bearer' },
      'The Authorization header must be "Bearer <token>"',
    );
  });

  it('refuses a malformed token', async () => {
    await expect401(bearer('not.a.jwt'), 'Token is malformed');
    await expect401(bearer('garbage'), 'Token is malformed');
  });

  it('refuses a forged token (signed with another key)', async () => {
    const forged = await idp.idToken('id-user', 'id@example.com', {}, { forged: true });
    await expect401(bearer(forged), 'Token signature is not valid');
  });

  it('refuses an unsigned or symmetric-key token', async () => {
    const claims = {
      sub: 'id-user',
      token_use: 'id',
      aud: idp.clientId,
      iss: idp.issuer,
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    await expect401(
      bearer(`${part({ alg: 'none' })}.${part(claims)}.`),
      'Token signature is not valid',
    );
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    await expect401(bearer(hs), 'Token signature is not valid');
  });

  it('refuses an expired token', async () => {
    const expired = await idp.idToken(
      'id-user',
      'id@example.com',
      {},
      { expiresAt: Math.floor(Date.now() / 1000) - 60 },
    );
    await expect401(bearer(expired), 'Token expired');
  });

  it('refuses a token that lives longer than the configured maximum (60 minutes)', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 5;
    const yearLong = await idp.idToken(
      'id-user',
      'id@example.com',
      {},
      { issuedAt, expiresAt: issuedAt + 365 * 24 * 3600 },
    );
    await expect401(bearer(yearLong), 'Token lifetime is longer than 3600 seconds');
    const hourLong = await idp.accessToken('id-user', {}, { issuedAt, expiresAt: issuedAt + 3600 });
    expect((await profileWith(bearer(hourLong))).status).toBe(200);
  });

  it('refuses a token from another issuer', async () => {
    const other = await idp.idToken(
      'id-user',
      'id@example.com',
      {},
      { issuer: 'http://127.0.0.1:1/us-east-1_other' },
    );
    await expect401(bearer(other), 'Token issuer is not accepted');
  });

  it('refuses tokens issued for another client', async () => {
    await expect401(
      bearer(await idp.idToken('id-user', 'id@example.com', { aud: 'another-client' })),
      'Token was issued for another client',
    );
    await expect401(
      bearer(await idp.accessToken('id-user', { client_id: 'another-client' })),
      'Token was issued for another client',
    );
  });

  it('refuses a token whose token_use is neither id nor access', async () => {
    await expect401(
      bearer(await idp.idToken('id-user', 'id@example.com', { token_use: 'refresh' })),
      'Token use must be id or access',
    );
    await expect401(
      bearer(await idp.idToken('id-user', 'id@example.com', { token_use: undefined })),
      'Token use must be id or access',
    );
  });

  it('answers 503 (not 401) when the key set cannot be fetched', async () => {
    const offline = await startApi(idp, {
      cognito: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        jwksUrl: `http://127.0.0.1:${await closedPort()}/jwks.json`,
      },
    });
    try {
      const answer = await call(offline.baseUrl, 'GET', '/profile/me', {
        token: await idp.idToken('id-user', 'id@example.com'),
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: 'Service Unavailable',
        message: 'The identity provider keys are unavailable',
      });
    } finally {
      await offline.close();
    }
  });
});

describe('sessions the account ended', () => {
  const endSessions = (token: string, reason: string) =>
    call(api.baseUrl, 'POST', '/profile/me/sessions-ended', {
      headers: bearer(token),
      body: { reason },
    });

  it('refuses every token issued before "Sign out of all devices", and accepts later ones', async () => {
    const before = Math.floor(Date.now() / 1000) - 5;
    const idToken = await idp.idToken('ended-user', 'ended@example.com', {}, { issuedAt: before });
    const access = await idp.accessToken('ended-user', {}, { issuedAt: before });
    const otherUser = await idp.idToken(
      'still-user',
      'still@example.com',
      {},
      { issuedAt: before },
    );
    expect((await profileWith(bearer(access))).status).toBe(200);

    expect((await endSessions(idToken, 'global-sign-out')).status).toBe(204);
    for (const token of [idToken, access])
      await expect401(
        bearer(token),
        'Token was issued before the account signed out of its sessions',
      );
    const update = await call(api.baseUrl, 'PUT', '/profile/me', {
      headers: bearer(access),
      body: { name: 'Someone Else' },
    });
    expect(update.status).toBe(401);
    expect((await profileWith(bearer(otherUser))).status).toBe(200);

    const later = await idp.accessToken(
      'ended-user',
      {},
      { issuedAt: Math.floor(Date.now() / 1000) + 1 },
    );
    expect((await profileWith(bearer(later))).status).toBe(200);
  });

  it('records a password change the same way and refuses an unknown reason', async () => {
    const before = Math.floor(Date.now() / 1000) - 5;
    const token = await idp.idToken(
      'changed-user',
      'changed@example.com',
      {},
      { issuedAt: before },
    );
    const wrong = await endSessions(token, 'because');
    expect(wrong.status).toBe(400);
    expect((await profileWith(bearer(token))).status).toBe(200);
    expect((await endSessions(token, 'password-change')).status).toBe(204);
    expect((await profileWith(bearer(token))).status).toBe(401);
  });
});

describe('declared auth on every operation', () => {
  const operations = listOperations(loadOpenApi());
  const fill = (apiPath: string) => apiPath.replace(/\{[^}]+\}/g, 'ffffffffffffffffffffffff');

  it.each(
    operations
      .filter((op) => op.security === 'required')
      .map((op) => [op.operationId, op] as const),
  )(
    '%s answers 401 without a token, with a forged one and with an expired one',
    async (_id, op) => {
      const url = `${fill(op.path)}${op.parameters.some((p) => p.in === 'query' && p.required) ? '?bookingId=ffffffffffffffffffffffff' : ''}`;
      const method = op.method.toUpperCase();
      const body = op.requestBody ? {} : undefined;
      const forged = await idp.idToken('id-user', 'id@example.com', {}, { forged: true });
      const expired = await idp.idToken(
        'id-user',
        'id@example.com',
        {},
        { expiresAt: Math.floor(Date.now() / 1000) - 5 },
      );
      for (const token of [undefined, forged, expired]) {
        const answer = await call(api.baseUrl, method, url, { token, body });
        expect(answer.status).toBe(401);
        expect((answer.body as Json).error).toBe('Unauthorized');
      }
    },
  );

  it('lets POST /bookings through anonymously but refuses it with a bad token, storing nothing', async () => {
    const count = () => {
      const db = openDatabase(api.databasePath);
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const before = count();
    const forged = await idp.idToken('id-user', 'id@example.com', {}, { forged: true });
    const refused = await call(api.baseUrl, 'POST', '/bookings', { token: forged, body: quote() });
    expect(refused.status).toBe(401);
    expect(count()).toBe(before);

    const anonymous = await call(api.baseUrl, 'POST', '/bookings', { body: quote() });
    expect(anonymous.status).toBe(201);
    expect((anonymous.body as Json).userId).toBeNull();
    const signedIn = await call(api.baseUrl, 'POST', '/bookings', {
      token: await idp.idToken('id-user', 'id@example.com'),
      body: quote(),
    });
    expect((signedIn.body as Json).userId).toBe('id-user');
    expect(count()).toBe(before + 2);
  });

  it("needs no token for the health check, picture files, the webhook and an e-mail's unsubscribe link (which sign otherwise), browser error reports and the owner's calendar feed (whose address holds its secret); a token is optional for a quote and the free times", () => {
    const open = operations.filter((op) => op.security === 'none').map((op) => op.operationId);
    const optional = operations.filter((op) => op.security === 'optional');
    expect(optional.map((op) => op.operationId).sort()).toEqual([
      'createBooking',
      'getAvailability',
    ]);
    expect(open.sort()).toEqual([
      'getCalendarFeed',
      'getGalleryPictureFile',
      'getHealth',
      'getOffer',
      'getServicePicFile',
      'optOutOfEmail',
      'receiveCalendlyWebhook',
      'reportClientError',
      'showEmailOptOut',
    ]);
  });
});
