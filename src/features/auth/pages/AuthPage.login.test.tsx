import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { createFakeCognito, VALID_CODE, type FakeCognito } from '../../../testing/cognito';
import { env } from '../../../config/env';
import { refreshNow } from '../../../api/session/refresh';

jest.mock('../../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../../config/env')>('../../../config/env');
  const { identityTestEnv } = jest.requireActual<typeof import('../../../testing/cognito')>(
    '../../../testing/cognito',
  );
  return { env: { ...actual.env, ...identityTestEnv } };
});

const EMAIL = 'jordan@example.com';
const PASSWORD = 'Secret#123';

let fake: FakeCognito;
beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
});

async function fillCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.fill(await screen.findByLabelText('Email'), email);
  await user.fill(screen.getByLabelText('Password'), password);
  return user;
}

describe('login', () => {
  it('signs in with a trimmed, lower-cased e-mail, stores the tokens and goes to /dashboard', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    const { router } = renderApp('/auth');
    const user = await fillCredentials('  Jordan@Example.COM ', PASSWORD);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [call] = fake.callsTo('InitiateAuth');
    expect(call?.body).toMatchObject({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env.cognitoClientId,
      AuthParameters: { USERNAME: EMAIL, PASSWORD },
    });
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('idToken')).toMatch(/\./);
      expect(storage.getItem('accessToken')).toMatch(/\./);
      expect(storage.getItem('refreshToken')).toMatch(/^refresh-/);
    }
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: EMAIL });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(await within(nav).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('rejects an e-mail without @ without calling the provider, keeping what was typed', async () => {
    renderApp('/auth');
    const user = await fillCredentials('jordan.example.com', PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveValue('jordan.example.com');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
  });

  it("shows the provider's message on failure and keeps the typed values", async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    const { router } = renderApp('/login');
    const user = await fillCredentials(EMAIL, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it("shows the provider's code when the failure has no message", async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    fake.failNext('InitiateAuth', 'UserLambdaValidationException', '');
    renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('UserLambdaValidationException');
  });

  it('shows "Login failed. Please try again." for a sign-in step the site does not use', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    // A custom challenge (Lambda-defined): the site signs in with passwords only.
    server.use(
      http.post(`${env.cognitoEndpoint}/`, () =>
        HttpResponse.json(
          { ChallengeName: 'CUSTOM_CHALLENGE', Session: 's', ChallengeParameters: {} },
          { headers: { 'Content-Type': 'application/x-amz-json-1.1' } },
        ),
      ),
    );
    renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('asks for the authenticator app code, checks it, and signs in', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'SOFTWARE_TOKEN_MFA' });
    const { router } = renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    const codeInput = screen.getByLabelText('Verification code');
    expect(codeInput).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the verification code from your authenticator app.',
    );
    expect(fake.callsTo('RespondToAuthChallenge')).toHaveLength(0);

    await user.type(codeInput, '12-34 56 78');
    expect(codeInput).toHaveValue(VALID_CODE);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fake.callsTo('RespondToAuthChallenge')[0]?.body).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: VALID_CODE },
    });
    expect(localStorage.getItem('idToken')).toMatch(/\./);
  });

  it('asks for the SMS code, shows a wrong code failure, and can be cancelled back to the form', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'SMS_MFA' });
    renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText(/we sent by text to \+\*+0142/)).toBeInTheDocument();
    await user.fill(screen.getByLabelText('Verification code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code received for user');
    expect(screen.getByLabelText('Verification code')).toHaveValue('999999');
    expect(fake.callsTo('RespondToAuthChallenge')[0]?.body).toMatchObject({
      ChallengeResponses: { SMS_MFA_CODE: '999999' },
    });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('sends an unconfirmed account to the e-mail confirmation step', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, confirmed: false });
    const { router } = renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByLabelText('Confirmation code')).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });
});

describe('remembered device', () => {
  /** Signs in with the authenticator code, ticking "Remember this device" or not. */
  async function signInWithCode(remember: boolean) {
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const rememberBox = await screen.findByRole('checkbox', { name: 'Remember this device' });
    expect(rememberBox).not.toBeChecked();
    if (remember) await user.click(rememberBox);
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    return user;
  }

  async function logOut(user: ReturnType<typeof userEvent.setup>) {
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await user.click(await within(nav).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('idToken')).toBeNull());
    await screen.findByRole('button', { name: 'Log In' });
  }

  it('remembers the device when ticked: the next sign-in names it and is not asked for a code', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'SOFTWARE_TOKEN_MFA' });
    const { router } = renderApp('/auth');
    const first = await signInWithCode(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [device] = fake.devicesOf(EMAIL);
    expect(device).toMatchObject({ confirmed: true, remembered: true });
    expect(fake.callsTo('UpdateDeviceStatus')[0]?.body).toMatchObject({
      DeviceKey: device?.key,
      DeviceRememberedStatus: 'remembered',
    });

    await logOut(first);
    const again = await fillCredentials(EMAIL, PASSWORD);
    await again.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fake.callsTo('InitiateAuth')[1]?.body).toMatchObject({
      AuthParameters: { USERNAME: EMAIL, DEVICE_KEY: device?.key },
    });
    expect(fake.callsTo('RespondToAuthChallenge').map((call) => call.body.ChallengeName)).toEqual([
      'SOFTWARE_TOKEN_MFA',
      'DEVICE_SRP_AUTH',
      'DEVICE_PASSWORD_VERIFIER',
    ]);
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('does not remember the device unless ticked: the next sign-in asks for the code again', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'SOFTWARE_TOKEN_MFA' });
    const { router } = renderApp('/auth');
    const first = await signInWithCode(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fake.callsTo('UpdateDeviceStatus')).toHaveLength(0);
    expect(fake.devicesOf(EMAIL)).toMatchObject([{ confirmed: true, remembered: false }]);

    await logOut(first);
    await signInWithCode(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fake.callsTo('RespondToAuthChallenge')).toHaveLength(2);
  });
});

describe('refresh of a session whose device the pool tracks', () => {
  /** Renews the session now, as when its tokens expire, and checks it is still signed in. */
  async function refreshStaysSignedIn() {
    const before = localStorage.getItem('idToken');
    expect(await refreshNow()).toBe(true);
    expect(localStorage.getItem('idToken')).not.toBe(before);
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  }

  it('a password sign-in’s session is refreshed with the key of the device it confirmed', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    const { router } = renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [device] = fake.devicesOf(EMAIL);
    expect(device).toMatchObject({ confirmed: true, remembered: false });

    await refreshStaysSignedIn();
    await refreshStaysSignedIn();
    const refreshes = fake.callsTo('GetTokensFromRefreshToken');
    expect(refreshes.map((call) => call.body.DeviceKey)).toEqual([device?.key, device?.key]);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a remembered device’s session is refreshed with its key', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'SOFTWARE_TOKEN_MFA' });
    const { router } = renderApp('/auth');
    const user = await fillCredentials(EMAIL, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Remember this device' }));
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [device] = fake.devicesOf(EMAIL);
    expect(device).toMatchObject({ confirmed: true, remembered: true });

    await refreshStaysSignedIn();
    expect(fake.callsTo('GetTokensFromRefreshToken')[0]?.body).toMatchObject({
      DeviceKey: device?.key,
    });
  });
});
