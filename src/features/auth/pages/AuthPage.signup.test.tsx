import { screen, waitFor } from '@testing-library/react';
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

const EMAIL = 'sam@example.com';
const PASSWORD = 'Secret#123';

let fake: FakeCognito;
beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
});

async function fillSignup(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.fill(await screen.findByLabelText('Email'), email);
  await user.fill(screen.getByLabelText('Password'), password);
  await user.fill(screen.getByLabelText('Confirm password'), confirm);
  return user;
}

describe('sign-up', () => {
  it('creates the account, asks for the e-mail code, confirms it and offers the login', async () => {
    const { router } = renderApp('/signup');
    const user = await fillSignup(' Sam@Example.com', PASSWORD, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText('Account created! Please check your email to confirm.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('SignUp')[0]?.body).toMatchObject({
      Username: EMAIL,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: EMAIL }],
    });
    const code = screen.getByLabelText('Confirmation code');
    expect(code).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the verification code.',
    );
    await user.fill(code, VALID_CODE);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?mode=login'));
    expect(fake.callsTo('ConfirmSignUp')[0]?.body).toMatchObject({
      Username: EMAIL,
      ConfirmationCode: VALID_CODE,
    });
    expect(
      await screen.findByText('Your email is confirmed. You can now log in.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(fake.user(EMAIL)?.confirmed).toBe(true);
  });

  it('says "Passwords do not match." and sends nothing', async () => {
    renderApp('/signup');
    const user = await fillSignup(EMAIL, PASSWORD, 'Secret#124');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(fake.calls).toHaveLength(0);
    expect(screen.getByLabelText('Confirm password')).toHaveValue('Secret#124');
  });

  it('asks for a valid e-mail', async () => {
    renderApp('/auth?mode=signup');
    const user = await fillSignup('sam', PASSWORD, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it("shows the provider's message and keeps every typed value", async () => {
    fake.addUser({ email: EMAIL, password: PASSWORD });
    renderApp('/signup');
    const user = await fillSignup(EMAIL, PASSWORD, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with the given email already exists.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    expect(screen.getByLabelText('Confirm password')).toHaveValue(PASSWORD);
  });

  it("shows the provider's code when there is no message", async () => {
    fake.failNext('SignUp', 'InvalidPasswordException', '');
    renderApp('/signup');
    const user = await fillSignup(EMAIL, 'short', 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('InvalidPasswordException');
  });

  it('shows a wrong confirmation code and can send a new one', async () => {
    renderApp('/signup');
    const user = await fillSignup(EMAIL, PASSWORD, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.fill(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm Email' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(screen.getByLabelText('Confirmation code')).toHaveValue('000000');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(`We sent a new code to ${EMAIL}.`)).toBeInTheDocument();
    expect(fake.callsTo('ResendConfirmationCode')[0]?.body).toMatchObject({ Username: EMAIL });
  });
});
