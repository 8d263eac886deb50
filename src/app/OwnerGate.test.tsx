import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/render';
import { userEvent } from '../testing/user';
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
      'Availability',
      'Your business',
      'Health',
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

  it("leads a signed-in owner back to the console from the header's links and menu", async () => {
    emptyInbox();
    signInAsOwner();
    const { router } = renderApp('/services');
    // The wide screen's links and the phone's menu: both are navigations named Main, one of
    // them hidden by the screen's width.
    const navs = await screen.findAllByRole('navigation', { name: 'Main', hidden: true });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(
        await within(nav).findByRole('link', { name: 'Owner console', hidden: true }),
      ).toHaveAttribute('href', '/owner');
      // The owner's account has no customer data: no empty customer dashboard is offered.
      expect(
        within(nav).queryByRole('link', { name: 'My Dashboard', hidden: true }),
      ).not.toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: 'Logout', hidden: true })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('link', { name: 'Owner console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Requests inbox' }),
    ).toBeInTheDocument();
  });

  it("offers a customer their dashboard in the header, not the owner's console", async () => {
    signIn();
    renderApp('/services');
    const navs = await screen.findAllByRole('navigation', { name: 'Main', hidden: true });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(
        await within(nav).findByRole('link', { name: 'My Dashboard', hidden: true }),
      ).toHaveAttribute('href', '/dashboard');
      expect(
        within(nav).queryByRole('link', { name: 'Owner console', hidden: true }),
      ).not.toBeInTheDocument();
    }
  });
});
