import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import { apiUrl } from '../../testing/api';
import type { Loyalty } from '../../api/generated';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { TOP_LEVEL_MESSAGE } from '../../../domain/loyalty';
import { loyaltyMessages as m } from './messages';

// A whole app renders per test (lazy routes, charts); give a busy CI machine time to answer.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const account = (points: number, transactions: Loyalty['transactions']): Loyalty => ({
  userId: 'user-1',
  points,
  transactions,
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdated: '2026-03-10T00:00:00Z',
});

const answerLoyalty = (body: Loyalty) =>
  server.use(contractHttp.get('/loyalty', () => HttpResponse.json(body)));
/** Off the contract on purpose: a legacy backend's DynamoDB-typed values and epoch dates. */
const answerLegacyLoyalty = (transactions: object[]) =>
  server.use(
    http.get(apiUrl('/loyalty'), () => HttpResponse.json({ ...account(450, []), transactions })),
  );

describe(m.title, () => {
  beforeEach(() => signIn());

  it('shows a spinner while loading, then level, points, progress and the explanation', async () => {
    server.use(
      contractHttp.get('/loyalty', async () => {
        await delay(30);
        return HttpResponse.json(account(2600, []));
      }),
    );
    renderApp('/dashboard/loyalty');
    expect(await screen.findByRole('progressbar', { name: m.loading })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Silver' })).toBeInTheDocument();
    expect(screen.getByText('2,600')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: m.progressLabel('5,000') });
    expect(progress).toHaveAttribute('aria-valuenow', '52');
    expect(screen.getByText(m.moreToReach('900', 'Gold'))).toBeInTheDocument();
    expect(screen.getByText(m.pointWorth('$0.10'))).toBeInTheDocument();
    expect(screen.getByText(m.redeemFrom('2,000'))).toBeInTheDocument();
    expect(screen.getByText(m.autoRedeem('5,000'))).toBeInTheDocument();
  });

  it('at the top level the progress is full and says so', async () => {
    answerLoyalty(account(7200, []));
    renderApp('/dashboard/loyalty');
    expect(await screen.findByRole('heading', { level: 2, name: 'Platinum' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: m.progressLabel('5,000') })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText(TOP_LEVEL_MESSAGE)).toBeInTheDocument();
  });

  it('without transactions: the no-transactions text, no chart, no table', async () => {
    answerLoyalty(account(0, []));
    renderApp('/dashboard/loyalty');
    expect(await screen.findByText(m.noTransactions)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bronze' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: m.pointsOverTime })).not.toBeInTheDocument();
  });

  it('with only the signup bonus: the signup text instead of a chart, and the bonus in the table', async () => {
    answerLoyalty(
      account(100, [
        {
          id: 't1',
          date: '2026-03-01T15:00:00Z',
          type: 'signup_bonus',
          points: 100,
          source: 'Welcome bonus',
        },
      ]),
    );
    renderApp('/dashboard/loyalty');
    expect(await screen.findByText(m.signupOnly)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: m.transactions });
    expect(within(table).getByText('Signup bonus')).toBeInTheDocument();
    expect(within(table).getByText('+100')).toBeInTheDocument();
  });

  it('with activity: the chart and the transactions, newest first, a redeem negative, Unknown date', async () => {
    answerLegacyLoyalty([
      {
        id: 't1',
        date: '2026-03-01T15:00:00Z',
        type: 'signup_bonus',
        points: 100,
        source: 'Welcome bonus',
      },
      {
        id: 't2',
        date: { S: '2026-03-05 15:00:00Z' },
        type: 'earn',
        points: { N: '500' },
        source: 'Completed: Detailing Service for the SUV on Thu, Mar 5, 2026',
      },
      {
        id: 't3',
        date: 1773331200,
        type: 'redeem',
        points: 150,
        source: 'Redeemed for a discount',
      },
      { id: 't4', date: 'not a date', type: 'adjustment', points: 0, source: '' },
    ]);
    renderApp('/dashboard/loyalty');
    expect(await screen.findByRole('heading', { name: m.pointsOverTime })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: m.transactions });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(Object.values(m.columns));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3/12/2026', 'Redeemed', '-150', 'Redeemed for a discount'],
      [
        '3/5/2026',
        'Earned',
        '+500',
        'Completed: Detailing Service for the SUV on Thu, Mar 5, 2026',
      ],
      ['3/1/2026', 'Signup bonus', '+100', 'Welcome bonus'],
      ['Unknown date', 'Adjustment', '0', m.noSource],
    ]);
    expect(screen.queryByText(m.signupOnly)).not.toBeInTheDocument();
  });

  it('keeps the sign of every transaction: a negative redeem or adjustment stays negative', async () => {
    answerLoyalty(
      account(225, [
        { id: 'a', date: '2026-03-01T15:00:00Z', type: 'earn', points: 500, source: 'Booking' },
        { id: 'b', date: '2026-03-02T15:00:00Z', type: 'redeem', points: -200, source: 'Reward' },
        { id: 'c', date: '2026-03-03T15:00:00Z', type: 'adjustment', points: -75, source: 'Fix' },
      ]),
    );
    renderApp('/dashboard/loyalty');
    const table = await screen.findByRole('table', { name: m.transactions });
    const points = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(points).toEqual(['-75', '-200', '+500']);
  });

  it('a failed load toasts the message and shows zero points', async () => {
    server.use(
      contractHttp.get('/loyalty', () =>
        HttpResponse.json(
          { error: 'Service Unavailable', message: 'Loyalty service unavailable' },
          { status: 503 },
        ),
      ),
    );
    renderApp('/dashboard/loyalty');
    expect(await screen.findByText('Loyalty service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bronze' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: m.progressLabel('5,000') })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByText(m.noTransactions)).toBeInTheDocument();
  });
});
