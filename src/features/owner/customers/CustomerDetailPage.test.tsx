import { configure, screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse, delay } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import type { Loyalty, OwnerCustomer, OwnerPointsAdjustment } from '../api/generated';
import CustomerDetailPage from './CustomerDetailPage';
import { customerPath } from './paths';
import { adjustTexts as a, customerTexts as t } from './messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

const loyalty = (points: number, extra: Loyalty['transactions'] = []): Loyalty => ({
  userId: 'cust-1',
  email: 'ada@example.com',
  points,
  transactions: [
    {
      id: 't1',
      date: '2026-06-01T14:00:00Z',
      type: 'signup_bonus',
      points: 100,
      source: 'Welcome bonus',
    },
    ...extra,
  ],
  createdAt: '2026-06-01T14:00:00Z',
  lastUpdated: '2026-06-01T14:00:00Z',
});

const SMUGGLER = 'jane%40gmail.com?bcc=attacker%40evil.com&x=@example.com';

const customer = (ledger: Loyalty): OwnerCustomer => ({
  profile: {
    userId: 'cust-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: '(919) 555-0101',
    mobile: null,
    serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
  },
  createdAt: '2026-06-01T14:00:00Z',
  vehicles: [
    { vehicleId: 'v1', make: 'Toyota', model: 'RAV4', year: 2019, licensePlate: 'XYZ-987' },
  ],
  bookings: [
    {
      bookingId: 'b1',
      email: 'ada@example.com',
      date: '2026-12-05',
      time: '10:00 AM',
      vehicleType: 'SUV',
      vehicle: '2019 Toyota RAV4',
      selectedAddons: [],
      totalPrice: 120,
      status: 'Booked',
      source: 'website',
      createdAt: '2026-11-20T15:00:00Z',
      seen: true,
      note: 'Gate code 4411',
      cancelReason: '',
    },
  ],
  subscriptions: [
    {
      subscriptionId: 's1',
      userId: 'cust-1',
      plan: 'monthly',
      status: 'active',
      createdAt: '2026-06-02T14:00:00Z',
    },
  ],
  loyalty: ledger,
});

const render = () =>
  renderApp(customerPath('cust-1'), {
    routes: [{ path: '/owner/customers/:userId', element: <CustomerDetailPage /> }],
  });

describe('CustomerDetailPage', () => {
  it('shows the profile, contact links, points with their signs, bookings, vehicles and plans', async () => {
    const ledger = loyalty(60, [
      {
        id: 't2',
        date: '2026-07-01T14:00:00Z',
        type: 'adjustment',
        points: -40,
        source: 'Given twice',
      },
    ]);
    const asked: string[] = [];
    server.use(
      contractHttp.get('/owner/customers/{userId}', async ({ params }) => {
        asked.push(params.userId);
        await delay(20);
        // An identity provider may hold an address whose `?`/`&` would add a Bcc to the link.
        const details = customer(ledger);
        return HttpResponse.json<OwnerCustomer>({
          ...details,
          profile: { ...details.profile, email: SMUGGLER },
        });
      }),
    );
    render();
    expect(await screen.findByRole('progressbar', { name: t.loading })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.email(SMUGGLER) })).toHaveAttribute(
      'href',
      'mailto:jane%2540gmail.com%3Fbcc%3Dattacker%2540evil.com%26x%3D@example.com',
    );
    expect(screen.getByRole('link', { name: t.call('(919) 555-0101') })).toHaveAttribute(
      'href',
      'tel:+19195550101',
    );
    expect(screen.getByText(t.balance('60'))).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[1]!).getByText('-40')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Given twice')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+100')).toBeInTheDocument();
    expect(screen.getByText(t.note('Gate code 4411'))).toBeInTheDocument();
    expect(screen.getByText('Toyota RAV4 (2019) · XYZ-987')).toBeInTheDocument();
    // Written as the request page and the e-mails write it.
    expect(screen.getByText(`${t.address}: 12 Oak St, Cary, NC 27511`)).toBeInTheDocument();
    expect(screen.getByText(/^Monthly · Active · since/)).toBeInTheDocument();
    // The page asks for the customer its address names.
    expect(new Set(asked)).toEqual(new Set(['cust-1']));
  });

  it("names each points transaction as the customer's Loyalty page does", async () => {
    const ledger = loyalty(110, [
      { id: 't2', date: '2026-07-01T14:00:00Z', type: 'adjustment', points: 10, source: 'Fix' },
      // A type a newer server may send: named from its own words, as on the Loyalty page.
      {
        id: 't3',
        date: '2026-07-02T14:00:00Z',
        type: 'referral_bonus' as Loyalty['transactions'][number]['type'],
        points: 300,
        source: 'Friend',
      },
    ]);
    server.use(
      contractHttp.get('/owner/customers/{userId}', () =>
        HttpResponse.json<OwnerCustomer>(customer(ledger)),
      ),
    );
    render();
    const table = await screen.findByRole('table');
    const types = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(types).toEqual(['Referral bonus', 'Adjustment', 'Signup bonus']);
  });

  it('lists a phone number once when the phone and the mobile are the same number', async () => {
    const ledger = loyalty(100);
    const same = customer(ledger);
    same.profile = { ...same.profile, phone: '(919) 555-0123', mobile: '9195550123' };
    server.use(
      contractHttp.get('/owner/customers/{userId}', () => HttpResponse.json<OwnerCustomer>(same)),
    );
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }),
    ).toBeInTheDocument();
    const calls = screen.getAllByRole('link', { name: /^Call / });
    expect(calls.map((link) => link.textContent)).toEqual(['Call (919) 555-0123']);
  });

  it('says so when the customer does not exist', async () => {
    server.use(
      contractHttp.get('/owner/customers/{userId}', () =>
        HttpResponse.json({ error: 'Not Found', message: 'Customer not found' }, { status: 404 }),
      ),
    );
    render();
    expect(await screen.findByText(t.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/owner/customers');
  });

  it("adjusts points: checks the form, shows the sign, keeps what was typed on the server's refusal", async () => {
    let balance = 100;
    const sent: OwnerPointsAdjustment[] = [];
    server.use(
      contractHttp.get('/owner/customers/{userId}', () =>
        HttpResponse.json<OwnerCustomer>(customer(loyalty(balance))),
      ),
      contractHttp.post('/owner/customers/{userId}/points', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (balance + body.points < 0) {
          return HttpResponse.json(
            {
              error: 'Conflict',
              message: `The balance is ${balance} points; an adjustment of ${body.points} would take it below zero`,
            },
            { status: 409 },
          );
        }
        balance += body.points;
        return HttpResponse.json<Loyalty>(loyalty(balance), { status: 201 });
      }),
    );
    render();
    const form = await screen.findByRole('form', { name: a.title });
    await userEvent.click(within(form).getByRole('button', { name: a.submit }));
    expect(within(form).getByText(a.pointsInvalid)).toBeInTheDocument();
    expect(within(form).getByText(a.reasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    const points = within(form).getByRole('textbox', { name: a.points });
    const reason = within(form).getByRole('textbox', { name: a.reason });
    await userEvent.fill(points, '-200');
    expect(within(form).getByText(a.takes('200'))).toBeInTheDocument();
    await userEvent.fill(reason, 'Given twice');
    await userEvent.click(within(form).getByRole('button', { name: a.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The balance is 100 points; an adjustment of -200 would take it below zero',
    );
    expect(points).toHaveValue('-200');
    expect(reason).toHaveValue('Given twice');

    await userEvent.clear(points);
    await userEvent.fill(points, '150');
    expect(within(form).getByText(a.adds('150'))).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: a.submit }));
    expect(await within(form).findByRole('status')).toHaveTextContent(a.saved('+150', '250'));
    expect(sent.at(-1)).toEqual({ points: 150, reason: 'Given twice' });
    expect(await screen.findByText(t.balance('250'))).toBeInTheDocument();
    expect(points).toHaveValue('');
  });
});
