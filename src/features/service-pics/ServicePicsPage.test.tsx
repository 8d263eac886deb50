import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse, delay } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import type { Booking, ServicePic } from '../../api/generated';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { servicePicsMessages as m } from './messages';

// A whole app renders per test (lazy routes, charts); give a busy CI machine time to answer.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const DONE_A = '65a1f0c2e4b0a1b2c3d4e5a1';
const DONE_B = '65a1f0c2e4b0a1b2c3d4e5b2';
const DONE_EMPTY = '65a1f0c2e4b0a1b2c3d4e5c3';
// A booking is named in words: service, vehicle and day, never its id.
const NAME_A = 'Detailing Service for the Honda Civic on Sun, May 10, 2026';
const NAME_B = 'Detailing Service for the Honda Civic on Wed, Jun 10, 2026';
const NAME_EMPTY = 'Detailing Service for the Honda Civic on Fri, Apr 10, 2026';

const booking = (bookingId: string, status: Booking['status'], date = '2026-05-10'): Booking => ({
  bookingId,
  email: 'jordan@example.com',
  date,
  time: '10:00 AM',
  vehicleType: 'Sedan',
  vehicle: 'Honda Civic',
  selectedAddons: [],
  totalPrice: 90,
  status,
  source: 'website',
  createdAt: '2026-01-01T00:00:00Z',
});

const pic = (
  bookingId: string,
  n: number,
  description = `Photo ${n} of ${bookingId.slice(-2)}`,
): ServicePic => ({
  signedUrl: `https://files.example.com/${bookingId}/${n}.jpg`,
  bookingId,
  description,
  uploadedAt: '2026-05-10T18:00:00Z',
});

function picsApi(picsByBooking: Record<string, ServicePic[]>) {
  const requested: string[] = [];
  server.use(
    contractHttp.get('/bookings', () =>
      HttpResponse.json([
        booking(DONE_A, 'Completed', '2026-05-10'),
        booking(DONE_B, 'Completed', '2026-06-10'),
        booking(DONE_EMPTY, 'Completed', '2026-04-10'),
        booking('65a1f0c2e4b0a1b2c3d4e5d4', 'Booked'),
        booking('65a1f0c2e4b0a1b2c3d4e5e5', 'Cancelled'),
      ]),
    ),
    contractHttp.get('/service-pics', ({ request }) => {
      const id = new URL(request.url).searchParams.get('bookingId') ?? '';
      requested.push(id);
      return HttpResponse.json(picsByBooking[id] ?? []);
    }),
  );
  return requested;
}

describe(m.title, () => {
  beforeEach(() => signIn());

  it('shows a spinner, then one thumbnail per booking, asking once per Completed booking', async () => {
    const requested = picsApi({
      [DONE_A]: [pic(DONE_A, 1), pic(DONE_A, 2), pic(DONE_A, 3)],
      [DONE_B]: [pic(DONE_B, 1)],
    });
    renderApp('/dashboard/pics');
    expect(await screen.findByRole('progressbar', { name: m.loading })).toBeInTheDocument();
    expect(screen.getByText(m.websiteOnly)).toBeInTheDocument();
    expect(await screen.findByText(NAME_A)).toBeInTheDocument();
    expect(screen.getByText(NAME_B)).toBeInTheDocument();
    expect(screen.queryByText(NAME_EMPTY)).not.toBeInTheDocument();
    expect(screen.getByText(m.photoCount(3))).toBeInTheDocument();
    expect(screen.getByText(m.photoCount(1))).toBeInTheDocument();
    // Newest first; each Completed booking asked once; Booked and Cancelled never.
    expect(requested.sort()).toEqual([DONE_A, DONE_B, DONE_EMPTY].sort());
    const tiles = screen.getAllByRole('listitem');
    expect(tiles.map((t) => t.textContent)).toEqual([
      expect.stringContaining(NAME_B),
      expect.stringContaining(NAME_A),
    ]);
    expect(document.body.textContent).not.toContain(DONE_A.slice(0, 8));
    expect(within(tiles[1]!).getByRole('img', { name: 'Photo 1 of a1' })).toHaveAttribute(
      'src',
      `https://files.example.com/${DONE_A}/1.jpg`,
    );
  });

  it('shows the empty state when no Completed booking has pictures', async () => {
    picsApi({});
    renderApp('/dashboard/pics');
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });

  it('shows the empty state without asking for pictures when nothing is Completed', async () => {
    const requested: string[] = [];
    server.use(
      contractHttp.get('/bookings', () => HttpResponse.json([booking(DONE_A, 'Booked')])),
      contractHttp.get('/service-pics', ({ request }) => {
        requested.push(request.url);
        return HttpResponse.json([]);
      }),
    );
    renderApp('/dashboard/pics');
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it("shows the pictures that loaded, with a notice, when one booking's request fails", async () => {
    const requested = picsApi({ [DONE_A]: [pic(DONE_A, 1), pic(DONE_A, 2)] });
    server.use(
      contractHttp.get('/service-pics', ({ request }) => {
        const id = new URL(request.url).searchParams.get('bookingId') ?? '';
        requested.push(id);
        if (id === DONE_B) {
          return HttpResponse.json(
            { error: 'Internal Server Error', message: 'S3 is down' },
            { status: 500 },
          );
        }
        return HttpResponse.json(id === DONE_A ? [pic(DONE_A, 1), pic(DONE_A, 2)] : []);
      }),
    );
    renderApp('/dashboard/pics');
    expect(await screen.findByText(NAME_A)).toBeInTheDocument();
    expect(screen.getByText(m.photoCount(2))).toBeInTheDocument();
    expect(screen.getByText(m.someFailed)).toBeVisible();
    expect(screen.queryByText(m.loadFailed)).not.toBeInTheDocument();
    expect(requested.sort()).toEqual([DONE_A, DONE_B, DONE_EMPTY].sort());
  });

  it('shows the error box only when every picture request fails', async () => {
    picsApi({});
    server.use(
      contractHttp.get('/service-pics', async () => {
        await delay(10);
        return HttpResponse.json(
          { error: 'Internal Server Error', message: 'S3 is down' },
          { status: 500 },
        );
      }),
    );
    renderApp('/dashboard/pics');
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.queryByText(m.empty)).not.toBeInTheDocument();
  });

  it('shows the error box when the bookings cannot be loaded', async () => {
    server.use(
      contractHttp.get('/bookings', () =>
        HttpResponse.json({ error: 'Internal Server Error', message: 'nope' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard/pics');
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
  });

  it('opens a viewer with a carousel, dots and thumbnails; arrows, keys, Escape and Close work', async () => {
    picsApi({ [DONE_A]: [pic(DONE_A, 1), pic(DONE_A, 2), pic(DONE_A, 3, '')] });
    renderApp('/dashboard/pics');
    await userEvent.click(
      await screen.findByRole('button', { name: (name) => name.includes(NAME_A) }),
    );

    const dialog = await screen.findByRole('dialog', { name: NAME_A });
    // Main slides carry the description as alt text (a fallback when there is none).
    expect(within(dialog).getByRole('img', { name: 'Photo 1 of a1' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', {
        name: `Service picture 3: ${NAME_A}`,
        hidden: true,
      }),
    ).toBeInTheDocument();
    // Thumbnail strip and clickable pagination.
    expect(within(dialog).getByTestId('thumbnails')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img', { name: /^Thumbnail: /, hidden: true })).toHaveLength(
      3,
    );
    const dots = within(dialog).getAllByRole('button', { name: /^Show picture \d$/ });
    expect(dots).toHaveLength(3);

    const current = () =>
      dialog
        .querySelector('.slick-slider:not(.thumbs) .slick-dots .slick-active button')
        ?.getAttribute('aria-label');
    expect(current()).toBe(m.showPicture(1));
    await userEvent.click(within(dialog).getByRole('button', { name: m.next }));
    await waitFor(() => expect(current()).toBe(m.showPicture(2)));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(current()).toBe(m.showPicture(3)));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(current()).toBe(m.showPicture(2)));
    await userEvent.click(dots[0]!);
    await waitFor(() => expect(current()).toBe(m.showPicture(1)));
    // Choosing a thumbnail moves the main carousel there.
    const thumbs = within(dialog).getAllByRole('img', { name: /^Thumbnail: /, hidden: true });
    await userEvent.click(thumbs[2]!);
    await waitFor(() => expect(current()).toBe(m.showPicture(3)));
    expect(thumbs[2]!.closest('button')).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0]!.closest('button')).not.toHaveAttribute('aria-current');
    expect(thumbs[2]!.closest('button')).toHaveAttribute('tabindex', '-1');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: (name) => name.includes(NAME_A) }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: m.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
