import { render, screen } from '@testing-library/react';
import { DEFAULT_RULES } from '../../../domain/availability';
import { WorkingWeekContext } from '../../lib/workingWeek';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows the hours of the rules it is given (the prerender gives the stored ones)', () => {
    const week = {
      ...DEFAULT_RULES.week,
      monday: { open: true, start: '08:00', end: '14:00' },
      tuesday: { open: true, start: '08:00', end: '14:00' },
      wednesday: { open: true, start: '08:00', end: '14:00' },
      thursday: { open: true, start: '08:00', end: '14:00' },
      friday: { open: true, start: '08:00', end: '14:00' },
      saturday: { open: true, start: '08:00', end: '12:00' },
      sunday: { open: false, start: '09:00', end: '18:00' },
    };
    render(
      <WorkingWeekContext.Provider value={week}>
        <Footer />
      </WorkingWeekContext.Provider>,
    );
    expect(screen.getByText('Hours: Mon-Fri 8am-2pm, Sat 8am-12pm')).toBeVisible();
  });

  it('shows the seeded rules’ hours without a provider', () => {
    render(<Footer />);
    expect(screen.getByText('Hours: Mon-Sun 9am-6pm')).toBeVisible();
  });
});
