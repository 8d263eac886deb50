/**
 * The owner signs in with two factors (docs/product.md, "The owner console"): the console
 * works only once the owner's account has an authenticator app, as the user pool says
 * (Amplify's fetchMFAPreference against a fake pool); until then a screen leads to Account
 * Security's set-up. The console's requests carry the owner's access token, and the API's
 * refusal for want of an authenticator is shown, not taken for an ended session.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { env } from '../../config/env';
import { OWNER_AUTHENTICATOR_REQUIRED } from '../../../domain/owners';
import { contractHttp } from '../../testing/contractHttp';
import { FAKE_TOTP_SECRET, VALID_CODE } from '../../testing/cognito';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { userEvent } from '../../testing/user';
import { inboxAnswers, signInAsOwner } from './testing/ownerApi';
import { OWNER_TEXT } from './messages';

const emptyInbox = () => inboxAnswers(() => ({ items: [], nextCursor: null, newCount: 0 }));

it('asks an owner without an authenticator app to set one up before the console opens', async () => {
  const asked = emptyInbox();
  const { pool } = signInAsOwner({ authenticator: false });
  const { router } = renderApp('/owner');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Owner console' })).not.toBeInTheDocument();
  expect(asked).toHaveLength(0);

  // The way through: Account Security's set-up, then back to the console.
  const user = userEvent.setup();
  await user.click(screen.getByRole('link', { name: 'Set up authenticator app' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Account Security' }),
  ).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  expect(await screen.findByText(FAKE_TOTP_SECRET)).toBeInTheDocument();
  await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findAllByText('Authenticator app is on.')).not.toHaveLength(0);
  act(() => router.navigate('/owner'));

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/owner');
  expect(pool.callsTo('VerifySoftwareToken').at(-1)?.body.UserCode).toBe(VALID_CODE);
  expect(pool.callsTo('SetUserMFAPreference')).toHaveLength(1);
  expect(asked.length).toBeGreaterThan(0);
});

it('opens the console for an owner with an authenticator app, sending the access token', async () => {
  let authorization: string | null = null;
  server.use(
    contractHttp.get('/owner/requests', ({ request }) => {
      authorization = request.headers.get('authorization');
      return HttpResponse.json({ items: [], nextCursor: null, newCount: 0 });
    }),
  );
  const { accessToken } = signInAsOwner();
  renderApp('/owner');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
  ).toBeInTheDocument();
  await waitFor(() => expect(authorization).toBe(`Bearer ${accessToken}`));
});

it("shows the API's refusal for want of an authenticator app, keeping the session", async () => {
  server.use(
    contractHttp.get('/owner/requests', () =>
      HttpResponse.json(
        { error: 'Forbidden', message: OWNER_AUTHENTICATOR_REQUIRED },
        { status: 403 },
      ),
    ),
  );
  signInAsOwner();
  const { router } = renderApp('/owner');
  expect(await screen.findByText(OWNER_AUTHENTICATOR_REQUIRED)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/owner');
  expect(localStorage.getItem('idToken')).not.toBeNull();
});

it("opens the console at once on a repeat visit, from the account's last check, and keeps it when the pool cannot be asked", async () => {
  emptyInbox();
  const { pool } = signInAsOwner();
  const first = renderApp('/owner');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
  ).toBeInTheDocument();
  first.unmount();
  const asked = pool.callsTo('GetUser').length;

  // The next visit, without a way to the user pool (offline, or the pool is down).
  pool.failNext('GetUser', 'InternalErrorException', 'The pool is down', 500);
  renderApp('/owner');
  expect(screen.getByRole('navigation', { name: 'Owner console' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
  ).toBeInTheDocument();
  // The pool is still asked (once the page is idle), and its failure leaves the console open.
  await waitFor(() => expect(pool.callsTo('GetUser').length).toBeGreaterThan(asked));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByRole('heading', { level: 1, name: 'Requests inbox' })).toBeInTheDocument();
  expect(screen.queryByText(OWNER_TEXT.authenticator.checkFailed)).not.toBeInTheDocument();
});

it('closes the console opened from the last check once the pool says the app was removed', async () => {
  emptyInbox();
  const { pool } = signInAsOwner();
  const first = renderApp('/owner');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
  ).toBeInTheDocument();
  first.unmount();

  pool.user('owner@example.com')!.mfaEnabled.clear();
  const second = renderApp('/owner');
  expect(screen.getByRole('navigation', { name: 'Owner console' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Owner console' })).not.toBeInTheDocument();

  // And the visit after that asks before it opens anything.
  second.unmount();
  renderApp('/owner');
  expect(screen.queryByRole('navigation', { name: 'Owner console' })).not.toBeInTheDocument();
});

describe('when the user pool cannot be reached', () => {
  const poolUnreachable = () =>
    server.use(
      http.post(
        `${env.cognitoEndpoint || `https://cognito-idp.${env.cognitoRegion}.amazonaws.com`}/*`,
        () => HttpResponse.error(),
      ),
      http.post(
        env.cognitoEndpoint || `https://cognito-idp.${env.cognitoRegion}.amazonaws.com`,
        () => HttpResponse.error(),
      ),
    );
  const setOnline = (online: boolean) =>
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  afterEach(() => setOnline(true));

  it('says the check failed while the browser is online', async () => {
    emptyInbox();
    signInAsOwner();
    poolUnreachable();
    renderApp('/owner');
    expect(
      await screen.findByText('Your sign-in settings could not be checked.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Requests inbox' })).not.toBeInTheDocument();
  });

  it('opens the console offline, on what the device saved (the API still checks)', async () => {
    emptyInbox();
    signInAsOwner();
    poolUnreachable();
    setOnline(false);
    renderApp('/owner');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
    ).toBeInTheDocument();
  });
});
