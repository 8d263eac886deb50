import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { createFakeCognito, VALID_CODE, type FakeCognito } from '../../../testing/cognito';

jest.mock('../../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../../config/env')>('../../../config/env');
  const { identityTestEnv } = jest.requireActual<typeof import('../../../testing/cognito')>(
    '../../../testing/cognito',
  );
  return { env: { ...actual.env, ...identityTestEnv } };
});

const EMAIL = 'jordan@example.com';
const NEW_PASSWORD = 'Fresh#Pass9';

let fake: FakeCognito;
beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
  fake.addUser({ email: EMAIL, password: 'Old#Pass1' });
});
afterEach(() => {
  jest.useRealTimers();
});

async function toStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.fill(await screen.findByLabelText('Email'), 'Jordan@example.com ');
  await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
  return screen.findByLabelText('Verification code');
}

describe('forgot password', () => {
  it('sends a code, resets the password, and goes to /auth after 2.5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp('/forgot-password');
    const code = await toStepTwo(user);
    expect(fake.callsTo('ForgotPassword')[0]?.body).toMatchObject({ Username: EMAIL });
    expect(code).toHaveFocus();

    await user.fill(code, VALID_CODE);
    await user.fill(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Password reset successful! You can now log in.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('ConfirmForgotPassword')[0]?.body).toMatchObject({
      Username: EMAIL,
      ConfirmationCode: VALID_CODE,
      Password: NEW_PASSWORD,
    });
    expect(fake.user(EMAIL)?.password).toBe(NEW_PASSWORD);

    act(() => jest.advanceTimersByTime(2400));
    expect(router.state.location.pathname).toBe('/forgot-password');
    act(() => jest.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
  });

  it('checks the e-mail pattern before sending', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.fill(await screen.findByLabelText('Email'), 'jordan@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(fake.calls).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveValue('jordan@example');
  });

  it('requires the code and a strong new password', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await toStepTwo(user);

    await user.fill(screen.getByLabelText('New password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the verification code.',
    );

    await user.fill(screen.getByLabelText('Verification code'), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    expect(fake.callsTo('ConfirmForgotPassword')).toHaveLength(0);
    expect(screen.getByLabelText('New password')).toHaveValue('weakpass');
  });

  it("shows the provider's message on failure and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await toStepTwo(user);
    await user.fill(screen.getByLabelText('Verification code'), '111111');
    await user.fill(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(screen.getByLabelText('Verification code')).toHaveValue('111111');
    expect(screen.getByLabelText('New password')).toHaveValue(NEW_PASSWORD);
  });

  it("shows the provider's code when the failure has no message", async () => {
    fake.failNext('ForgotPassword', 'InvalidParameterException', '');
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.fill(await screen.findByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('InvalidParameterException');
  });

  it('links "Remembered your password?" to /auth?mode=login', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('link', { name: 'Remembered your password?' }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?mode=login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
  });
});
