import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { renderApp } from '../testing/render';
import { signIn } from '../testing/tokens';

describe('routing', () => {
  it.each([
    ['/services', 'Our Services'],
    ['/gallery', 'Gallery'],
    ['/contact', 'Contact Us'],
    ['/booking', 'Book a Service'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s renders its page', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('an unknown path lands on /', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(document.getElementById('services')).toBeInTheDocument();
  });

  it('/dashboard when signed out lands on /auth', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('/dashboard when signed in shows the dashboard', async () => {
    signIn();
    renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();
  });

  it('a section link from another page goes to /#section', async () => {
    const { router } = renderApp('/services');
    await screen.findByRole('heading', { level: 1, name: 'Our Services' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await userEvent.click(within(nav).getByRole('link', { name: 'Our Best Work' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#gallery');
  });
});
