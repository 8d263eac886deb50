import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { renderApp } from '../testing/render';

// The contact page's code cannot be loaded (as when its chunk fails to download).
jest.mock('../features/marketing/pages/ContactPage', () => {
  throw new Error('Loading chunk route-contact failed');
});

describe('a page whose code fails to load', () => {
  it('shows the error page inside the layout, and another page replaces it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/contact');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(consoleError).toHaveBeenCalled();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;

    await userEvent.click(within(nav).getByRole('link', { name: 'Login / Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });
});
