import { act, render, screen } from '@testing-library/react';
import { LoyaltyPanel } from './LoyaltyPanel';

// The chart module stands in for @mui/x-charts: whether it is imported is what matters here.
const mockChartLoaded = jest.fn();
jest.mock('./BookingStatusChart', () => {
  mockChartLoaded();
  return { __esModule: true, default: () => <p>Booking Status chart</p> };
});

/** An IntersectionObserver the test moves into view. */
let reveal: (() => void) | undefined;
class ControlledObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    reveal = () =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const counts = { Booked: 2, Completed: 5, Cancelled: 1 };

describe('LoyaltyPanel: the Booking Status chart', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    reveal = undefined;
    mockChartLoaded.mockClear();
    Object.assign(globalThis, { IntersectionObserver: ControlledObserver });
  });
  afterEach(() => Object.assign(globalThis, { IntersectionObserver: original }));

  it('shows the counts at once and fetches the chart only when it nears the viewport', async () => {
    render(<LoyaltyPanel points={1200} counts={counts} />);
    expect(screen.getByText('Completed: 5 (62.5%)')).toBeInTheDocument();
    expect(screen.queryByText('Booking Status chart')).not.toBeInTheDocument();
    expect(mockChartLoaded).not.toHaveBeenCalled();

    await act(async () => reveal!());
    expect(await screen.findByText('Booking Status chart')).toBeInTheDocument();
    expect(mockChartLoaded).toHaveBeenCalledTimes(1);
  });
});
