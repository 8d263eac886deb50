/**
 * The owner's second factor at the API (server/owner/ownerAuthenticator.ts): an owner operation is
 * refused with a 403 the console can show while the identity provider says the owner's account
 * has no authenticator app; the provider is asked with the very token at every owner operation
 * (counted by its GetUser calls), so a removed app or a token revoked at the provider is refused
 * at the next one.
 */
import { BUSINESS_DEFAULTS } from '../../domain/business';
import { OWNER_AUTHENTICATOR_REQUIRED } from '../../domain/owners';
import { ownerAuthenticatorChanged } from '../../server/mail/texts';
import {
  call,
  ownerAuthenticatorMails,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

let idp: IdentityProvider;
let api: TestApi;
let clock = Date.parse('2026-06-01T12:00:00Z');

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp, { clock: () => clock });
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const inbox = (token: string) => call(api.baseUrl, 'GET', '/owner/requests?limit=5', { token });
const asked = (sub: string) => idp.getUserCalls.filter((called) => called === sub).length;

it('refuses an owner without an authenticator app with a 403 the console shows', async () => {
  const token = await idp.ownerToken('owner-no-app');
  idp.setAuthenticator('owner-no-app', false);
  const refused = await inbox(token);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({ error: 'Forbidden', message: OWNER_AUTHENTICATOR_REQUIRED });
  // A "no" is not kept: the owner who has just set one up is let in at once.
  idp.setAuthenticator('owner-no-app', true);
  expect((await inbox(token)).status).toBe(200);
  expect(asked('owner-no-app')).toBe(2);
});

it('asks the provider at every owner operation: an app removed is noticed at once', async () => {
  const token = await idp.ownerToken('owner-cached');
  expect((await inbox(token)).status).toBe(200);
  expect(asked('owner-cached')).toBe(1);
  // The owner removes the app: the very next operation is refused, however little time passed.
  idp.setAuthenticator('owner-cached', false);
  clock += 1000;
  expect((await inbox(token)).status).toBe(403);
  expect(asked('owner-cached')).toBe(2);
});

it("refuses a token revoked at the provider at once, though another of the owner's tokens passes", async () => {
  const first = await idp.ownerToken('owner-revoked');
  const second = await idp.ownerToken('owner-revoked', {
    issuedAt: Math.floor(Date.now() / 1000) - 2,
  });
  expect(second).not.toBe(first);
  expect((await inbox(first)).status).toBe(200);
  // A second sign-in's token, revoked at the provider (signed out there): the owner's first
  // token, just let in, says nothing about this one.
  idp.revoke(second);
  const refused = await inbox(second);
  expect(refused.status).toBe(401);
  // The first token itself, revoked: refused at the next operation, with no time passing.
  expect((await inbox(first)).status).toBe(200);
  idp.revoke(first);
  expect((await inbox(first)).status).toBe(401);
});

it("asks once for an owner's operations sent together with one token", async () => {
  const token = await idp.ownerToken('owner-burst');
  // A provider slow enough that the three are asked about while the first question is open.
  idp.delayGetUser(500);
  const answers = await Promise.all([inbox(token), inbox(token), inbox(token)]);
  idp.delayGetUser(0);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  // The console's page asks for several things at once: one question to the provider for them.
  expect(asked('owner-burst')).toBe(1);
  // The next operation asks again.
  expect((await inbox(token)).status).toBe(200);
  expect(asked('owner-burst')).toBe(2);
});

it("asks about each owner's own account, with that owner's access token", async () => {
  const first = await idp.ownerToken('owner-a');
  const second = await idp.ownerToken('owner-b');
  idp.setAuthenticator('owner-b', false);
  expect((await inbox(first)).status).toBe(200);
  expect((await inbox(second)).status).toBe(403);
});

it("refuses an owner's id token: only the access token can be shown to the provider", async () => {
  await idp.ownerToken('owner-id-token');
  const idToken = await idp.idToken('owner-id-token', 'owner@example.com', {
    'cognito:groups': ['owners'],
  });
  const before = asked('owner-id-token');
  const refused = await inbox(idToken);
  expect(refused.status).toBe(403);
  expect((refused.body as { message: string }).message).toMatch(/access token/);
  expect(asked('owner-id-token')).toBe(before);
});

it('answers 401 when the provider ends the session, 503 when it fails, and 403 without scope', async () => {
  const token = await idp.ownerToken('owner-provider-trouble');
  idp.failGetUser({
    status: 400,
    type: 'NotAuthorizedException',
    message: 'Access Token has been revoked',
  });
  expect((await inbox(token)).status).toBe(401);
  idp.failGetUser({
    status: 400,
    type: 'NotAuthorizedException',
    message: 'Access Token does not have required scopes',
  });
  const noScope = await inbox(token);
  expect(noScope.status).toBe(403);
  expect((noScope.body as { message: string }).message).toMatch(/e-mail and password/);
  idp.failGetUser({ status: 500, type: 'InternalErrorException', message: 'down' });
  expect((await inbox(token)).status).toBe(503);
  idp.failGetUser(undefined);
  expect((await inbox(token)).status).toBe(200);
});

it('does not ask the provider about a token outside the owners group', async () => {
  const customer = await idp.accessToken('customer-not-owner');
  expect((await inbox(customer)).status).toBe(403);
  expect(asked('customer-not-owner')).toBe(0);
});

describe("the owner is e-mailed when the account's authenticator app is added or removed", () => {
  const authenticatorMails = () => ownerAuthenticatorMails(api.databasePath);

  it('writes one e-mail to the owner per change the provider shows, none for an unchanged app', async () => {
    const before = authenticatorMails().length;
    const token = await idp.ownerToken('owner-mailed');
    // First seen with an app: nothing to tell (it may have been there for years).
    expect((await inbox(token)).status).toBe(200);
    expect((await inbox(token)).status).toBe(200);
    expect(authenticatorMails()).toHaveLength(before);
    // Removed with the session alone (Cognito's SetUserMFAPreference): the next operation sees it.
    idp.setAuthenticator('owner-mailed', false);
    expect((await inbox(token)).status).toBe(403);
    expect((await inbox(token)).status).toBe(403);
    idp.setAuthenticator('owner-mailed', true);
    expect((await inbox(token)).status).toBe(200);
    expect(authenticatorMails().slice(before)).toEqual([
      { audience: 'owner', change: 'removed' },
      { audience: 'owner', change: 'added' },
    ]);
  });

  it("tells in the business's own words, with nothing a request carried", () => {
    const business = { ...BUSINESS_DEFAULTS };
    for (const change of ['added', 'removed'] as const) {
      const mail = ownerAuthenticatorChanged(business, change, '2026-11-28T15:04:05.000Z');
      expect(mail.subject).toBe(
        change === 'added'
          ? `An authenticator app was added to the owner's account: ${business.name}`
          : `The authenticator app was removed from the owner's account: ${business.name}`,
      );
      expect(mail.text).toContain('If this was not you');
      expect(mail.text).toContain(business.phone);
    }
  });
});
