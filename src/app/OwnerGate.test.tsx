import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/render';
import { signIn } from '../testing/tokens';
import { inboxAnswers, signInAsOwner } from '../features/owner/testing/ownerApi';

const emptyInbox = () => inboxAnswers(() => ({ items: [], nextCursor: null, newCount: 0 }));

describe('the owner console at /owner', () => {
  it('sends a signed-in customer to their dashboard, without asking the owner API', async () => {
    const asked = emptyInbox();
    signIn();
    const { router } = renderApp('/owner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Owner console' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('sends a customer on a deeper owner path to the dashboard too', async () => {
    signIn();
    const { router } = renderApp('/owner/route');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a visitor without a session to the login page', async () => {
    const { router } = renderApp('/owner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
  });

  it('shows an owner the console: the inbox and the navigation', async () => {
    emptyInbox();
    signInAsOwner();
    renderApp('/owner');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Owner console' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Inbox',
      'Route',
      'Customers',
      'Numbers',
    ]);
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('takes an owner with a stored session from the login page to /owner', async () => {
    emptyInbox();
    signInAsOwner();
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
    ).toBeInTheDocument();
  });
});
