/** A failure while preparing the overview's figures (docs/product.md §8), apart from the load. */
import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { signIn } from '../../../testing/tokens';
import { DASHBOARD_PREPARE_FAILED, dashboardTexts } from '../messages';

jest.mock('../../../lib/bookingStats', () => ({
  ...jest.requireActual<object>('../../../lib/bookingStats'),
  statusCounts: () => {
    throw new Error('unexpected booking data');
  },
}));

it('shows "Error loading dashboard data." when the figures cannot be prepared', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  signIn();
  renderApp('/dashboard');
  expect(await screen.findByText(DASHBOARD_PREPARE_FAILED)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: dashboardTexts.title })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: dashboardTexts.refresh })).toBeInTheDocument();
  log.mockRestore();
});
