import { render, screen } from '@testing-library/react';
import { DashboardPageBody } from './DashboardPageBody';

const content = () => <p>The content</p>;

describe('DashboardPageBody', () => {
  it('loads as a status region and a progress indicator, both named by the label', () => {
    render(
      <DashboardPageBody loading loadingLabel="Loading vehicles" error="Failed">
        {content}
      </DashboardPageBody>,
    );
    const status = screen.getByRole('status', { name: 'Loading vehicles' });
    expect(status).toContainElement(screen.getByRole('progressbar', { name: 'Loading vehicles' }));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(screen.queryByText('The content')).not.toBeInTheDocument();
  });

  it('shows the visible loading text once, without a second name for screen readers', () => {
    render(
      <DashboardPageBody
        loading
        loadingLabel="Loading dashboard..."
        loadingText="Loading dashboard..."
      >
        {content}
      </DashboardPageBody>,
    );
    expect(screen.getByText('Loading dashboard...')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('status', { name: 'Loading dashboard...' })).toBeInTheDocument();
  });

  it('shows the error instead of the empty text and the content', () => {
    render(
      <DashboardPageBody loading={false} loadingLabel="Loading" error="Failed to load" empty="None">
        {content}
      </DashboardPageBody>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load');
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.queryByText('The content')).not.toBeInTheDocument();
  });

  it('shows the empty text, else the content', () => {
    const { rerender } = render(
      <DashboardPageBody loading={false} loadingLabel="Loading" empty="Nothing yet">
        {content}
      </DashboardPageBody>,
    );
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByText('The content')).not.toBeInTheDocument();
    rerender(
      <DashboardPageBody loading={false} loadingLabel="Loading" empty={false}>
        {content}
      </DashboardPageBody>,
    );
    expect(screen.getByText('The content')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
