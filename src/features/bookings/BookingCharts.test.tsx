import { render } from '@testing-library/react';
import { normalizeWebsiteBooking } from '../../api/normalize';
import BookingCharts from './BookingCharts';

/**
 * jsdom lays nothing out: the charts read their width and height from the computed style, so
 * the test gives every element a phone's size.
 */
beforeEach(() => {
  const real = window.getComputedStyle.bind(window);
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const size: Record<string, string> = { width: '360px', height: '300px' };
    const style = real(element, pseudo);
    return new Proxy(style, {
      get: (target, key) =>
        typeof key === 'string' && key in size
          ? size[key]
          : (Reflect.get(target, key, target) as unknown),
    });
  });
});
afterEach(() => jest.restoreAllMocks());

const completed = (id: string, date: string, totalPrice: number) =>
  normalizeWebsiteBooking({
    bookingId: id,
    date,
    time: '10:00 AM',
    vehicleType: 'Sedan',
    totalPrice,
    status: 'Completed',
  });

describe('the monthly trends chart', () => {
  it('shows the amount spent of a single month as a mark a person can see', () => {
    const { container } = render(
      <BookingCharts website={[completed('b1', '2026-05-02', 145)]} external={[]} />,
    );
    const chart = container.querySelector('svg[aria-labelledby="monthly-trends-title"]')!;
    expect(chart).not.toBeNull();
    // The month's bars and the spending line are drawn (the chart has its size).
    expect(chart.querySelectorAll('rect.MuiBarChart-element').length).toBeGreaterThan(0);
    expect(chart.querySelector('path.MuiLineChart-line')).not.toBeNull();
    // A line of one point draws nothing: the month's amount needs its mark.
    const marks = chart.querySelectorAll('.MuiLineChart-mark');
    expect(marks).toHaveLength(1);
  });
});
