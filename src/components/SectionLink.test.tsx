import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { renderApp } from '../testing/render';

describe('section links', () => {
  it('on the home page, move the keyboard focus to the section they scroll to', async () => {
    const { router } = renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    await userEvent.click(within(nav).getByRole('link', { name: 'Book Now' }));
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('booking')));
    expect(router.state.location.hash).toBe('#booking');
  });
});
