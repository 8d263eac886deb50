/**
 * The Route's "Mark completed" and pictures without a connection: kept on the device and shown
 * waiting, sent once (with the same Idempotency-Key) when the connection returns or at the next
 * visit, the answer shown; a sign-out with actions waiting asks first.
 */
import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../../testing/user';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { queuedActions, removeActions } from '../../../api/actionQueue';
import type { OwnerBooking, OwnerCompletion, OwnerPicture } from '../api/generated';
import { todayInNewYork } from '../format';
import { ownerBooking, signInAsOwner } from '../testing/ownerApi';
import { currentSub } from './sendQueued';

const BOOKING_ID = '65a1f0c2e4b0a1b2c3d4e5f9';
const WAITING = 'Waiting for a connection. It is sent when the phone is back online.';

/** What the browser says of its connection; `online` and `offline` events follow a change. */
function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

let status: OwnerBooking['status'];
/** What the server received of each action: the key and what it asked. */
let received: { key: string | null; what: string }[];
/** While true the server cannot be reached (the request fails as a network error). */
let unreachable: boolean;
/** The keys of the requests that were lost on the way (the server never saw them). */
let lost: (string | null)[];
/** The owner account of the test. */
let sub: string;

beforeEach(() => {
  signInAsOwner();
  sub = currentSub();
  setOnline(true);
  status = 'Booked';
  received = [];
  unreachable = false;
  lost = [];
  server.use(
    contractHttp.get('/owner/route', () =>
      HttpResponse.json<OwnerBooking[]>([
        ownerBooking({
          bookingId: BOOKING_ID,
          name: 'Morning Stop',
          date: todayInNewYork(),
          time: '9:00 AM',
          status,
        }),
      ]),
    ),
    contractHttp.post('/owner/bookings/{id}/complete', ({ request, params }) => {
      if (unreachable) return HttpResponse.error();
      received.push({ key: request.headers.get('Idempotency-Key'), what: `complete ${params.id}` });
      status = 'Completed';
      return HttpResponse.json<OwnerCompletion>({
        points: 175,
        booking: ownerBooking({ bookingId: BOOKING_ID, status: 'Completed' }),
      });
    }),
    contractHttp.post('/owner/bookings/{id}/pictures', async ({ request, params }) => {
      if (unreachable) {
        lost.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }
      const file = (await request.formData()).get('file') as unknown as NodeFile;
      received.push({ key: request.headers.get('Idempotency-Key'), what: `picture ${file.name}` });
      if (file.name === 'huge.jpg') {
        return HttpResponse.json(
          { error: 'Payload Too Large', message: 'The picture is larger than 10 MB' },
          { status: 413 },
        );
      }
      return HttpResponse.json<OwnerPicture>(
        {
          file: 'f1.jpg',
          label: file.name,
          bookingId: String(params.id),
          description: '',
          uploadedAt: '2026-12-05T16:04:05.000Z',
        },
        { status: 201 },
      );
    }),
  );
});

afterEach(async () => {
  await removeActions(sub);
  setOnline(true);
});

async function theStop() {
  const list = await screen.findByRole('list', { name: /^Appointments on / });
  return within(list).getAllByRole('listitem')[0]!;
}

async function markCompleted(user: ReturnType<typeof userEvent.setup>) {
  const stop = await theStop();
  await user.click(within(stop).getByRole('button', { name: 'Mark completed' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark completed?' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
}

// Node's File: the test environment's FormData (Node's) takes no jsdom File.
const picture = (name: string) =>
  new NodeFile([new Uint8Array([0xff, 0xd8])], name, { type: 'image/jpeg' }) as unknown as File;

describe('actions made on the route without a connection', () => {
  it('keeps "Mark completed" waiting offline, sends it once when the connection returns, and shows the answer', async () => {
    const user = userEvent.setup();
    renderApp('/owner/route');
    setOnline(false);
    await markCompleted(user);
    expect(
      await screen.findByText(`Morning Stop · Mark completed: ${WAITING}`),
    ).toBeInTheDocument();
    expect(received).toEqual([]);
    // Nothing more to tap while it waits: a second completion is not offered.
    expect(within(await theStop()).queryByRole('button', { name: 'Mark completed' })).toBeNull();

    setOnline(true);
    expect(
      await screen.findByText(
        'Morning Stop · Mark completed: Marked completed. 175 loyalty points credited once.',
      ),
    ).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      what: `complete ${BOOKING_ID}`,
    });
    // Another "online" sends nothing more.
    setOnline(true);
    await waitFor(() => expect(received).toHaveLength(1));
    // The result stays until dismissed.
    await user.click(
      screen.getByRole('button', { name: 'Dismiss: Morning Stop · Mark completed' }),
    );
    await waitFor(() =>
      expect(screen.queryByText(/Mark completed: Marked completed/)).not.toBeInTheDocument(),
    );
  });

  it('sends pictures again with the same key after a lost request, and shows the server refusing one', async () => {
    const user = userEvent.setup();
    renderApp('/owner/route');
    const stop = await theStop();
    // The browser thinks it is online, but the server cannot be reached.
    unreachable = true;
    await user.upload(within(stop).getByLabelText(/^Pictures/), [
      picture('after.jpg'),
      picture('huge.jpg'),
    ]);
    expect(
      await screen.findByText(`Morning Stop · Picture after.jpg: ${WAITING}`),
    ).toBeInTheDocument();
    expect(screen.getByText(`Morning Stop · Picture huge.jpg: ${WAITING}`)).toBeInTheDocument();
    const kept = await queuedActions(currentSub());
    expect(kept.map((action) => action.state)).toEqual(['waiting', 'waiting']);
    // The first was tried and lost; the second waits behind it.
    expect(lost).toEqual([kept[0]!.id]);

    unreachable = false;
    setOnline(true);
    expect(
      await screen.findByText(
        'Morning Stop · Picture after.jpg: Uploaded. The customer sees it in Service Pics.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Morning Stop · Picture huge.jpg: Not done: The picture is larger than 10 MB',
      ),
    ).toBeInTheDocument();
    expect(received.map((item) => item.what)).toEqual(['picture after.jpg', 'picture huge.jpg']);
    expect(received.map((item) => item.key)).toEqual(kept.map((action) => action.id));
  });

  it('sends what waited at the next visit', async () => {
    const user = userEvent.setup();
    const first = renderApp('/owner/route');
    setOnline(false);
    await markCompleted(user);
    expect(
      await screen.findByText(`Morning Stop · Mark completed: ${WAITING}`),
    ).toBeInTheDocument();
    first.unmount();

    setOnline(true);
    renderApp('/owner/route');
    expect(
      await screen.findByText(
        'Morning Stop · Mark completed: Marked completed. 175 loyalty points credited once.',
      ),
    ).toBeInTheDocument();
    expect(received).toHaveLength(1);
  });

  it('asks before a sign-out removes what waits, and keeps it when the owner stays', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/owner/route');
    setOnline(false);
    await markCompleted(user);
    await screen.findByText(`Morning Stop · Mark completed: ${WAITING}`);

    await user.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Not sent yet' });
    expect(dialog).toHaveTextContent(
      'One action made without a connection (Mark completed or a picture) has not reached the server yet. Signing out removes it from this phone and it is never sent.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.getByText(`Morning Stop · Mark completed: ${WAITING}`)).toBeInTheDocument();
    expect(await queuedActions(sub)).toHaveLength(1);

    await user.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Not sent yet' })).getByRole('button', {
        name: 'Sign out and remove it',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await queuedActions(sub)).toEqual([]);
    expect(received).toEqual([]);
  });
});
