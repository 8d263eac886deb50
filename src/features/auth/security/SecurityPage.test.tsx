/**
 * Account security (docs/product.md §7) against the fake pool answering the Cognito protocol
 * through MSW: change password, authenticator and SMS codes on and off, sign out everywhere.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { setTokens } from '../../../api/session/tokenStore';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import {
  createFakeCognito,
  FAKE_TOTP_SECRET,
  VALID_CODE,
  type FakeCognito,
} from '../../../testing/cognito';

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
/** What the API was told (POST /profile/me/sessions-ended), with the token it was told with. */
let reports: { reason: unknown; token: string | null }[];
beforeEach(() => {
  fake = createFakeCognito();
  reports = [];
  server.use(
    ...fake.handlers,
    contractHttp.post('/profile/me/sessions-ended', async ({ request }) => {
      const body = await request.json();
      reports.push({ reason: body.reason, token: request.headers.get('authorization') });
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

/** Signed in as the fake user, on the security page. */
async function openPage(init: { phone?: string; phoneVerified?: boolean } = {}) {
  fake.addUser({ email: EMAIL, password: PASSWORD, ...init });
  setTokens(fake.issueTokens(EMAIL));
  const rendered = renderApp('/dashboard/security');
  await screen.findByRole('heading', { level: 1, name: 'Account Security' });
  return { ...rendered, user: userEvent.setup() };
}

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const lastCall = (target: string) => fake.callsTo(target).at(-1)?.body;

describe('account security', () => {
  it('changes the password: the rule, the provider’s refusal keeping the input, then success', async () => {
    const { user } = await openPage();
    const before = { idToken: localStorage.getItem('idToken') };
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change Password' });

    await user.fill(current, 'Wrong#Pass1');
    await user.fill(next, 'short');
    await user.fill(confirm, 'short');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    expect(fake.callsTo('ChangePassword')).toHaveLength(0);

    await user.clear(next);
    await user.fill(next, 'Fresh#Pass9');
    await user.clear(confirm);
    await user.fill(confirm, 'Fresh#Pass9');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(current).toHaveValue('Wrong#Pass1');
    expect(next).toHaveValue('Fresh#Pass9');

    await user.clear(current);
    await user.fill(current, PASSWORD);
    await user.click(submit);
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    expect(lastCall('ChangePassword')).toMatchObject({
      PreviousPassword: PASSWORD,
      ProposedPassword: 'Fresh#Pass9',
    });
    expect(fake.user(EMAIL)?.password).toBe('Fresh#Pass9');
    expect(current).toHaveValue('');
    // The API is told, and this browser takes tokens issued after the change.
    expect(reports).toEqual([{ reason: 'password-change', token: expect.any(String) }]);
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    expect(localStorage.getItem('idToken')).not.toBe(before.idToken);
  });

  it('offers to sign out of all devices after a password change', async () => {
    const { user, router } = await openPage();
    await user.fill(screen.getByLabelText('Current password'), PASSWORD);
    await user.fill(screen.getByLabelText('New password'), 'Fresh#Pass9');
    await user.fill(screen.getByLabelText('Confirm new password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const offer = await screen.findByText(/Other devices signed in to your account stay signed in/);
    expect(offer).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'Sign out of all devices' });
    await user.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(fake.callsTo('GlobalSignOut')).toHaveLength(1);
    expect(reports.map((r) => r.reason)).toEqual(['password-change', 'global-sign-out']);
  });

  it('turns the authenticator app on with its first code, and off again', async () => {
    const { user } = await openPage();
    expect(await screen.findByText('Authenticator app is off.')).toBeVisible();
    expect(
      screen.getByText('Text message codes need a phone number on your sign-in account.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByText(FAKE_TOTP_SECRET)).toBeVisible();
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const code = screen.getByLabelText('Verification code');
    await user.fill(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Code mismatch and fail enable Software Token MFA',
    );
    expect(code).toHaveValue('999999');

    await user.clear(code);
    await user.fill(code, VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Turn off authenticator app' })).toBeVisible();
    expect(screen.getAllByText('Authenticator app is on.').length).toBeGreaterThan(0);
    expect(lastCall('SetUserMFAPreference')).toMatchObject({
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(fake.user(EMAIL)?.mfaEnabled.has('SOFTWARE_TOKEN_MFA')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Turn off authenticator app' }));
    expect(
      screen.getByText('Enter a current code from your authenticator app to turn it off.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the verification code from your authenticator app.',
    );
    expect(fake.user(EMAIL)?.mfaEnabled.has('SOFTWARE_TOKEN_MFA')).toBe(true);
    const offCode = screen.getByLabelText('Verification code');
    await user.fill(offCode, '999999');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Code mismatch and fail enable Software Token MFA',
    );
    expect(fake.user(EMAIL)?.mfaEnabled.has('SOFTWARE_TOKEN_MFA')).toBe(true);
    await user.clear(offCode);
    await user.fill(offCode, VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
    expect(lastCall('VerifySoftwareToken')).toMatchObject({ UserCode: VALID_CODE });
    expect(lastCall('SetUserMFAPreference')).toMatchObject({
      SoftwareTokenMfaSettings: { Enabled: false },
    });
    expect(fake.user(EMAIL)?.mfaEnabled.size).toBe(0);
  });

  it('turns text message codes on for an account with a phone', async () => {
    const { user } = await openPage({ phone: '+19195550142' });
    await user.click(await screen.findByRole('button', { name: 'Turn on text message codes' }));
    expect(
      await screen.findByRole('button', { name: 'Turn off text message codes' }),
    ).toBeVisible();
    expect(lastCall('SetUserMFAPreference')).toMatchObject({ SMSMfaSettings: { Enabled: true } });
    expect(fake.user(EMAIL)?.mfaEnabled.has('SMS_MFA')).toBe(true);
  });

  it('adds the profile’s phone to the sign-in account, confirms it with the texted code, then turns text message codes on', async () => {
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({
          userId: 'user-1',
          email: EMAIL,
          name: 'Jordan Miles',
          phone: '(919) 555-0142',
        }),
      ),
    );
    const { user } = await openPage();
    expect(
      await screen.findByText('Text message codes need a phone number on your sign-in account.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on text message codes' })).toBeNull();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    // The profile's phone, as the sign-in account stores it (E.164).
    await waitFor(() => expect(phone).toHaveValue('+19195550142'));

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(
        'Enter the code we sent to +*******0142 to confirm your phone number.',
      ),
    ).toBeVisible();
    expect(lastCall('UpdateUserAttributes')).toMatchObject({
      UserAttributes: [{ Name: 'phone_number', Value: '+19195550142' }],
    });
    expect(lastCall('GetUserAttributeVerificationCode')).toMatchObject({
      AttributeName: 'phone_number',
    });

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent a new code.')).toBeVisible();
    expect(fake.callsTo('GetUserAttributeVerificationCode')).toHaveLength(2);

    const code = screen.getByLabelText('Verification code');
    await user.fill(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(fake.user(EMAIL)?.phoneVerified).toBe(false);

    await user.clear(code);
    await user.fill(code, VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone number is confirmed.')).toBeVisible();
    expect(lastCall('VerifyUserAttribute')).toMatchObject({
      AttributeName: 'phone_number',
      Code: VALID_CODE,
    });
    expect(fake.user(EMAIL)).toMatchObject({ phone: '+19195550142', phoneVerified: true });
    expect(screen.getByText('Phone number: +19195550142')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Turn on text message codes' }));
    expect(
      await screen.findByRole('button', { name: 'Turn off text message codes' }),
    ).toBeVisible();
    expect(fake.user(EMAIL)?.mfaEnabled.has('SMS_MFA')).toBe(true);
  });

  it('refuses a number that cannot be a phone before any call', async () => {
    const { user } = await openPage();
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveValue('');
    await user.fill(phone, '555-01');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid phone number.');
    expect(phone).toHaveValue('555-01');
    expect(fake.callsTo('UpdateUserAttributes')).toHaveLength(0);
  });

  it('asks to confirm an unconfirmed phone of the sign-in account before offering text codes', async () => {
    const { user } = await openPage({ phone: '+19195550100', phoneVerified: false });
    expect(
      await screen.findByText('Confirm your phone number to use text message codes.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on text message codes' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+19195550100');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Enter the code we sent to +*******0100 to confirm your phone number.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+19195550100');
  });

  it('changes a confirmed phone: the new number must be confirmed before text codes use it', async () => {
    const { user } = await openPage({ phone: '+19195550142' });
    expect(await screen.findByText('Phone number: +19195550142')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change phone number' }));
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveValue('+19195550142');
    await user.clear(phone);
    await user.fill(phone, '919 555 0199');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Enter the code we sent to +*******0199 to confirm your phone number.');
    expect(fake.user(EMAIL)).toMatchObject({ phone: '+19195550199', phoneVerified: false });
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone number: +19195550199')).toBeVisible();
  });

  it('signs out of all devices: every refresh token of the account stops working, this browser goes to /auth', async () => {
    const { user, router } = await openPage();
    const otherDevice = fake.issueTokens(EMAIL);
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(lastCall('GlobalSignOut')).toMatchObject({ AccessToken: expect.any(String) });
    expect(reports).toEqual([{ reason: 'global-sign-out', token: expect.any(String) }]);
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const refreshed = await fetch('http://cognito.test/', {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
      body: JSON.stringify({ RefreshToken: otherDevice.refreshToken }),
    });
    expect(refreshed.status).toBe(400);
  });

  it('lists the remembered devices with when each was last used, and forgets one', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    // Named as Amplify names a device: by its browser's user-agent string.
    const laptop = fake.addDevice(EMAIL, {
      name: FIREFOX_ON_LINUX,
      lastSignIn: new Date(2026, 10, 20, 9, 30),
    });
    const phone = fake.addDevice(EMAIL, {
      name: SAFARI_ON_IPHONE,
      lastSignIn: new Date(2026, 10, 25, 18, 5),
    });
    const other = fake.addDevice(EMAIL, { name: 'Not remembered', remembered: false });
    const { user } = await openPage();

    const list = await screen.findByRole('list', { name: 'Remembered devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Firefox on Linux'),
      expect.stringContaining('Safari on iPhone'),
    ]);
    expect(items[0]).toHaveTextContent('Last used 11/20/2026');
    expect(items[1]).toHaveTextContent('Last used 11/25/2026');

    await user.click(within(items[0]!).getByRole('button', { name: 'Forget Firefox on Linux' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(lastCall('ForgetDevice')).toMatchObject({ DeviceKey: laptop });
    expect(
      screen.getByText('Firefox on Linux is forgotten: it will be asked for a code again.'),
    ).toBeVisible();
    expect(fake.devicesOf(EMAIL).map((device) => device.key)).toEqual([phone, other]);
  });

  it('says when the remembered devices could not be loaded, and loads them on Retry', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    fake.addDevice(EMAIL, { name: FIREFOX_ON_LINUX });
    fake.failNext('ListDevices', 'InternalErrorException', 'Internal error');
    const { user } = await openPage();
    const failure = await screen.findByText(
      'Your remembered devices could not be loaded. Please try again.',
    );
    await user.click(
      within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Retry',
      }),
    );
    const list = await screen.findByRole('list', { name: 'Remembered devices' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Firefox on Linux');
  });

  it('says when no device is remembered', async () => {
    await openPage();
    expect(await screen.findByText('No device is remembered.')).toBeVisible();
  });

  it('forgets every remembered device before signing out of all devices', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    const phone = fake.addDevice(EMAIL, { name: SAFARI_ON_IPHONE });
    const laptop = fake.addDevice(EMAIL, { name: FIREFOX_ON_LINUX });
    const { user, router } = await openPage();
    await screen.findByRole('list', { name: 'Remembered devices' });
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    const order = fake.calls
      .filter((call) => ['ForgetDevice', 'GlobalSignOut'].includes(call.target))
      .map((call) => [call.target, call.body.DeviceKey]);
    expect(order).toEqual([
      ['ForgetDevice', phone],
      ['ForgetDevice', laptop],
      ['GlobalSignOut', undefined],
    ]);
    expect(fake.devicesOf(EMAIL)).toEqual([]);
  });

  it('says so when the other devices could not be signed out, and stays signed in', async () => {
    const { user, router } = await openPage();
    fake.failNext('GlobalSignOut', 'InvalidParameterException', 'Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The other devices could not be signed out. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/security');
  });

  it('ends this browser’s session when another device signed out everywhere', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    setTokens(fake.issueTokens(EMAIL));
    fake.user(EMAIL)!.signedOutAt = Math.floor(Date.now() / 1000);
    const { router } = renderApp('/dashboard/security');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem('idToken')).toBeNull();
  });
});
