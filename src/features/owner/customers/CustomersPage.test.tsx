import { configure, screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse, delay } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import type { OwnerCustomerPage, OwnerCustomerSummary } from '../api/generated';
import CustomersPage from './CustomersPage';
import { CUSTOMERS_PATH } from './paths';
import { customersTexts as t } from './messages';
import { OWNER_TEXT } from '../messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

const summary = (n: number, name = `Customer ${n}`): OwnerCustomerSummary => ({
  userId: `user-${n}`,
  name,
  email: `c${n}@example.com`,
  phone: `919-555-01${String(n).padStart(2, '0')}`,
  mobile: null,
  points: 1000 + n,
  bookingCount: n % 3,
  createdAt: '2026-11-01T12:00:00Z',
});

const render = () =>
  renderApp(CUSTOMERS_PATH, { routes: [{ path: CUSTOMERS_PATH, element: <CustomersPage /> }] });

describe('CustomersPage', () => {
  it('shows a spinner, then the customers; "More customers" sends the cursor and appends', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      contractHttp.get('/owner/customers', async ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        await delay(20);
        return params.get('cursor') === 'page-2'
          ? HttpResponse.json<OwnerCustomerPage>({ items: [summary(3)], nextCursor: null })
          : HttpResponse.json<OwnerCustomerPage>({
              items: [summary(1, ''), summary(2)],
              nextCursor: 'page-2',
            });
      }),
    );
    render();
    expect(await screen.findByRole('progressbar', { name: t.loading })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: t.listLabel });
    expect(await within(list).findByRole('link', { name: t.noName })).toHaveAttribute(
      'href',
      '/owner/customers/user-1',
    );
    expect(within(list).getByText(`${t.points('1,002')} · ${t.bookings(2)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.more }));
    expect(await within(list).findByRole('link', { name: 'Customer 3' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Customer 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.more })).not.toBeInTheDocument();
    expect(asked.map((params) => params.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('searches by what is typed and says when nobody matches', async () => {
    server.use(
      contractHttp.get('/owner/customers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        return HttpResponse.json<OwnerCustomerPage>({
          items: q === 'ada' ? [summary(7, 'Ada Lovelace')] : q ? [] : [summary(1)],
          nextCursor: null,
        });
      }),
    );
    render();
    expect(await screen.findByRole('link', { name: 'Customer 1' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: t.searchLabel });
    await userEvent.type(box, ' ada {Enter}');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Customer 1' })).not.toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.fill(box, 'zed');
    await userEvent.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByText(t.noMatch('zed'))).toBeInTheDocument();
  });

  it("shows the server's error with a way to try again", async () => {
    let calls = 0;
    server.use(
      contractHttp.get('/owner/customers', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: 'Service Unavailable', message: 'The database is busy' },
              { status: 503 },
            )
          : HttpResponse.json<OwnerCustomerPage>({ items: [], nextCursor: null });
      }),
    );
    render();
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: OWNER_TEXT.retry }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
