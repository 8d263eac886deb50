import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { vehicleMessages as m } from './messages';

interface StoredVehicle {
  vehicleId: string;
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
}

/** A tiny in-memory vehicles API, so a reload after a change shows the change. */
function vehiclesApi(initial: StoredVehicle[]) {
  const state = { list: [...initial], bodies: [] as unknown[], nextId: 100 };
  server.use(
    contractHttp.get('/vehicles/me', () => HttpResponse.json(state.list)),
    contractHttp.post('/vehicles/me', async ({ request }) => {
      const body = await request.json();
      state.bodies.push(body);
      const created = { vehicleId: `v${state.nextId++}`, ...body };
      state.list.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    contractHttp.put('/vehicles/{id}', async ({ request, params }) => {
      const body = await request.json();
      state.bodies.push(body);
      state.list = state.list.map((v) => (v.vehicleId === params.id ? { ...v, ...body } : v));
      return HttpResponse.json(state.list.find((v) => v.vehicleId === params.id));
    }),
    contractHttp.delete('/vehicles/{id}', ({ params }) => {
      state.list = state.list.filter((v) => v.vehicleId !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const civic: StoredVehicle = {
  vehicleId: 'v1',
  make: 'Honda',
  model: 'Civic',
  year: 2020,
  licensePlate: 'ABC1234',
};
const truck: StoredVehicle = { vehicleId: 'v2', make: 'Ford', model: 'F-150', year: 2018 };

const input = (name: string) =>
  screen.getByRole(name === 'Year' ? 'spinbutton' : 'textbox', { name });

async function fillForm(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(input(label));
    if (value) await userEvent.fill(input(label), value);
  }
}

describe('My Vehicles', () => {
  beforeEach(() => signIn());

  it('shows a spinner, then each vehicle as "year make model – plate" with Edit and Delete', async () => {
    vehiclesApi([civic, truck]);
    renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('status', { name: m.loading })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: m.listLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/–/).textContent)).toEqual([
      '2020 Honda Civic – ABC1234',
      '2018 Ford F-150 – N/A',
    ]);
    expect(within(items[0]!).getByRole('button', { name: /^Edit/ })).toBeEnabled();
    expect(within(items[0]!).getByRole('button', { name: /^Delete/ })).toBeEnabled();
    expect(screen.getByRole('heading', { name: m.addTitle })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    vehiclesApi([]);
    renderApp('/dashboard/vehicles');
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.add })).toBeInTheDocument();
  });

  it('shows "Error: {message}" when the list fails to load', async () => {
    server.use(
      contractHttp.get('/vehicles/me', () =>
        HttpResponse.json(
          { error: 'Internal Server Error', message: 'Vehicle store offline' },
          {
            status: 500,
          },
        ),
      ),
    );
    renderApp('/dashboard/vehicles');
    expect(await screen.findByText(m.loadError('Vehicle store offline'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: m.addTitle })).not.toBeInTheDocument();
  });

  it('adds a vehicle: year as a number, every control disabled while saving, form cleared after', async () => {
    const api = vehiclesApi([]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      contractHttp.post('/vehicles/me', async () => {
        await gate;
        // falls through to the in-memory handler
      }),
    );
    renderApp('/dashboard/vehicles');
    await screen.findByText(m.empty);
    await fillForm({ Make: ' Toyota ', Model: 'Camry', Year: '2021', 'License Plate': 'XYZ 987' });
    await userEvent.click(screen.getByRole('button', { name: m.add }));

    expect(await screen.findByRole('button', { name: m.adding })).toBeDisabled();
    for (const label of ['Make', 'Model', 'Year', 'License Plate'])
      expect(input(label)).toBeDisabled();
    release();

    expect(await screen.findByText(m.added)).toBeInTheDocument();
    expect(api.bodies).toEqual([
      { make: 'Toyota', model: 'Camry', year: 2021, licensePlate: 'XYZ 987' },
    ]);
    expect(await screen.findByText('2021 Toyota Camry – XYZ 987')).toBeInTheDocument();
    expect(input('Make')).toHaveValue('');
    expect(input('Year')).toHaveValue(null);
    expect(screen.getByRole('button', { name: m.add })).toBeEnabled();
  });

  it('edits a vehicle: Edit Vehicle form, Updating..., then back to Add Vehicle with the list reloaded', async () => {
    const api = vehiclesApi([civic, truck]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      contractHttp.put('/vehicles/{id}', async () => {
        await gate;
      }),
    );
    renderApp('/dashboard/vehicles');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit 2018 Ford F-150 – N/A' }),
    );
    expect(screen.getByRole('heading', { name: m.editTitle })).toBeInTheDocument();
    expect(input('Make')).toHaveValue('Ford');
    expect(input('Year')).toHaveValue(2018);
    await fillForm({ 'License Plate': 'TRK 42' });
    await userEvent.click(screen.getByRole('button', { name: m.update }));

    expect(await screen.findByRole('button', { name: m.updating })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: /^(Edit|Delete) / }))
      expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: m.cancel })).toBeDisabled();
    release();

    expect(await screen.findByText(m.updated)).toBeInTheDocument();
    expect(api.bodies).toEqual([
      { make: 'Ford', model: 'F-150', year: 2018, licensePlate: 'TRK 42' },
    ]);
    expect(await screen.findByText('2018 Ford F-150 – TRK 42')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.addTitle })).toBeInTheDocument();
    expect(input('Make')).toHaveValue('');
  });

  it('Cancel leaves edit mode', async () => {
    vehiclesApi([civic]);
    renderApp('/dashboard/vehicles');
    await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    await userEvent.click(screen.getByRole('button', { name: m.cancel }));
    expect(screen.getByRole('heading', { name: m.addTitle })).toBeInTheDocument();
    expect(input('Make')).toHaveValue('');
  });

  it('a rejected save toasts the server message and keeps the values', async () => {
    vehiclesApi([]);
    server.use(
      contractHttp.post('/vehicles/me', () =>
        HttpResponse.json(
          { error: 'Bad Request', message: 'year must be a number' },
          {
            status: 400,
          },
        ),
      ),
    );
    renderApp('/dashboard/vehicles');
    await screen.findByText(m.empty);
    await fillForm({ Make: 'Kia', Model: 'Soul' });
    await userEvent.click(screen.getByRole('button', { name: m.add }));
    expect(await screen.findByText('year must be a number')).toBeInTheDocument();
    expect(input('Make')).toHaveValue('Kia');
    expect(input('Model')).toHaveValue('Soul');
    // The toast can show a frame before the button reads "Add Vehicle" again.
    expect(await screen.findByRole('button', { name: m.add })).toBeEnabled();
  });

  it('deletes after confirmation, with the controls disabled meanwhile', async () => {
    vehiclesApi([civic, truck]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      contractHttp.delete('/vehicles/{id}', async () => {
        await gate;
      }),
    );
    renderApp('/dashboard/vehicles');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete 2020 Honda Civic – ABC1234' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete vehicle' });
    expect(dialog).toHaveAccessibleDescription(m.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // The dialog's buttons and (behind it) every vehicle control are disabled meanwhile.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: m.cancel })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Make', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Vehicle', hidden: true })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: /^(Edit|Delete) /, hidden: true }))
      expect(button).toBeDisabled();
    release();

    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('2020 Honda Civic – ABC1234')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('2018 Ford F-150 – N/A')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancelling the confirmation deletes nothing', async () => {
    vehiclesApi([civic]);
    let deletes = 0;
    server.use(
      contractHttp.delete('/vehicles/{id}', () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/dashboard/vehicles');
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: m.cancel }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);
    expect(screen.getByText('2020 Honda Civic – ABC1234')).toBeInTheDocument();
  });

  it('a failed delete toasts the message', async () => {
    vehiclesApi([civic]);
    server.use(
      contractHttp.delete('/vehicles/{id}', () =>
        HttpResponse.json({ error: 'Not Found', message: 'Vehicle not found' }, { status: 404 }),
      ),
    );
    renderApp('/dashboard/vehicles');
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Vehicle not found')).toBeInTheDocument();
    expect(screen.getByText('2020 Honda Civic – ABC1234')).toBeInTheDocument();
  });
});
