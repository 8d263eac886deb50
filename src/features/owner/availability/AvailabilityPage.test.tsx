import { configure, screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import { DEFAULT_RULES } from '../../../../domain/availability';
import type { AvailabilityRules } from '../api/generated';
import AvailabilityPage from './AvailabilityPage';
import { availabilityTexts as t } from './messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

const render = () =>
  renderApp('/owner/availability', {
    routes: [{ path: '/owner/availability', element: <AvailabilityPage /> }],
  });

/** Serves the rules and records what PUT /owner/availability receives. */
function serveRules(answer?: () => Response) {
  const saved: AvailabilityRules[] = [];
  server.use(
    contractHttp.get('/owner/availability', () => HttpResponse.json(DEFAULT_RULES)),
    contractHttp.put('/owner/availability', async ({ request }) => {
      const body = (await request.json()) as AvailabilityRules;
      saved.push(body);
      return (answer?.() ?? HttpResponse.json(body)) as never;
    }),
  );
  return saved;
}

describe('AvailabilityPage', () => {
  it('shows the rules and saves the changes: Saturdays closed, a day off, a longer SUV job, instant booking', async () => {
    const user = userEvent.setup();
    const saved = serveRules();
    render();
    const saturday = await screen.findByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByLabelText(t.from)).toHaveValue('09:00');
    await user.click(within(saturday).getByRole('checkbox', { name: t.open }));
    await user.click(screen.getByRole('radio', { name: t.modes.instant }));
    const suv = screen.getByLabelText('SUV (minutes)');
    await user.clear(suv);
    await user.type(suv, '150');
    await user.type(screen.getByLabelText(t.dayOffFrom), '2026-12-24');
    await user.type(screen.getByLabelText(t.dayOffTo), '2026-12-26');
    await user.click(screen.getByRole('button', { name: t.addDayOff }));
    expect(screen.getByText('Thu, Dec 24, 2026 – Sat, Dec 26, 2026')).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeVisible();
    expect(saved).toEqual([
      {
        ...DEFAULT_RULES,
        mode: 'instant',
        week: { ...DEFAULT_RULES.week, saturday: { ...DEFAULT_RULES.week.saturday, open: false } },
        jobMinutes: { ...DEFAULT_RULES.jobMinutes, SUV: 150 },
        daysOff: [{ from: '2026-12-24', to: '2026-12-26' }],
      },
    ]);
  });

  it('Monday 8 AM–2 PM starts every hour, shown under the day; a step of 30 minutes is saved with the rules', async () => {
    const user = userEvent.setup();
    const saved = serveRules();
    render();
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByText(t.starts('4:00 PM, 5:00 PM, 6:00 PM'))).toBeVisible();
    await user.clear(within(monday).getByLabelText(t.from));
    await user.type(within(monday).getByLabelText(t.from), '08:00');
    await user.clear(within(monday).getByLabelText(t.to));
    await user.type(within(monday).getByLabelText(t.to), '14:00');
    expect(
      within(monday).getByText(
        t.starts('8:00 AM, 9:00 AM, 10:00 AM, 11:00 AM, 12:00 PM, 1:00 PM, 2:00 PM'),
      ),
    ).toBeVisible();
    // Tuesday keeps the website's set times until the owner chooses a step.
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    expect(within(tuesday).getByText(t.starts('4:00 PM, 5:00 PM, 6:00 PM'))).toBeVisible();
    await user.selectOptions(screen.getByLabelText(t.step), t.steps[30]);
    expect(
      within(tuesday).getByText(
        t.starts(
          '9:00 AM, 9:30 AM, 10:00 AM, 10:30 AM, 11:00 AM, 11:30 AM, 12:00 PM, 12:30 PM, 1:00 PM, 1:30 PM, 2:00 PM, 2:30 PM, 3:00 PM, 3:30 PM, 4:00 PM, 4:30 PM, 5:00 PM, 5:30 PM, 6:00 PM',
        ),
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeVisible();
    expect(saved[0]!.stepMinutes).toBe(30);
    expect(saved[0]!.week.monday).toEqual({ open: true, start: '08:00', end: '14:00' });
    expect(saved[0]!.week.saturday).toEqual({ open: true, start: '09:00', end: '18:00' });
  });

  it("shows the server's refusal naming the field, keeping what was typed", async () => {
    const user = userEvent.setup();
    serveRules(() =>
      HttpResponse.json(
        { error: 'Bad Request', message: 'body/daysOff/1 overlaps body/daysOff/0' },
        { status: 400 },
      ),
    );
    render();
    const travel = await screen.findByLabelText(t.travel);
    await user.clear(travel);
    await user.type(travel, '45');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('body/daysOff/1 overlaps body/daysOff/0')).toBeVisible();
    expect(travel).toHaveValue(45);
  });
});
