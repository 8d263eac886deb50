import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../testing/api';
import { contractHttp } from '../../testing/contractHttp';
import type { Subscription } from '../../api/generated';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { subscriptionMessages as m } from './messages';

const sub = (
  id: string,
  plan: Subscription['plan'],
  status: Subscription['status'],
  createdAt: string,
): Subscription => ({
  subscriptionId: id,
  userId: 'user-1',
  plan,
  status,
  createdAt,
});

/** An in-memory subscriptions API (the server keeps cancelled plans with that status). */
function subscriptionsApi(initial: Subscription[]) {
  const state = { list: [...initial], posted: [] as unknown[], deleted: [] as string[] };
  server.use(
    contractHttp.get('/subscriptions', () => HttpResponse.json(state.list)),
    contractHttp.post('/subscriptions', async ({ request }) => {
      const body = await request.json();
      state.posted.push(body);
      const created = sub(`s${state.list.length + 1}`, body.plan, 'active', '2025-06-01T15:00:00Z');
      state.list.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    contractHttp.delete('/subscriptions/{id}', ({ params }) => {
      state.deleted.push(params.id);
      state.list = state.list.map<Subscription>((s) =>
        s.subscriptionId === params.id ? { ...s, status: 'cancelled' } : s,
      );
      return HttpResponse.json(state.list.find((s) => s.subscriptionId === params.id));
    }),
  );
  return state;
}

const list = () => screen.findByRole('list', { name: m.listLabel });

describe('My Subscriptions', () => {
  beforeEach(() => signIn());

  it('shows a spinner, then plan, status and created date, with Cancel for active plans only', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      // Off the contract on purpose: 'paused' is no status it has; such a plan shows, uncancellable.
      http.get(apiUrl('/subscriptions'), async () => {
        await gate;
        return HttpResponse.json([
          sub('s1', 'weekly', 'cancelled', '2024-01-10T15:00:00Z'),
          sub('s2', 'monthly', 'active', '2024-03-05T15:00:00Z'),
          { ...sub('s3', 'biweekly', 'active', '2024-04-20T15:00:00Z'), status: 'paused' },
        ]);
      }),
    );
    renderApp('/dashboard/subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: m.loading })).toBeInTheDocument();
    release();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('monthly');
    expect(items[0]).toHaveTextContent('Status: active · Created 3/5/2024');
    expect(within(items[0]!).getByRole('button', { name: m.cancelLabel('monthly') })).toBeEnabled();
    expect(items[1]).toHaveTextContent('Status: paused · Created 4/20/2024');
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.newPlan })).toBeInTheDocument();
    for (const plan of ['weekly', 'biweekly', 'monthly'])
      expect(screen.getByRole('button', { name: plan })).toBeEnabled();
  });

  it('shows the empty text when there is no active plan', async () => {
    subscriptionsApi([sub('s1', 'weekly', 'cancelled', '2024-01-10T15:00:00Z')]);
    renderApp('/dashboard/subscriptions');
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });

  it('shows the server message when loading fails', async () => {
    server.use(
      contractHttp.get('/subscriptions', () =>
        HttpResponse.json(
          { error: 'Service Unavailable', message: 'Billing is down' },
          {
            status: 503,
          },
        ),
      ),
    );
    renderApp('/dashboard/subscriptions');
    expect(await screen.findByText('Billing is down')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'weekly' })).not.toBeInTheDocument();
  });

  it('starts a plan and appends it to the list', async () => {
    const api = subscriptionsApi([]);
    renderApp('/dashboard/subscriptions');
    await screen.findByText(m.empty);
    await userEvent.click(screen.getByRole('button', { name: 'biweekly' }));
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('biweekly');
    expect(items[0]).toHaveTextContent('Status: active · Created 6/1/2025');
    expect(api.posted).toEqual([{ plan: 'biweekly' }]);
    expect(screen.queryByText(m.empty)).not.toBeInTheDocument();
  });

  it('shows a started or cancelled plan at once, before the list reloads', async () => {
    const api = subscriptionsApi([sub('s1', 'weekly', 'active', '2024-01-10T15:00:00Z')]);
    renderApp('/dashboard/subscriptions');
    await list();
    // From now on the list never answers: only the cache update can change what is shown.
    server.use(contractHttp.get('/subscriptions', () => new Promise<never>(() => undefined)));
    await userEvent.click(screen.getByRole('button', { name: 'monthly' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(api.posted).toEqual([{ plan: 'monthly' }]);

    await userEvent.click(screen.getByRole('button', { name: m.cancelLabel('weekly') }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: m.confirmLabel }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('list')).toHaveTextContent('monthly');
    expect(api.deleted).toEqual(['s1']);
  });

  it('disables the plan buttons while a plan is being created', async () => {
    subscriptionsApi([]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      contractHttp.post('/subscriptions', async () => {
        await gate;
      }),
    );
    renderApp('/dashboard/subscriptions');
    await screen.findByText(m.empty);
    await userEvent.click(screen.getByRole('button', { name: 'weekly' }));
    for (const plan of ['weekly', 'biweekly', 'monthly'])
      expect(screen.getByRole('button', { name: plan })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'weekly' })).toBeEnabled());
  });

  it('shows "Failed to create subscription: {message}"', async () => {
    subscriptionsApi([]);
    server.use(
      contractHttp.post('/subscriptions', () =>
        HttpResponse.json(
          { error: 'Bad Request', message: 'plan must be weekly, biweekly or monthly' },
          {
            status: 400,
          },
        ),
      ),
    );
    renderApp('/dashboard/subscriptions');
    await screen.findByText(m.empty);
    await userEvent.click(screen.getByRole('button', { name: 'monthly' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      m.createFailed('plan must be weekly, biweekly or monthly'),
    );
  });

  it('cancels after confirmation and removes the plan from the list', async () => {
    const api = subscriptionsApi([
      sub('s1', 'weekly', 'active', '2024-01-10T15:00:00Z'),
      sub('s2', 'monthly', 'active', '2024-03-05T15:00:00Z'),
    ]);
    renderApp('/dashboard/subscriptions');
    await userEvent.click(
      within(await list()).getByRole('button', { name: m.cancelLabel('weekly') }),
    );
    const dialog = screen.getByRole('dialog', { name: m.confirmTitle });
    expect(dialog).toHaveAccessibleDescription(m.confirmCancel);
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmLabel }));

    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('list')).toHaveTextContent('monthly');
    expect(api.deleted).toEqual(['s1']);
  });

  it('keeping the plan in the confirmation cancels nothing', async () => {
    const api = subscriptionsApi([sub('s1', 'weekly', 'active', '2024-01-10T15:00:00Z')]);
    renderApp('/dashboard/subscriptions');
    await userEvent.click(within(await list()).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: m.keepLabel }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deleted).toEqual([]);
    expect(screen.getByRole('list', { name: m.listLabel })).toHaveTextContent('weekly');
  });

  it('shows "Failed to cancel subscription: {message}" and keeps the plan', async () => {
    subscriptionsApi([sub('s1', 'weekly', 'active', '2024-01-10T15:00:00Z')]);
    server.use(
      contractHttp.delete('/subscriptions/{id}', () =>
        HttpResponse.json({ error: 'Conflict', message: 'Already cancelled' }, { status: 409 }),
      ),
    );
    renderApp('/dashboard/subscriptions');
    await userEvent.click(within(await list()).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: m.confirmLabel }),
    );
    expect(await screen.findByText(m.cancelFailed('Already cancelled'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: m.listLabel })).toHaveTextContent('weekly');
  });
});
