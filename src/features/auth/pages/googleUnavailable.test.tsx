import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render';

jest.mock('../../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../../config/env')>('../../../config/env');
  return { env: { ...actual.env, cognitoHostedDomain: '' } };
});

describe('without a hosted sign-in domain', () => {
  it.each([
    ['/auth', 'Continue with Google'],
    ['/signup', 'Sign up with Google'],
    ['/forgot-password', 'Continue with Google'],
  ])('%s disables "%s" and says why', async (path, name) => {
    renderApp(path);
    const button = await screen.findByRole('button', { name });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Google sign-in is not set up for this site yet. Please use your email.',
    );
  });
});
