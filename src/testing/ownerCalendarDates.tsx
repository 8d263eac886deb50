/**
 * The owner's screens write a booking's calendar date (YYYY-MM-DD, no time zone) as that day
 * whatever the browser's time zone. Run by one test file per zone (`@time-zone` docblock,
 * src/testing/jsdomEnvironment.ts).
 */
import { screen } from '@testing-library/react';
import { renderApp } from './render';
import { appointmentText, calendarDayText } from '../../domain/dates';
import CustomerDetailPage from '../features/owner/customers/CustomerDetailPage';
import { customerPath } from '../features/owner/customers/paths';
import { RequestCard } from '../features/owner/inbox/RequestCard';
import {
  customerPageAnswers,
  ownerBooking,
  signInAsOwner,
} from '../features/owner/testing/ownerApi';

/** The stored day and how every screen names it. */
const STORED = { date: '2026-12-18', time: '10:00 AM' };
const SHORT = 'Fri, Dec 18, 2026';
const LONG = 'Friday, December 18, 2026';

export function describeCalendarDates(zone: string) {
  describe(`a booking's date with the browser in ${zone}`, () => {
    beforeEach(() => signInAsOwner());

    it('runs in that zone', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(new Date(`${STORED.date}T00:00:00Z`).getTimezoneOffset()).not.toBe(0);
    });

    it("is the stored day on the customer's page", async () => {
      const booking = ownerBooking({ ...STORED, note: '' });
      customerPageAnswers([booking]);
      renderApp(customerPath('cust-1'), {
        routes: [{ path: '/owner/customers/:userId', element: <CustomerDetailPage /> }],
      });
      expect(await screen.findByText(new RegExp(`^${SHORT} at 10:00 AM`))).toBeInTheDocument();
    });

    it('is the stored day on the inbox card', () => {
      renderApp('/', {
        routes: [
          {
            path: '/',
            element: (
              <ul>
                <RequestCard booking={ownerBooking(STORED)} />
              </ul>
            ),
          },
        ],
      });
      expect(screen.getByText(new RegExp(`${SHORT} at 10:00 AM`))).toBeInTheDocument();
    });

    it('is the stored day in the request, route and e-mail texts', () => {
      expect(appointmentText(STORED)).toBe(`${SHORT} at 10:00 AM`);
      expect(calendarDayText(STORED.date)).toBe(SHORT);
      expect(appointmentText(STORED, 'long')).toBe(`${LONG} at 10:00 AM`);
      expect(calendarDayText('2026-01-01', 'long')).toBe('Thursday, January 1, 2026');
    });
  });
}
