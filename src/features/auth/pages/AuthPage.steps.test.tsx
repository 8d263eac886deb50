/**
 * Every further step a user pool can ask for after the password (docs/product.md §5, §7),
 * against the fake pool answering the Cognito protocol through MSW.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
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
const WRONG_CODE = '999999';

let fake: FakeCognito;
beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
});

async function logIn() {
  const rendered = renderApp('/auth');
  const user = userEvent.setup();
  await user.fill(await screen.findByLabelText('Email'), EMAIL);
  await user.fill(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return { ...rendered, user };
}

const lastChallengeAnswer = () => fake.callsTo('RespondToAuthChallenge').at(-1)?.body;

async function expectDashboard(router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(localStorage.getItem('idToken')).toMatch(/\./);
}

describe('sign-in steps', () => {
  it('lets the customer choose SMS or the authenticator app, then checks that code', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] });
    const { user, router } = await logIn();

    expect(await screen.findByText('Choose how to get your verification code.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Text message (SMS)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a method.');
    expect(fake.callsTo('RespondToAuthChallenge')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    expect(lastChallengeAnswer()).toMatchObject({
      ChallengeName: 'SELECT_MFA_TYPE',
      ChallengeResponses: { ANSWER: 'SOFTWARE_TOKEN_MFA' },
    });

    await user.fill(screen.getByLabelText('Verification code'), WRONG_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code received for user');
    await user.clear(screen.getByLabelText('Verification code'));
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectDashboard(router);
  });

  it('sets up an authenticator app: QR code, the key as text, then its first code', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, state: { setup: ['SOFTWARE_TOKEN_MFA'] } });
    const { user, router } = await logIn();

    expect(
      await screen.findByRole('heading', { name: 'Set up your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByText(FAKE_TOTP_SECRET)).toBeVisible();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(fake.callsTo('AssociateSoftwareToken')[0]?.body).toMatchObject({
      Session: expect.any(String),
    });

    await user.fill(screen.getByLabelText('Verification code'), WRONG_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Code mismatch and fail enable Software Token MFA',
    );
    expect(screen.getByText(FAKE_TOTP_SECRET)).toBeVisible();

    await user.clear(screen.getByLabelText('Verification code'));
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectDashboard(router);
    expect(fake.callsTo('VerifySoftwareToken').at(-1)?.body).toMatchObject({
      UserCode: VALID_CODE,
    });
    expect(lastChallengeAnswer()).toMatchObject({ ChallengeName: 'MFA_SETUP' });
  });

  it('lets the customer pick what to set up, sets up e-mail codes and signs in with one', async () => {
    fake.addUser({
      email: EMAIL,
      password: PASSWORD,
      state: { setup: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] },
    });
    const { user, router } = await logIn();

    expect(
      await screen.findByRole('heading', { name: 'Set up two-step verification' }),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Set up email verification' })).toBeVisible();
    const address = screen.getByLabelText('Email');
    await user.fill(address, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(fake.callsTo('RespondToAuthChallenge')).toHaveLength(0);
    await user.clear(address);
    await user.fill(address, EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Enter the 6-digit code we sent to j***@e***.')).toBeVisible();
    expect(lastChallengeAnswer()).toMatchObject({
      ChallengeName: 'MFA_SETUP',
      ChallengeResponses: { EMAIL: EMAIL },
    });
    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectDashboard(router);
    expect(lastChallengeAnswer()).toMatchObject({
      ChallengeName: 'EMAIL_OTP',
      ChallengeResponses: { EMAIL_OTP_CODE: VALID_CODE },
    });
  });

  it('asks for a required new password with the password rule, then signs in', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, state: 'new-password' });
    const { user, router } = await logIn();

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.fill(password, 'password');
    await user.fill(confirm, 'password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    await user.clear(password);
    await user.fill(password, 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(fake.callsTo('RespondToAuthChallenge')).toHaveLength(0);

    fake.failNext(
      'RespondToAuthChallenge',
      'InvalidPasswordException',
      'Password does not conform to policy: Password must have symbol characters',
    );
    await user.clear(confirm);
    await user.fill(confirm, 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password does not conform to policy: Password must have symbol characters',
    );
    expect(password).toHaveValue('Fresh#Pass9');
    expect(confirm).toHaveValue('Fresh#Pass9');

    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await expectDashboard(router);
    expect(lastChallengeAnswer()).toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeResponses: { NEW_PASSWORD: 'Fresh#Pass9' },
    });
    expect(fake.user(EMAIL)?.password).toBe('Fresh#Pass9');
  });

  it('asks for the e-mail code; cancel goes back to the filled-in credentials', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD, mfa: 'EMAIL_OTP' });
    const { user, router } = await logIn();

    expect(await screen.findByText('Enter the 6-digit code we sent to j***@e***.')).toBeVisible();
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);

    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.fill(await screen.findByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectDashboard(router);
  });

  it('says the password must be reset when the pool requires it', async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    fake.failNext('InitiateAuth', 'PasswordResetRequiredException', 'Password reset required.');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your password must be reset before you can sign in.',
    );
  });
});
