import { configure, screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse, delay } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import type { OwnerNumbers } from '../api/generated';
import { numbersTexts as t } from '../customers/messages';
import NumbersPage from './NumbersPage';
import { OWNER_TEXT } from '../messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

const numbers: OwnerNumbers = {
  timeZone: 'America/New_York',
  thisMonth: { month: '2026-11', requests: 14, jobsDone: 9, revenue: 1245.5, completedRequests: 6 },
  lastMonth: { month: '2026-10', requests: 11, jobsDone: 10, revenue: 1380, completedRequests: 6 },
};

const render = () =>
  renderApp('/owner/numbers', { routes: [{ path: '/owner/numbers', element: <NumbersPage /> }] });

describe('NumbersPage', () => {
  it('shows both months as a chart and, for everyone, a table with the change', async () => {
    server.use(
      contractHttp.get('/owner/numbers', async () => {
        await delay(20);
        return HttpResponse.json<OwnerNumbers>(numbers);
      }),
    );
    render();
    expect(await screen.findByRole('progressbar', { name: t.loading })).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: t.tableCaption('October 2026', 'November 2026'),
    });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.textContent;
    expect(row(t.figures.requests)).toBe(`${t.figures.requests}1114+3`);
    expect(row(t.figures.jobsDone)).toBe(`${t.figures.jobsDone}109−1`);
    expect(row(t.figures.revenue)).toBe(`${t.figures.revenue}$1,380$1,245.50−$134.50`);
    expect(row(t.figures.completedRequests)).toBe(`${t.figures.completedRequests}660`);
    expect(screen.getByRole('heading', { level: 2, name: t.chartTitle })).toBeInTheDocument();
  });

  it("shows the server's error with a way to try again", async () => {
    let calls = 0;
    server.use(
      contractHttp.get('/owner/numbers', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: 'Service Unavailable', message: 'The database is busy' },
              { status: 503 },
            )
          : HttpResponse.json<OwnerNumbers>(numbers);
      }),
    );
    render();
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: OWNER_TEXT.retry }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
